import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct AttachmentInspectorTests {
    static let inspector = AttachmentInspector()

    static func media(_ name: String) -> String { TestPaths.fixture("media/\(name)").path }

    /// A copy of a fixture under another name, in a fresh folder.
    static func copy(_ fixture: String, as name: String) throws -> String {
        let path = try TestPaths.temporaryFolder().appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: media(fixture), toPath: path)
        return path
    }

    @Test func audioAndMoviesReportTheirFacts() {
        let audio = Self.inspector.inspect(file: Self.media("mp3-vbr-xing.mp3"))
        #expect(audio.isValid && audio.kind == .audio && audio.format == .mp3)
        #expect(audio.declaredType == DeclaredType(uti: "public.mp3", origin: .fileExtension))
        #expect(audio.limit == 5_000_000 && audio.media?.sampleRate == 44100)
        let movie = Self.inspector.inspect(file: Self.media("mp4-h264-moov-last.mp4"))
        #expect(movie.isValid && movie.media?.width != nil && movie.limit == 50_000_000)
    }

    @Test func undocumentedFormatsAreNamedWithAWarning() {
        for name in ["mov-h264-pcm.mov", "caf-lpcm.caf"] {
            let report = Self.inspector.inspect(file: Self.media(name))
            #expect(report.isValid)
            #expect(report.warnings.map(\.rule) == ["attachment-type-undocumented"])
        }
        #expect(Self.inspector.inspect(file: Self.media("mov-h264-pcm.mov")).format == .mov)
    }

    @Test func theTypeHintOverridesTheExtension() throws {
        let renamed = try Self.copy("mp4-h264-aac-faststart.mp4", as: "clip.mp3")
        let byName = Self.inspector.inspect(file: renamed)
        #expect(byName.error?.kind == .unrecognizedType)
        #expect(byName.findings.first?.rule == "attachment-type-mismatch")
        let hinted = Self.inspector.inspect(file: renamed, options: AttachmentOptions(typeHint: "public.mpeg-4"))
        #expect(hinted.isValid)
        #expect(hinted.declaredType == DeclaredType(uti: "public.mpeg-4", origin: .typeHint))
        #expect(hinted.warnings.map(\.rule) == ["attachment-type-mismatch"])
        let wrongHint = Self.inspector.inspect(
            file: Self.media("mp3-cbr-info.mp3"), options: AttachmentOptions(typeHint: "public.mpeg-4"))
        #expect(wrongHint.findings.first?.rule == "attachment-type-mismatch")
    }

    @Test func fileNamesWithoutAKnownExtension() throws {
        let bare = try Self.copy("wav-s16-mono.wav", as: "voice")
        let report = Self.inspector.inspect(file: bare)
        #expect(report.error?.kind == .unrecognizedType && report.findings.first?.rule == "attachment-type-unsupported")
        #expect(report.error?.reason.contains("name it .wav") == true)
        let temporary = try Self.copy("wav-s16-mono.wav", as: "download.tmp")
        let hinted = Self.inspector.inspect(
            file: temporary, options: AttachmentOptions(typeHint: "com.microsoft.waveform-audio"))
        #expect(hinted.isValid)
        #expect(hinted.warnings.first?.message.contains("rdar 27708555") == true)
        let piped = Self.inspector.inspect(bytes: try Data(contentsOf: URL(fileURLWithPath: bare)), name: nil)
        #expect(piped.isValid && piped.declaredType == nil)
    }

    @Test func everyFailureIsAnIOSErrorKind() throws {
        let folder = try TestPaths.temporaryFolder()
        let empty = folder.appendingPathComponent("empty.png").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let html = folder.appendingPathComponent("photo.jpg").path
        try Data("<!DOCTYPE html><html><body>404 Not Found</body></html>".utf8).write(to: URL(fileURLWithPath: html))
        let cut = folder.appendingPathComponent("cut.m4a").path
        try Data(contentsOf: URL(fileURLWithPath: Self.media("m4a-aac.m4a"))).prefix(1500).write(
            to: URL(fileURLWithPath: cut))
        let cases: [(String, AttachmentError.Kind, Int)] = [
            (folder.appendingPathComponent("absent.gif").path, .fileNotFound, 100),
            (folder.path, .invalidURL, 100),
            (empty, .invalidFileSize, 102),
            (html, .unrecognizedType, 101),
            (cut, .corrupt, 105),
        ]
        for (path, kind, code) in cases {
            let error = try #require(Self.inspector.inspect(file: path).error, "\(path)")
            #expect(error.kind == kind && error.kind.code == code, "\(path): \(error)")
        }
        #expect(Self.inspector.inspect(file: html).error?.reason.contains("HTML page") == true)
    }

    /// A valid WAV of exactly `size` bytes (16-bit mono; an odd size ends with a pad chunk).
    static func wav(size: Int) -> Data {
        let samples = (size - 44) / 2 * 2
        var data = Data("RIFF".utf8)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append(UInt32(size - 8))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(16)
        append16(1)
        append16(1)
        append(8000)
        append(16000)
        append16(2)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(samples))
        data.append(Data(count: samples))
        if data.count < size { data.append(Data(count: size - data.count)) }
        return data
    }

    @Test func limitsHoldAtTheLimitAndOneByteOver() throws {
        let folder = try TestPaths.temporaryFolder()
        let atLimit = folder.appendingPathComponent("at.wav").path
        try Self.wav(size: 5_000_000).write(to: URL(fileURLWithPath: atLimit))
        let over = folder.appendingPathComponent("over.wav").path
        try Self.wav(size: 5_000_001).write(to: URL(fileURLWithPath: over))
        #expect(Self.inspector.inspect(file: atLimit).isValid)
        let refused = try #require(Self.inspector.inspect(file: over).error)
        #expect(refused.kind == .invalidFileSize && refused.limit == 5_000_000)
        #expect(refused.reason == "5000001 bytes, over iOS's limit of 5000000 bytes for audio attachments")

        // A movie padded with a trailing free box to exactly 50 MB, and one byte more (sparse files).
        let movie = try Data(contentsOf: URL(fileURLWithPath: Self.media("mp4-h264-moov-last.mp4")))
        for (name, size, valid) in [("at.mp4", 50_000_000, true), ("over.mp4", 50_000_001, false)] {
            let path = folder.appendingPathComponent(name).path
            var header = movie
            let free = UInt32(size - movie.count)
            withUnsafeBytes(of: free.bigEndian) { header.append(contentsOf: $0) }
            header.append(contentsOf: Array("free".utf8))
            try header.write(to: URL(fileURLWithPath: path))
            #expect(truncate(path, off_t(size)) == 0)
            let report = Self.inspector.inspect(file: path)
            #expect(report.isValid == valid, "\(name): \(String(describing: report.error))")
            if !valid { #expect(report.error?.kind == .invalidFileSize && report.error?.limit == 50_000_000) }
        }
        #expect(AttachmentLimits().image == 10_000_000 && AttachmentLimits().largest == 50_000_000)
    }

    @Test func thumbnailOptionsAreChecked() {
        let movie = Self.media("mp4-h264-aac-faststart.mp4")
        let good = Self.inspector.inspect(
            file: movie,
            options: AttachmentOptions(
                thumbnailClippingRect: UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), thumbnailTime: 0.2))
        #expect(good.warnings.isEmpty)
        let bad = Self.inspector.inspect(
            file: movie,
            options: AttachmentOptions(
                thumbnailClippingRect: UnitRect(x: 0.5, y: 0, width: 0.6, height: 1), thumbnailTime: 99))
        #expect(bad.isValid)
        #expect(bad.warnings.map(\.rule) == ["attachment-thumbnail-invalid", "attachment-thumbnail-invalid"])
        #expect(bad.warnings.last?.message.contains("outside the movie") == true)
        let audio = Self.inspector.inspect(
            file: Self.media("wav-s16-mono.wav"), options: AttachmentOptions(thumbnailTime: 1))
        #expect(audio.warnings.first?.message.contains("movies and animated GIFs only") == true)
        #expect(!UnitRect(x: .nan, y: 0, width: 1, height: 1).isInsideUnitSquare)
    }

    @Test func imagesWithoutAProbeAreIdentifiedOnly() throws {
        let report = Self.inspector.inspect(file: TestPaths.packageFile("Resources/attachments/sample-badge.png").path)
        #expect(report.isValid && report.image == nil)
        #expect(report.warnings.first?.severity == .note)
        let probed = AttachmentInspector(imageProbe: { _ in .failure(ImageProbeFailure(reason: "corrupt PNG: x")) })
            .inspect(file: TestPaths.packageFile("Resources/attachments/sample-badge.png").path)
        #expect(probed.error?.kind == .corrupt && probed.error?.reason == "corrupt PNG: x")
    }
}
