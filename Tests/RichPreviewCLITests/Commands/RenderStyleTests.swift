import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `render --style`, `--wallpaper` and `--reduce-transparency` through the built binary.
struct RenderStyleTests {
    static let payload = TestPaths.packageFile("Resources/payloads/image_category.json").path
    static let attachments = ["--attachments", TestPaths.packageFile("Resources/attachments").path]

    @Test func anUnknownStyleIsAUsageErrorListingTheStyles() throws {
        let output = try TestPaths.temporaryFolder().appendingPathComponent("card.png")
        let run = try ToolRun.binary(
            ["render", Self.payload, "--format", "png", "-o", output.path, "--style", "ios7"] + Self.attachments)
        #expect(run.status == 2, "\(run.err)")
        #expect(run.err.contains("ios26") && run.err.contains("ios18"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(arguments: ["ios26", "ios18"])
    func eachStyleDrawsAndDiffers(style: String) throws {
        let folder = try TestPaths.temporaryFolder()
        let styled = folder.appendingPathComponent("styled.png")
        let solid = folder.appendingPathComponent("solid.png")
        let base =
            ["render", Self.payload, "--format", "png", "--state", "banner", "--style", style] + Self.attachments
        let run = try ToolRun.binary(base + ["-o", styled.path])
        #expect(run.status == 0, "\(run.err)")
        let flat = try ToolRun.binary(base + ["-o", solid.path, "--reduce-transparency"])
        #expect(flat.status == 0, "\(flat.err)")
        let a = try ImageDecoder.decode(try Data(contentsOf: styled))
        let b = try ImageDecoder.decode(try Data(contentsOf: solid))
        #expect(a.size == b.size && a != b)
    }

    @Test func aWallpaperThatIsNotAnImageFailsInOneLine() throws {
        let folder = try TestPaths.temporaryFolder()
        let wallpaper = folder.appendingPathComponent("wallpaper.png")
        try Data("not an image".utf8).write(to: wallpaper)
        let output = folder.appendingPathComponent("card.png")
        let run = try ToolRun.binary(
            ["render", Self.payload, "--format", "png", "-o", output.path, "--wallpaper", wallpaper.path]
                + Self.attachments)
        #expect(run.status == 1, "\(run.err)")
        let errors = run.err.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1 && errors[0].contains("the wallpaper cannot be used"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aWallpaperCoversThePicture() throws {
        let folder = try TestPaths.temporaryFolder()
        let wallpaper = folder.appendingPathComponent("green.png")
        let green = RGBAImage(
            size: PixelSize(width: 40, height: 30),
            pixels: Array(repeating: [0, 200, 0, 255], count: 1200).flatMap { $0 })
        _ = try ImageEncoder.write(green, to: wallpaper.path)
        let output = folder.appendingPathComponent("card.png")
        let run = try ToolRun.binary(
            ["render", Self.payload, "--format", "png", "-o", output.path, "--wallpaper", wallpaper.path]
                + Self.attachments)
        #expect(run.status == 0, "\(run.err)")
        let image = try ImageDecoder.decode(try Data(contentsOf: output))
        #expect(image.pixel(x: 1, y: 1) == SIMD4(0, 200, 0, 255))
        #expect(image.pixel(x: image.size.width - 2, y: image.size.height - 2) == SIMD4(0, 200, 0, 255))
    }
}
