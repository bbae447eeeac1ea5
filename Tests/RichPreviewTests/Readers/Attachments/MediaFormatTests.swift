import RichPreview
import Testing

struct MediaFormatTests {
    @Test func existingRawValuesAreKept() {
        let kept: [MediaFormat] = [.png, .jpeg, .gif, .wav, .aiff, .mp3, .m4a, .mp4, .mpeg, .avi]
        #expect(kept.map(\.rawValue) == ["png", "jpeg", "gif", "wav", "aiff", "mp3", "m4a", "mp4", "mpeg", "avi"])
    }

    @Test func onlyTheTypesAppleDocumentsAreDocumentedAttachmentTypes() {
        let documented = Set(MediaFormat.allCases.filter(\.isDocumentedAttachmentType))
        #expect(documented == [.aiff, .wav, .mp3, .m4a, .jpeg, .gif, .png, .mpeg, .m2v, .mp4, .avi])
        #expect(!MediaFormat.mov.isDocumentedAttachmentType)
        #expect(!MediaFormat.caf.isDocumentedAttachmentType)
    }

    @Test func typeIdentifiersAreTheSystemOnes() {
        let expected: [MediaFormat: String] = [
            .mp4: "public.mpeg-4", .mp3: "public.mp3", .wav: "com.microsoft.waveform-audio",
            .aiff: "public.aiff-audio", .m4a: "public.mpeg-4-audio", .mpeg: "public.mpeg",
            .m2v: "public.mpeg-2-video", .avi: "public.avi", .jpeg: "public.jpeg", .png: "public.png",
            .gif: "com.compuserve.gif", .mov: "com.apple.quicktime-movie", .caf: "com.apple.coreaudio-format",
            .heic: "public.heic", .webp: "org.webmproject.webp",
        ]
        for (format, type) in expected { #expect(format.utType == type) }
        #expect(Set(MediaFormat.allCases.map(\.utType)).count == MediaFormat.allCases.count)
    }

    @Test func everyFormatHasAKind() {
        #expect(MediaFormat.allCases.filter { $0.kind == .image }.count == 8)
        #expect([MediaFormat.caf, .aac, .flac, .ogg].allSatisfy { $0.kind == .audio })
        #expect([MediaFormat.mov, .m2v, .mkv, .webm].allSatisfy { $0.kind == .movie })
    }
}
