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
        #expect(badge.content == "graphic" && badge.colorType == "rgba" && badge.zlibLevel == 9)
        let photo = PNGSettings.chosen(for: try Self.decodedSample("sample-image.jpg"))
        #expect(
            photo.content == "photo" && photo.colorType == "rgb" && photo.filter == "paeth"
                && photo.zlibStrategy == "rle")
        // A gray photograph has at most 256 colours but no flat areas: still a photo, written gray.
        var generator = SplitMix64(seed: 7)
        var pixels: [UInt8] = []
        for index in 0..<(120 * 80) {
            let value = UInt8(clamping: index % 120 + Int(generator.next() % 24))
            pixels += [value, value, value, 255]
        }
        let graySettings = PNGSettings.chosen(for: RGBAImage(size: PixelSize(width: 120, height: 80), pixels: pixels))
        #expect(graySettings.content == "photo" && graySettings.colorType == "gray")
    }

    @Test func grayAndOpaqueImagesRoundTripThroughTheirSmallerColourTypes() throws {
        let folder = try TestPaths.temporaryFolder()
        let gray = try ImageDecoder.decode(Data(contentsOf: TestPaths.fixture("jpeg/gray.jpg")))
        var grayAlpha = gray
        for index in stride(from: 3, to: grayAlpha.pixels.count, by: 8) { grayAlpha.pixels[index] = 128 }
        for (name, image, channels) in [("gray.png", gray, "gray"), ("gray-alpha.png", grayAlpha, "gray+alpha")] {
            let path = folder.appendingPathComponent(name).path
            #expect(try ImageEncoder.write(image, to: path).pngSettings?.colorType == channels)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(data[25] == (channels == "gray" ? 0 : 4), "IHDR colour type of \(name)")
            #expect(try ImageDecoder.decode(data) == image)
        }
    }

    @Test func jpegKeepsQualityAndFlattensAlphaOnWhite() throws {
        let folder = try TestPaths.temporaryFolder()
        let photo = try Self.decodedSample("sample-image.jpg")
        let path = folder.appendingPathComponent("out.JPEG").path
        let written = try ImageEncoder.write(photo, to: path, jpegQuality: 90)
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
            try ImageEncoder.write(image, to: folder.appendingPathComponent("x.jpg").path, jpegQuality: 0)
        }
        #expect(throws: ImageEncodingError.self) {
            try ImageEncoder.write(image, to: folder.appendingPathComponent("missing/x.png").path)
        }
    }

    @Test func writesAreAtomicAndLeaveNoTemporaryFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("out.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        _ = try ImageEncoder.write(try Self.decodedSample("sample-badge.png"), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
        #expect(MediaSniffer.detect(try Data(contentsOf: URL(fileURLWithPath: path))) == .png)
    }
}
