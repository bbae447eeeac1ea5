import RichPreview
import RichPreviewImaging

/// An RGBA drawing surface: shapes, images and text composited with anti-aliasing.
///
/// Pixels are 8-bit sRGB, premultiplied by alpha inside the canvas; every drawing operation
/// composites "source over" on the gamma-encoded values (as browsers and Core Graphics do by
/// default), with coverage times the colour's alpha as the source alpha, every division by 255
/// rounded to nearest. `image()` returns straight (not premultiplied) alpha.
public struct Canvas: Sendable {
    /// The widest or tallest canvas; larger sizes are clamped to it.
    public static let maxSide = 8192

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA, rows top to bottom.
    var pixels: [UInt8]

    /// A canvas filled with `background`; each side is clamped to 0-`maxSide` pixels.
    public init(width: Int, height: Int, background: RGBAColor) {
        self.width = min(max(width, 0), Self.maxSide)
        self.height = min(max(height, 0), Self.maxSide)
        let a = UInt32(background.a)
        let pixel: [UInt8] = [
            UInt8(PixelMath.divide255(UInt32(background.r) * a)), UInt8(PixelMath.divide255(UInt32(background.g) * a)),
            UInt8(PixelMath.divide255(UInt32(background.b) * a)), background.a,
        ]
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        let packed = pixel.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        if packed != 0 {
            pixels.withUnsafeMutableBytes { $0.withMemoryRebound(to: UInt32.self) { $0.update(repeating: packed) } }
        }
    }

    /// Fills `rect` with `color`; pixels the edges cross get their exact covered fraction.
    public mutating func fill(_ rect: Rect, _ color: RGBAColor) {
        guard !rect.isEmpty, color.a > 0 else { return }
        let left = clampedColumn(rect.minX.rounded(.down))
        let right = clampedColumn(rect.maxX.rounded(.up))
        let top = clampedRow(rect.minY.rounded(.down))
        let bottom = clampedRow(rect.maxY.rounded(.up))
        guard left < right, top < bottom else { return }
        let horizontal = (left..<right).map { Self.overlap(Double($0), rect.minX, rect.maxX) }
        let width = width
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in top..<bottom {
                let vertical = Self.overlap(Double(y), rect.minY, rect.maxY)
                for x in left..<right {
                    let coverage = PixelMath.coverageByte(Float(vertical * horizontal[x - left]))
                    PixelMath.over(pixels, (y * width + x) * 4, color, coverage: coverage)
                }
            }
        }
    }

    /// Fills `rect` with the chosen `corners` rounded to quarter circles of `radius` pixels (at
    /// most half the shorter side); anti-aliased with exact area coverage. A top-rounded and a
    /// bottom-rounded rectangle that meet on a whole-pixel row leave no seam.
    public mutating func fillRoundedRect(_ rect: Rect, radius: Double, _ color: RGBAColor, corners: Corners = .all) {
        guard !rect.isEmpty else { return }
        fill(polygons: [ShapeOutline.roundedRectangle(rect, radius: radius, corners: corners)], color)
    }

    /// Fills the ellipse inscribed in `rect` (a circle for a square), anti-aliased.
    public mutating func fillEllipse(in rect: Rect, _ color: RGBAColor) {
        guard !rect.isEmpty else { return }
        fill(polygons: [ShapeOutline.ellipse(in: rect)], color)
    }

    /// Fills the polygon through `points` (closed automatically; non-zero winding), anti-aliased.
    /// Fewer than 3 points, or any non-finite one, draws nothing.
    public mutating func fillPolygon(_ points: [Point], _ color: RGBAColor) {
        fill(polygons: [points], color)
    }

    /// Draws a straight line `width` pixels thick (1 by default) between two points, with square
    /// ends that stop at the points. A horizontal 1-pixel line whose y is a pixel centre
    /// (`n + 0.5`) covers exactly one row.
    public mutating func hairline(from start: Point, to end: Point, color: RGBAColor, width: Double = 1) {
        guard start.isFinite, end.isFinite, width.isFinite, width > 0 else { return }
        fill(polygons: [ShapeOutline.line(from: start, to: end, width: width)], color)
    }

    /// The canvas as an image with straight alpha.
    public func image() -> RGBAImage {
        var straight = pixels
        for index in stride(from: 0, to: straight.count, by: 4) {
            let alpha = UInt32(straight[index + 3])
            if alpha == 255 { continue }
            if alpha == 0 {
                straight[index] = 0
                straight[index + 1] = 0
                straight[index + 2] = 0
                continue
            }
            for channel in 0..<3 {
                straight[index + channel] = UInt8(
                    min(255, (UInt32(straight[index + channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: straight)
    }

    /// Composites `color` through the exact coverage of `polygons`.
    mutating func fill(polygons: [[Point]], _ color: RGBAColor) {
        guard color.a > 0 else { return }
        let width = width
        let alpha = UInt32(color.a)
        let red = PixelMath.divide255(UInt32(color.r) * alpha)
        let green = PixelMath.divide255(UInt32(color.g) * alpha)
        let blue = PixelMath.divide255(UInt32(color.b) * alpha)
        pixels.withUnsafeMutableBufferPointer { pixels in
            CoverageRasterizer.rasterize(polygons, width: width, height: height) { y, firstX, coverage in
                let base = (y * width + firstX) * 4
                for offset in 0..<coverage.count {
                    let value = coverage[offset]
                    if value >= 1 {
                        PixelMath.over(pixels, base + offset * 4, red, green, blue, alpha)
                    } else if value > 0 {
                        PixelMath.over(pixels, base + offset * 4, color, coverage: PixelMath.coverageByte(value))
                    }
                }
            }
        }
    }

    /// `value` (already whole) as a column index clamped to 0...width.
    func clampedColumn(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(max(value, 0), Double(width)))
    }

    /// `value` (already whole) as a row index clamped to 0...height.
    func clampedRow(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(max(value, 0), Double(height)))
    }

    /// How much of the pixel span `[start, start + 1)` lies within `[low, high]`.
    private static func overlap(_ start: Double, _ low: Double, _ high: Double) -> Double {
        max(0, min(start + 1, high) - max(start, low))
    }
}
