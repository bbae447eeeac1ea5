import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct MediaSnifferTests {
    static func box(_ type: String, _ brand: String, compatible: [String] = []) -> [UInt8] {
        let size = UInt8(16 + 4 * compatible.count)
        return [0, 0, 0, size] + Array((type + brand).utf8) + [0, 0, 2, 0] + compatible.flatMap { Array($0.utf8) }
    }

    static let signatures: [(String, [UInt8], MediaFormat)] = [
        ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png),
        ("jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16], .jpeg),
        ("gif87", Array("GIF87a".utf8) + [1, 0, 1, 0], .gif),
        ("gif89", Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
        ("wav", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8), .wav),
        ("rf64", Array("RF64".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WAVEds64".utf8), .wav),
        ("avi", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI LIST".utf8), .avi),
        ("webp", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ("aiff", Array("FORM".utf8) + [0, 0, 0, 0] + Array("AIFFCOMM".utf8), .aiff),
        ("aifc", Array("FORM".utf8) + [0, 0, 0, 0] + Array("AIFCFVER".utf8), .aiff),
        ("caf", Array("caff".utf8) + [0, 1, 0, 0] + Array("desc".utf8), .caf),
        ("flac", Array("fLaC".utf8) + [0, 0, 0, 34], .flac),
        ("ogg", Array("OggS".utf8) + [0, 2], .ogg),
        ("mkv", [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x88] + Array("matroska".utf8), .mkv),
        ("webm", [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84] + Array("webm".utf8), .webm),
        ("m4a", box("ftyp", "M4A "), .m4a),
        ("m4b", box("ftyp", "M4B "), .m4a),
        ("mp4", box("ftyp", "isom"), .mp4),
        ("m4v", box("ftyp", "M4V "), .mp4),
        ("qt", box("ftyp", "qt  "), .mov),
        ("mov-moov", [0, 0, 0, 8] + Array("moov".utf8), .mov),
        ("mov-wide", [0, 0, 0, 8] + Array("widemdat".utf8), .mov),
        ("heic", box("ftyp", "heic", compatible: ["mif1", "heic"]), .heic),
        ("avif", box("ftyp", "avif"), .avif),
        ("mif1-avif", box("ftyp", "mif1", compatible: ["mif1", "avif"]), .avif),
        ("mif1-heic", box("ftyp", "mif1", compatible: ["mif1", "heic"]), .heic),
        ("bmp", Array("BM".utf8) + [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0], .bmp),
        ("tiff-le", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
        ("tiff-be", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
        ("mpeg-ps", [0x00, 0x00, 0x01, 0xBA, 0x44], .mpeg),
        ("mpeg-video", [0x00, 0x00, 0x01, 0xB3, 0x14], .m2v),
        ("mp3-id3", Array("ID3".utf8) + [4, 0, 0], .mp3),
        ("mp3-frame", [0xFF, 0xFB, 0x90, 0x64], .mp3),
        ("mp2-frame", [0xFF, 0xFD, 0x90, 0x64], .mp3),
        ("adts", [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC], .aac),
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
        #expect(MediaFormat.m2v.kind == .movie)
    }

    @Test(arguments: [
        [UInt8](), Array("<html><body>404".utf8), [0xFF, 0xD8], Array("RIFF\0\0\0\0WAVX".utf8),
        [0xFF, 0xFF, 0xFF, 0xFF], Array("BMW is a car, not a bitmap".utf8), Array("caff\0\u{2}".utf8),
        [0, 0, 0, 8] + Array("ftyp".utf8) + [0, 0, 0, 0], [0, 0, 0, 8] + Array("abcd".utf8), [0x00, 0x00, 0x01, 0xB9],
        [0xFF, 0xF1, 0xFC, 0x80, 0x02, 0x1F, 0xFC],
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
