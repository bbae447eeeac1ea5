import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

struct ImageEncoderTests {
    static func decodedSample(_ name: String) throws -> RGBAImage {
        try ImageDecoder.decode(Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)")))
    }

    @Test func pngIsLosslessWithAndWithoutAlpha() throws {
        let folder = try TestPaths.temporaryFolder()
        for name in ["sample-badge.png", "sample-image.jpg"] {
            let image = try Self.decodedSample(name)
            let path = folder.appendingPathComponent(name + ".png").path
            let written = try ImageEncoder.write(image, to: path)
            #expect(written.format == .png)
            #expect(try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: path))) == image)
        }
    }

    @Test func pngSettingsFollowTheContent() throws {
        let badge = PNGSettings.chosen(for: try Self.decodedSample("sample-badge.png"))
        #expect(badge == .graphic(colorType: .rgba) && badge.compression == .zlib(level: 9, strategy: .default))
        let photo = PNGSettings.chosen(for: try Self.decodedSample("sample-image.jpg"))
        #expect(
            photo.content == .photo && photo.colorType == .rgb && photo.filter == .paeth
                && photo.compression == .libdeflate(level: 1))
        // A gray photograph has at most 256 colours but no flat areas: still a photo, written gray.
        var generator = SplitMix64(seed: 7)
        var pixels: [UInt8] = []
        for index in 0..<(120 * 80) {
            let value = UInt8(clamping: index % 120 + Int(generator.next() % 24))
            pixels += [value, value, value, 255]
        }
        let graySettings = PNGSettings.chosen(for: RGBAImage(size: PixelSize(width: 120, height: 80), pixels: pixels))
        #expect(graySettings == .photo(colorType: .gray))
    }

    @Test func grayAndOpaqueImagesRoundTripThroughTheirSmallerColourTypes() throws {
        let folder = try TestPaths.temporaryFolder()
        let gray = try ImageDecoder.decode(Data(contentsOf: TestPaths.fixture("jpeg/gray.jpg")))
        var grayAlpha = gray
        for index in stride(from: 3, to: grayAlpha.pixels.count, by: 8) { grayAlpha.pixels[index] = 128 }
        for (name, image, channels) in [
            ("gray.png", gray, PNGSettings.ColorType.gray), ("gray-alpha.png", grayAlpha, .grayAlpha),
        ] {
            let path = folder.appendingPathComponent(name).path
            #expect(try ImageEncoder.write(image, to: path).pngSettings?.colorType == channels)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(data[25] == (channels == .gray ? 0 : 4), "IHDR colour type of \(name)")
            #expect(try ImageDecoder.decode(data) == image)
        }
    }

    @Test func jpegKeepsQualityAndFlattensAlphaOnWhite() throws {
        let folder = try TestPaths.temporaryFolder()
        let photo = try Self.decodedSample("sample-image.jpg")
        let path = folder.appendingPathComponent("out.JPEG").path
        let written = try ImageEncoder.write(photo, to: path, as: .jpeg(quality: 90))
        #expect(written.format == .jpeg && written.jpegQuality == 90)
        #expect(try psnr(ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: path))), photo) > 35)
        let badgePath = folder.appendingPathComponent("badge.jpg").path
        _ = try ImageEncoder.write(try Self.decodedSample("sample-badge.png"), to: badgePath)
        let corner = try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: badgePath))).pixel(x: 0, y: 0)
        #expect(corner[0] > 245 && corner[1] > 245 && corner[2] > 245)
    }

    @Test func badRequestsAreTypedErrors() throws {
        let image = try Self.decodedSample("sample-badge.png")
        let folder = try TestPaths.temporaryFolder()
        #expect(throws: ImageEncodingError.unsupportedOutputFormat(path: folder.appendingPathComponent("x.webp").path))
        {
            try ImageEncoder.write(image, to: folder.appendingPathComponent("x.webp").path)
        }
        #expect(throws: ImageEncodingError.invalidQuality(0)) {
            try ImageEncoder.write(image, to: folder.appendingPathComponent("x.jpg").path, as: .jpeg(quality: 0))
        }
        #expect(throws: ImageEncodingError.self) {
            try ImageEncoder.write(image, to: folder.appendingPathComponent("missing/x.png").path)
        }
        let misnamed = folder.appendingPathComponent("x.png").path
        #expect(throws: ImageEncodingError.formatDiffersFromExtension(path: misnamed, format: .jpeg)) {
            try ImageEncoder.write(image, to: misnamed, as: .jpeg())
        }
        #expect(!FileManager.default.fileExists(atPath: misnamed))
    }

    @Test func writesAreAtomicAndLeaveNoTemporaryFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("out.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        _ = try ImageEncoder.write(try Self.decodedSample("sample-badge.png"), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
        #expect(MediaSniffer.detect(try Data(contentsOf: URL(fileURLWithPath: path))) == .png)
    }

    @Test func encodesInMemoryWithTheSettingsGiven() throws {
        let badge = try Self.decodedSample("sample-badge.png")
        let chosen = try ImageEncoder.encode(badge)
        #expect(chosen.format == .png && chosen.pngSettings == .graphic(colorType: .rgba))
        #expect(MediaSniffer.detect(chosen.data) == .png)
        #expect(try ImageDecoder.decode(chosen.data) == badge)
        // Every compressor, strategy and filter the caller can choose writes the same pixels.
        let compressions =
            PNGSettings.ZlibStrategy.allCases.map { PNGSettings.Compression.zlib(level: 6, strategy: $0) }
            + [.libdeflate(level: 6)]
        for compression in compressions {
            for filter in PNGSettings.Filter.allCases {
                let settings = PNGSettings(content: .photo, colorType: .rgba, compression: compression, filter: filter)
                let encoded = try ImageEncoder.encode(badge, as: .png(settings))
                #expect(encoded.pngSettings == settings)
                #expect(try ImageDecoder.decode(encoded.data) == badge, "\(compression) \(filter)")
            }
        }
        // Level 0 stores; a level outside 0...9 is clamped rather than refused.
        let stored = try ImageEncoder.encode(
            badge,
            as: .png(
                PNGSettings(
                    content: .photo, colorType: .rgba, compression: .zlib(level: 0, strategy: .default), filter: .none))
        )
        let clamped = try ImageEncoder.encode(
            badge,
            as: .png(
                PNGSettings(
                    content: .photo, colorType: .rgba, compression: .zlib(level: -5, strategy: .default), filter: .none)
            ))
        #expect(stored.data == clamped.data)
        #expect(stored.data.count > badge.pixels.count)
        let jpeg = try ImageEncoder.encode(try Self.decodedSample("sample-image.jpg"), as: .jpeg(quality: 40))
        #expect(jpeg.format == .jpeg && jpeg.jpegQuality == 40 && jpeg.pngSettings == nil)
        #expect(jpeg.encoding == .jpeg(quality: 40))
        #expect(MediaSniffer.detect(jpeg.data) == .jpeg)
        #expect(throws: ImageEncodingError.invalidQuality(101)) {
            try ImageEncoder.encode(badge, as: .jpeg(quality: 101))
        }
    }

    @Test func pngSettingsKeepTheirJSONNames() throws {
        let zlib = PNGSettings(
            content: .graphic, colorType: .grayAlpha, compression: .zlib(level: 9, strategy: .huffman),
            filter: .average)
        let libdeflate = PNGSettings.photo(colorType: .rgb)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let zlibText = String(decoding: try encoder.encode(zlib), as: UTF8.self)
        #expect(
            zlibText
                == #"{"colorType":"gray+alpha","compressor":"zlib","content":"graphic","filter":"average","zlibLevel":9,"zlibStrategy":"huffman"}"#
        )
        let libdeflateText = String(decoding: try encoder.encode(libdeflate), as: UTF8.self)
        #expect(
            libdeflateText
                == #"{"colorType":"rgb","compressor":"libdeflate","content":"photo","filter":"paeth","zlibLevel":1,"zlibStrategy":null}"#
        )
        #expect(try JSONDecoder().decode(PNGSettings.self, from: Data(zlibText.utf8)) == zlib)
        #expect(try JSONDecoder().decode(PNGSettings.self, from: Data(libdeflateText.utf8)) == libdeflate)
        // Written before libdeflate: no compressor, so zlib's.
        let old = #"{"colorType":"rgb","content":"photo","filter":"paeth","zlibLevel":1,"zlibStrategy":"rle"}"#
        #expect(
            try JSONDecoder().decode(PNGSettings.self, from: Data(old.utf8))
                == PNGSettings(
                    content: .photo, colorType: .rgb, compression: .zlib(level: 1, strategy: .rle), filter: .paeth))
        // zlib needs its strategy; libdeflate ignores one; an unknown compressor is refused.
        for bad in [
            #"{"colorType":"rgb","compressor":"zlib","content":"photo","filter":"paeth","zlibLevel":1}"#,
            #"{"colorType":"rgb","compressor":"brotli","content":"photo","filter":"paeth","zlibLevel":1,"zlibStrategy":"rle"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode(PNGSettings.self, from: Data(bad.utf8))
            }
        }
        let withStrategy =
            #"{"colorType":"rgb","compressor":"libdeflate","content":"photo","filter":"paeth","zlibLevel":1,"zlibStrategy":"rle"}"#
        #expect(try JSONDecoder().decode(PNGSettings.self, from: Data(withStrategy.utf8)) == libdeflate)
    }

    @Test func scalesAndEncodesInOneCall() throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        let request = ScaleRequest(box: PixelSize(width: 120, height: 120))
        let result = try ImageScaler.scale(data, to: request, encodingAs: .jpeg(quality: 80))
        let twoSteps = try ImageEncoder.encode(ImageScaler.scale(data, to: request).image, as: .jpeg(quality: 80))
        #expect(result.data == twoSteps.data)
        #expect(result.size == result.report.outputSize && result.encoded.jpegQuality == 80)
        #expect(try ImageDecoder.decode(result.data).size == result.size)
        let png = try ImageScaler.scale(data, to: request, encodingAs: .png())
        #expect(png.encoded.pngSettings?.content == .photo)
        #expect(throws: ImageProcessingError.decoding(.unrecognizedFormat)) {
            try ImageScaler.scale(Data("not an image".utf8), to: request, encodingAs: .png())
        }
        #expect(throws: ImageProcessingError.encoding(.invalidQuality(0))) {
            try ImageScaler.scale(data, to: request, encodingAs: .jpeg(quality: 0))
        }
    }

    @Test func theMemoryBudgetOfAScaleAndEncodeCountsLibdeflatesBuffers() throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        let box = PixelSize(width: 320, height: 320)
        // The 320x214 RGBA result, and libdeflate's buffers for it as RGB: every filtered row, and
        // an output buffer at least as large.
        let output = PixelSize(width: 320, height: 214)
        let needed = output.pixelCount * 4 + 2 * (320 * 3 + 1) * 214
        let tight = ScaleRequest(box: box, limits: ImageLimits(maxMemory: needed - 1))
        #expect(try ImageScaler.scale(data, to: tight).image.size == output, "the scale alone fits")
        for encoding in [ImageEncoding.png(.photo(colorType: .rgb)), .png(nil)] {
            do {
                _ = try ImageScaler.scale(data, to: tight, encodingAs: encoding)
                Issue.record("\(encoding) was not refused")
            } catch ImageProcessingError.decoding(.overMemoryLimit(let format, let purpose, let bytes, let limit)) {
                #expect(format == nil && purpose == "encoding the 320x214 output" && limit == needed - 1)
                #expect((bytes ?? 0) >= needed)
            } catch {
                Issue.record("\(encoding): \(error)")
            }
        }
        // zlib's buffers grow with the compressed data and are not counted; nor are JPEG's.
        let zlib = PNGSettings(
            content: .photo, colorType: .rgb, compression: .zlib(level: 1, strategy: .rle), filter: .paeth)
        #expect(try ImageScaler.scale(data, to: tight, encodingAs: .png(zlib)).size == output)
        #expect(try ImageScaler.scale(data, to: tight, encodingAs: .jpeg()).size == output)
        // With room for libdeflate's worst case past the rows and the chunk headers, it fits.
        let roomy = ScaleRequest(box: box, limits: ImageLimits(maxMemory: needed + 16 * 1024))
        let written = try ImageScaler.scale(data, to: roomy, encodingAs: .png(.photo(colorType: .rgb)))
        #expect(try ImageDecoder.decode(written.data).size == output)
    }
}
