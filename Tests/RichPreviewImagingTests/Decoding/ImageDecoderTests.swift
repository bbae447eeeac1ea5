import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

struct ImageDecoderTests {
    static let pngSuite = TestPaths.corpusFiles("pngsuite/png", extension: "png").filter { !$0.hasPrefix("x") }

    /// The expected 8-bit RGBA samples: the `_to8` reference for 16-bit files, else the file's own
    /// reference, with 16-bit samples reduced by rounding.
    static func expectedSamples(_ name: String) throws -> [Int] {
        let folder = try #require(TestPaths.corpusFolder("pngsuite/json"))
        let base = name.replacingOccurrences(of: ".png", with: "")
        let reduced = folder.appendingPathComponent(base + "_to8.json")
        if FileManager.default.fileExists(atPath: reduced.path) {
            return try JSONDecoder().decode([Int].self, from: Data(contentsOf: reduced))
        }
        let samples = try JSONDecoder().decode(
            [Int].self, from: Data(contentsOf: folder.appendingPathComponent(base + ".json")))
        let png = try Data(contentsOf: TestPaths.corpusFolder("pngsuite/png")!.appendingPathComponent(name))
        guard png[24] == 16 else { return samples }
        return samples.map { ($0 * 255 + 32767) / 65535 }
    }

    @Test(arguments: pngSuite)
    func pngSuiteDecodesToTheReferenceSamples(name: String) throws {
        let data = try Data(contentsOf: TestPaths.corpusFolder("pngsuite/png")!.appendingPathComponent(name))
        // The references are the samples as stored; gAMA and cHRM are compared with Chromium's
        // conversion in PNGColourChunkBrowserTests.
        let image = try ImageDecoder.decode(data, convertingToSRGB: false)
        let expected = try Self.expectedSamples(name)
        try #require(
            image.pixels.count == expected.count, "\(name): \(image.pixels.count) samples, expected \(expected.count)")
        var worst = 0
        var worstIndex = 0
        for (index, (actual, reference)) in zip(image.pixels, expected).enumerated()
        where abs(Int(actual) - reference) > worst {
            worst = abs(Int(actual) - reference)
            worstIndex = index
        }
        #expect(
            worst <= 1, "\(name): sample \(worstIndex) is \(image.pixels[worstIndex]), expected \(expected[worstIndex])"
        )
    }

    @Test(arguments: ["testorig.jpg", "testimgint.jpg", "testimgari.jpg"])
    func libjpegTurboImagesMatchTheirSourcePixels(name: String) throws {
        guard let folder = TestPaths.corpusFolder("jpeg-libjpeg-turbo") else { return }
        let image = try ImageDecoder.decode(Data(contentsOf: folder.appendingPathComponent(name)))
        let original = try PPM.read(folder.appendingPathComponent("testorig.ppm"))
        #expect(image.size == original.size)
        // The JPEGs are lossy encodings of testorig.ppm: they must decode close to it.
        #expect(try psnr(image, original) > 30)
        #expect(image.isOpaque)
    }

    @Test func twelveBitJPEGGivesUnsupportedPrecision() throws {
        guard let folder = TestPaths.corpusFolder("jpeg-libjpeg-turbo") else { return }
        #expect(throws: ImageDecodingError.self) {
            try ImageDecoder.decode(Data(contentsOf: folder.appendingPathComponent("monkey12.jpg")))
        }
    }

    @Test(arguments: ["Landscape", "Portrait"])
    func everyOrientationComesOutTheSameWayUp(kind: String) throws {
        guard let folder = TestPaths.corpusFolder("exif-orientation") else { return }
        let upright = try ImageDecoder.decode(Data(contentsOf: folder.appendingPathComponent("\(kind)_1.jpg")))
        for value in [0, 2, 3, 4, 5, 6, 7, 8] {
            let data = try Data(contentsOf: folder.appendingPathComponent("\(kind)_\(value).jpg"))
            let shown = try ImageDecoder.decode(data)
            #expect(shown.size == upright.size, "\(kind)_\(value)")
            // Each file is its own lossy encoding of one photo with its number drawn in the middle,
            // so compare with a tolerance: the shown image must match the upright one far better
            // than any other of the eight ways of turning the stored pixels.
            let stored = try ImageDecoder.decode(data, applyOrientation: false)
            let tagged = ImageOrientation(rawValue: value) ?? .up
            var scores: [ImageOrientation: Double] = [:]
            for candidate in ImageOrientation.allCases {
                let turned = stored.oriented(candidate)
                if turned.size == upright.size { scores[candidate] = try psnr(turned, upright) }
            }
            let best = try #require(scores.max { $0.value < $1.value })
            #expect(best.key == tagged, "\(kind)_\(value): best match \(best.key), scores \(scores)")
            #expect(try psnr(shown, upright) > 20, "\(kind)_\(value)")
            let runnerUp = scores.filter { $0.key != tagged }.values.max() ?? 0
            #expect((scores[tagged] ?? 0) > runnerUp + 3, "\(kind)_\(value): scores \(scores)")
        }
    }

    @Test func gifFirstFrameKeepsTransparency() throws {
        let gif = try ImageDecoder.decode(
            Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.gif")))
        let png = try ImageDecoder.decode(
            Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png")))
        #expect(gif.size == png.size)
        #expect(gif.pixel(x: 0, y: 0)[3] == 0)
        #expect(gif.pixel(x: 48, y: 48)[3] == 255)
        #expect(png.pixel(x: 0, y: 0)[3] == 0)
    }

    @Test func decompressionBombsAreRefusedBeforeAllocating() throws {
        let png = PNGBuilder.headerOnly(width: 60_000, height: 60_000)
        #expect(
            throws: ImageDecodingError.overPixelLimit(
                format: .png, size: PixelSize(width: 60_000, height: 60_000), limit: ImageLimits.defaultMaxPixels)
        ) { try ImageDecoder.decode(png) }
        var jpeg = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        try JPEGPatch.setFrameSize(&jpeg, width: 65_000, height: 65_000)
        #expect(
            throws: ImageDecodingError.overPixelLimit(
                format: .jpeg, size: PixelSize(width: 65_000, height: 65_000), limit: ImageLimits.defaultMaxPixels)
        ) { try ImageDecoder.decode(jpeg) }
    }

    @Test func truncatedInputsAreCorrupt() throws {
        for name in ["sample-image.jpg", "sample-badge.png", "sample-badge.gif"] {
            let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
            do {
                _ = try ImageDecoder.decode(data.prefix(data.count * 3 / 4))
                Issue.record("\(name) truncated decoded")
            } catch {
                guard case .corrupt = error else { Issue.record("\(name): \(error)"); continue }
            }
        }
    }
}

/// Rewrites the size in a JPEG's first SOF marker, to make header-only bombs from a real file.
enum JPEGPatch {
    struct NoFrameHeader: Error {}

    static func setFrameSize(_ data: inout Data, width: UInt16, height: UInt16) throws {
        var index = data.startIndex + 2
        while index + 9 < data.endIndex {
            guard data[index] == 0xFF else { throw NoFrameHeader() }
            let marker = data[index + 1]
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            if (0xC0...0xC2).contains(marker) {
                data[index + 5] = UInt8(height >> 8)
                data[index + 6] = UInt8(height & 0xFF)
                data[index + 7] = UInt8(width >> 8)
                data[index + 8] = UInt8(width & 0xFF)
                return
            }
            index += 2 + length
        }
        throw NoFrameHeader()
    }
}

extension ImageDecoderTests {
    /// A byte changed anywhere in a valid PNG or GIF ends in an image whose buffer is its size, a
    /// scale into the box; or in a typed error of one line that the scaler gives too.
    @Test(arguments: ["sample-badge.png", "sample-badge.gif"])
    func damagedBytesEndInAnImageOrAReason(name: String) throws {
        let original = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
        let box = PixelSize(width: 20, height: 20)
        var generator = SplitMix64(seed: 0xBAD)
        var refused = 0
        for _ in 0..<200 {
            var data = original
            let index = Int(generator.next() % UInt64(data.count))
            data[index] = UInt8(truncatingIfNeeded: generator.next())
            switch Result(catching: { () throws(ImageDecodingError) in try ImageDecoder.decode(data) }) {
            case .success(let image):
                #expect(image.pixels.count == image.size.pixelCount * 4, "byte \(index)")
                let scaled = try ImageScaler.scale(data, to: ScaleRequest(box: box))
                #expect(scaled.image.size.width <= box.width && scaled.image.size.height <= box.height)
            case .failure(let error):
                refused += 1
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "byte \(index)")
                #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(data, to: ScaleRequest(box: box)) }
            }
        }
        // A PNG's checksums catch every change; a GIF has none, so a changed palette or pixel decodes.
        #expect(name.hasSuffix(".png") ? refused == 200 : refused > 0 && refused < 200, "\(refused) of 200 refused")
    }
}
