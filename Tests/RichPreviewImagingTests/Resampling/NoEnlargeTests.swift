import Foundation
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewTestSupport
import Testing

/// `enlarging: false` (`scale --no-enlarge`): an image smaller than the box keeps its size, a
/// larger one is scaled down as before.
struct NoEnlargeTests {
    static func png(_ width: Int, _ height: Int) throws -> Data {
        try ImageEncoder.encode(
            RGBAImage(
                size: PixelSize(width: width, height: height),
                pixels: [UInt8](repeating: 90, count: width * height * 4))
        ).data
    }

    @Test(arguments: [
        // source, box, mode, expected output
        (
            PixelSize(width: 1, height: 1), PixelSize(width: 1125, height: 1125), ScaleMode.fit,
            PixelSize(width: 1, height: 1)
        ),
        (
            PixelSize(width: 96, height: 96), PixelSize(width: 1125, height: 500), .fill,
            PixelSize(width: 96, height: 43)
        ),
        (
            PixelSize(width: 96, height: 48), PixelSize(width: 200, height: 20), .stretch,
            PixelSize(width: 96, height: 20)
        ),
        (
            PixelSize(width: 400, height: 300), PixelSize(width: 200, height: 200), .fit,
            PixelSize(width: 200, height: 150)
        ),
        (
            PixelSize(width: 400, height: 300), PixelSize(width: 200, height: 200), .fill,
            PixelSize(width: 200, height: 200)
        ),
        (
            PixelSize(width: 300, height: 100), PixelSize(width: 1000, height: 50), .fit,
            PixelSize(width: 150, height: 50)
        ),
    ])
    func anImageIsNeverScaledUp(source: PixelSize, box: PixelSize, mode: ScaleMode, expected: PixelSize) throws {
        let plan = ScalePlan(source: source, box: box, mode: mode, enlarging: false)
        #expect(plan.output == expected)
        #expect(plan.reduction >= 0.97)  // less only by rounding a side to whole pixels
        let scaled = try ImageScaler.scale(
            try Self.png(source.width, source.height), to: ScaleRequest(box: box, mode: mode, enlarging: false))
        #expect(scaled.image.size == expected)
        // Enlarging (the default) still fits the box.
        #expect(ScalePlan(source: source, box: box, mode: mode).output.width >= expected.width)
    }

    @Test func theCommandLineHasNoEnlarge() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("dot.png")
        try Self.png(3, 2).write(to: input)
        let output = folder.appendingPathComponent("out.png")
        let run = ToolRun.inProcess([
            "scale", input.path, "-o", output.path, "--fit", "1125x1125", "--no-enlarge", "--json",
        ])
        #expect(run.status == 0, "\(run.err)")
        let decoded = try ImageScaler.scale(
            try Data(contentsOf: output), to: ScaleRequest(box: PixelSize(width: 10, height: 10), enlarging: false))
        #expect(decoded.report.inputSize == PixelSize(width: 3, height: 2))
    }
}
