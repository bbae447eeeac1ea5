import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

struct ImageValidatorTests {
    static let pngSuiteValid = TestPaths.corpusFiles("pngsuite/png", extension: "png").filter { !$0.hasPrefix("x") }
    static let pngSuiteCorrupt = TestPaths.corpusFiles("pngsuite/png", extension: "png").filter { $0.hasPrefix("x") }

    static func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
    }

    @Test(arguments: pngSuiteValid)
    func pngSuiteReportsTheSizeInItsHeader(name: String) throws {
        let data = try Data(contentsOf: TestPaths.corpusFolder("pngsuite/png")!.appendingPathComponent(name))
        // IHDR is always the first chunk: width and height are big-endian at bytes 16 and 20.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let info = try ImageValidator.validate(data)
        #expect(info.format == .png)
        #expect(info.size == PixelSize(width: width, height: height))
        #expect(info.bitDepth == Int(data[24]))
    }

    @Test(arguments: pngSuiteCorrupt)
    func pngSuiteCorruptFilesAreRejected(name: String) throws {
        let data = try Data(contentsOf: TestPaths.corpusFolder("pngsuite/png")!.appendingPathComponent(name))
        #expect(throws: ImageDecodingError.self) { try ImageValidator.validate(data) }
    }

    @Test(arguments: ["testorig.jpg", "testimgint.jpg", "testimgari.jpg"])
    func libjpegTurboTestImagesDecode(name: String) throws {
        guard let folder = TestPaths.corpusFolder("jpeg-libjpeg-turbo") else { return }
        let info = try ImageValidator.validate(Data(contentsOf: folder.appendingPathComponent(name)))
        #expect(info.format == .jpeg)
        #expect(info.size == PixelSize(width: 227, height: 149))
        #expect(info.bitDepth == 8)
    }

    @Test func twelveBitJPEGIsUnsupportedNotCorrupt() throws {
        guard let folder = TestPaths.corpusFolder("jpeg-libjpeg-turbo") else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent("monkey12.jpg"))
        do {
            _ = try ImageValidator.validate(data)
            Issue.record("a 12-bit JPEG must not validate")
        } catch {
            guard case .unsupported(.jpeg, let reason) = error else { Issue.record("got \(error)"); return }
            #expect(reason.contains("precision"))
        }
    }

    @Test func exifOrientationIsReported() throws {
        guard let folder = TestPaths.corpusFolder("exif-orientation") else { return }
        for value in 1...8 {
            let info = try ImageValidator.validate(
                Data(contentsOf: folder.appendingPathComponent("Landscape_\(value).jpg")))
            #expect(info.orientation?.rawValue == value)
        }
        let none = try ImageValidator.validate(Data(contentsOf: folder.appendingPathComponent("Landscape_0.jpg")))
        #expect(none.orientation == nil)
    }

    @Test func bundledSamplesValidate() throws {
        #expect(try ImageValidator.validate(Self.sample("sample-image.jpg")).size == PixelSize(width: 640, height: 427))
        #expect(try ImageValidator.validate(Self.sample("sample-badge.png")).size == PixelSize(width: 96, height: 96))
        let gif = try ImageValidator.validate(Self.sample("sample-badge.gif"))
        #expect(gif.size == PixelSize(width: 96, height: 96))
        #expect(gif.frameCount == 1)
    }

    @Test(arguments: ["sample-image.jpg", "sample-badge.png", "sample-badge.gif"], [0.98, 0.75, 0.5, 0.1])
    func truncatedImagesAreCorrupt(name: String, fraction: Double) throws {
        let data = try Self.sample(name)
        let truncated = data.prefix(Int(Double(data.count) * fraction))
        do {
            _ = try ImageValidator.validate(Data(truncated))
            Issue.record("\(name) cut to \(truncated.count) of \(data.count) bytes validated")
        } catch {
            guard case .corrupt = error else { Issue.record("expected corrupt, got \(error)"); return }
        }
    }

    @Test func flippedBitInPNGDataFailsItsChecksum() throws {
        var data = try Self.sample("sample-badge.png")
        data[data.count / 2] ^= 0x10
        #expect(throws: ImageDecodingError.self) { try ImageValidator.validate(data) }
    }

    @Test func hugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        let png = PNGBuilder.headerOnly(width: 100_000, height: 100_000)
        #expect(
            throws: ImageDecodingError.overPixelLimit(
                format: .png, size: PixelSize(width: 100_000, height: 100_000), limit: ImageLimits.defaultMaxPixels)
        ) { try ImageValidator.validate(png) }
        let small = try Self.sample("sample-image.jpg")
        #expect(
            throws: ImageDecodingError.overPixelLimit(
                format: .jpeg, size: PixelSize(width: 640, height: 427), limit: 1000)
        ) { try ImageValidator.validate(small, limits: ImageLimits(maxPixels: 1000)) }
    }

    @Test func nonImagesAreUnrecognized() throws {
        #expect(throws: ImageDecodingError.emptyInput) { try ImageValidator.validate(Data()) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) {
            try ImageValidator.validate(Self.sample("sample-audio.wav"))
        }
    }
}

/// Builds minimal PNG byte streams with correct chunk checksums.
enum PNGBuilder {
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(UInt32(body.count)) + typed + be32(crc32(typed))
    }

    static func headerOnly(width: UInt32, height: UInt32) -> Data {
        let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C])
                + chunk("IEND", []))
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension ImageValidatorTests {
    @Test func pngGammaAndICCProfileAreReportedNotApplied() throws {
        let icc = try Data(contentsOf: TestPaths.fixture("icc-srgb-4x4.png"))
        let info = try ImageValidator.validate(icc)
        #expect(info.hasICCProfile && info.gamma == nil)
        // Samples stay as stored: the profile changes nothing.
        let imageScale = try ImageScaler.scale(icc, to: ScaleRequest(box: PixelSize(width: 4, height: 4)))
        let image = imageScale.image
        let report = imageScale.report
        #expect(report.iccProfile && report.gamma == nil)
        #expect(distinctPixels(image) == [SIMD4(200, 100, 50, 255)])

        guard let suite = TestPaths.corpusFolder("pngsuite/png") else { return }
        let gamma = try ImageValidator.validate(Data(contentsOf: suite.appendingPathComponent("g03n0g16.png")))
        #expect(gamma.gamma.map { abs($0 - 0.35) < 1e-6 } == true)
        #expect(!gamma.hasICCProfile)
    }
}
