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
        #expect(PNGSettings.chosen(for: try Self.decodedSample("sample-badge.png")) == .graphic)
        #expect(PNGSettings.chosen(for: try Self.decodedSample("sample-image.jpg")) == .photo)
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
        #expect(throws: ImageEncodingError.unsupportedOutputFormat(path: folder.appendingPathComponent("x.webp").path)) {
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
