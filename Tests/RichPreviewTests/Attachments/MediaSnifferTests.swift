import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct MediaSnifferTests {
    static let signatures: [(String, [UInt8], MediaFormat)] = [
        ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png),
        ("jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16], .jpeg),
        ("gif87", Array("GIF87a".utf8) + [1, 0, 1, 0], .gif),
        ("gif89", Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
        ("wav", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8), .wav),
        ("avi", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI LIST".utf8), .avi),
        ("aiff", Array("FORM".utf8) + [0, 0, 0, 0] + Array("AIFFCOMM".utf8), .aiff),
        ("aifc", Array("FORM".utf8) + [0, 0, 0, 0] + Array("AIFCFVER".utf8), .aiff),
        ("m4a", [0, 0, 0, 32] + Array("ftypM4A ".utf8) + [0, 0, 2, 0], .m4a),
        ("mp4", [0, 0, 0, 32] + Array("ftypisom".utf8) + [0, 0, 2, 0], .mp4),
        ("mpeg-ps", [0x00, 0x00, 0x01, 0xBA, 0x44], .mpeg),
        ("mpeg-video", [0x00, 0x00, 0x01, 0xB3, 0x14], .mpeg),
        ("mp3-id3", Array("ID3".utf8) + [4, 0, 0], .mp3),
        ("mp3-frame", [0xFF, 0xFB, 0x90, 0x64], .mp3),
    ]

    @Test(arguments: signatures.map { $0.0 })
    func detectsFormatFromLeadingBytes(name: String) throws {
        let (_, bytes, expected) = try #require(Self.signatures.first { $0.0 == name })
        #expect(MediaSniffer.detect(bytes) == expected)
    }

    @Test func kindsFollowFormats() {
        #expect(MediaFormat.png.kind == .image)
        #expect(MediaFormat.gif.kind == .image)
        #expect(MediaFormat.m4a.kind == .audio)
        #expect(MediaFormat.wav.kind == .audio)
        #expect(MediaFormat.mp4.kind == .movie)
        #expect(MediaFormat.avi.kind == .movie)
    }

    @Test(arguments: [
        [UInt8](), Array("<html><body>404".utf8), [0xFF, 0xD8], Array("RIFF\0\0\0\0WEBPVP8 ".utf8),
        [0xFF, 0xFF, 0xFF, 0xFF],
    ])
    func unknownBytesGiveNoFormat(bytes: [UInt8]) {
        #expect(MediaSniffer.detect(bytes) == nil)
    }

    @Test func theNameDoesNotMatterOnlyTheBytes() throws {
        let png = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
        let jpeg = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        #expect(MediaSniffer.detect(png) == .png)
        #expect(MediaSniffer.detect(jpeg) == .jpeg)
    }

    @Test func damagedPNGSignatureIsExplained() {
        let textMode: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x0A, 0x1A]
        #expect(MediaSniffer.detect(textMode) == nil)
        #expect(MediaSniffer.damagedSignature(textMode) != nil)
        #expect(MediaSniffer.damagedSignature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil)
        #expect(MediaSniffer.damagedSignature(Array("hello world".utf8)) == nil)
    }
}
