import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

struct CardPictureTests {
    /// A small card: backdrop, rounded platter, bold title, body with CJK and emoji, an image
    /// clipped to rounded corners, a separator and a play button.
    static func drawCard(dark: Bool) throws -> Canvas {
        let shaper = try SharedFonts.shaper()
        let label = dark ? RGBAColor.white : .black
        var canvas = Canvas(width: 240, height: 200, background: dark ? RGBAColor(hex: 0x000000) : .white)
        canvas.fillRoundedRect(
            Rect(x: 8, y: 8, width: 224, height: 184), radius: 13,
            dark ? RGBAColor(r: 30, g: 30, b: 30, alpha: 0.95) : RGBAColor(r: 250, g: 250, b: 250, alpha: 0.95))
        canvas.draw(
            shaper.shape("Delivery update", style: TextStyle(size: 15, weight: .bold, color: label)),
            baselineOrigin: Point(x: 20, y: 32))
        canvas.draw(
            shaper.shape("查看 忽略 👍🏽 café", style: TextStyle(size: 15, color: label)),
            baselineOrigin: Point(x: 20, y: 52))
        var gradient = [UInt8](repeating: 255, count: 96 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<96 {
                gradient[(y * 96 + x) * 4] = UInt8(x * 255 / 95)
                gradient[(y * 96 + x) * 4 + 1] = UInt8(y * 255 / 63)
            }
        }
        canvas.draw(
            RGBAImage(size: PixelSize(width: 96, height: 64), pixels: gradient), at: Point(x: 20, y: 64),
            clipCornerRadius: 8)
        canvas.fillEllipse(in: Rect(x: 56, y: 84, width: 24, height: 24), RGBAColor.black.withOpacity(0.5))
        canvas.fillPolygon([Point(x: 64, y: 90), Point(x: 74, y: 96), Point(x: 64, y: 102)], .white)
        canvas.hairline(
            from: Point(x: 8, y: 150.5), to: Point(x: 232, y: 150.5),
            color: dark ? RGBAColor(r: 84, g: 84, b: 88, alpha: 0.6) : RGBAColor(r: 60, g: 60, b: 67, alpha: 0.29))
        canvas.draw(
            shaper.shape("Reply", style: TextStyle(size: 15, color: RGBAColor(hex: 0x007AFF))),
            baselineOrigin: Point(x: 20, y: 176))
        return canvas
    }

    @Test(arguments: [false, true])
    func aCardWrittenAsPNGDecodesToTheSamePixels(dark: Bool) throws {
        let canvas = try Self.drawCard(dark: dark)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("card.png").path
        let written = try ImageEncoder.write(canvas.image(), to: path)
        #expect(written.format == .png)
        let decoded = try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(decoded == canvas.image())
        #expect(decoded.isOpaque)
        // The card's colours are all there: title ink, blue action, the image's red corner.
        let pixels = Set(
            stride(from: 0, to: decoded.pixels.count, by: 4).map { decoded.pixel(x: ($0 / 4) % 240, y: $0 / 960) })
        #expect(pixels.count > 200)
        #expect(decoded.pixel(x: 2, y: 2) == (dark ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255)))
    }
}
