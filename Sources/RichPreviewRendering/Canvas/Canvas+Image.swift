import RichPreviewImaging

extension Canvas {
    /// Composites `image` (straight alpha, already scaled by the caller) "over" the canvas with its
    /// top-left corner at `origin` rounded to the nearest pixel, its `corners` (all by default)
    /// clipped to quarter circles of `clipCornerRadius` pixels (anti-aliased) when that is above 0,
    /// or to continuous corners of that radius (`fillContinuousRoundedRect`) when `continuous`.
    public mutating func draw(
        _ image: RGBAImage, at origin: Point, clipCornerRadius: Double = 0, corners: Corners = .all,
        continuous: Bool = false
    ) {
        guard origin.isFinite, abs(origin.x) < 1e7, abs(origin.y) < 1e7, image.size.pixelCount > 0 else { return }
        let left = Int(origin.x.rounded())
        let top = Int(origin.y.rounded())
        let imageWidth = image.size.width
        let canvasWidth = width
        let composite = { (pixels: UnsafeMutableBufferPointer<UInt8>, y: Int, firstX: Int, coverage: (Int) -> Float) in
            let sourceRow = y - top
            guard sourceRow >= 0, sourceRow < image.size.height else { return }
            let start = max(firstX, left, 0)
            let end = min(left + imageWidth, canvasWidth)
            guard start < end else { return }
            image.pixels.withUnsafeBufferPointer { source in
                for x in start..<end {
                    let cover = PixelMath.coverageByte(coverage(x))
                    let index = (sourceRow * imageWidth + x - left) * 4
                    let a = PixelMath.divide255(UInt32(source[index + 3]) * cover)
                    guard a > 0 else { continue }
                    PixelMath.over(
                        pixels, (y * canvasWidth + x) * 4, PixelMath.divide255(UInt32(source[index]) * a),
                        PixelMath.divide255(UInt32(source[index + 1]) * a),
                        PixelMath.divide255(UInt32(source[index + 2]) * a), a)
                }
            }
        }
        let bounds = Rect(x: Double(left), y: Double(top), width: Double(imageWidth), height: Double(image.size.height))
        if clipCornerRadius > 0, clipCornerRadius.isFinite {
            let outline =
                continuous
                ? ShapeOutline.continuousRoundedRectangle(bounds, radius: clipCornerRadius, corners: corners)
                : ShapeOutline.roundedRectangle(bounds, radius: clipCornerRadius, corners: corners)
            let height = height
            pixels.withUnsafeMutableBufferPointer { pixels in
                CoverageRasterizer.rasterize([outline], width: canvasWidth, height: height) { y, firstX, coverage in
                    composite(pixels, y, firstX) { x in
                        let offset = x - firstX
                        return offset >= 0 && offset < coverage.count ? coverage[offset] : 0
                    }
                }
            }
        } else {
            let firstRow = max(top, 0)
            let lastRow = min(top + image.size.height, height)
            guard firstRow < lastRow else { return }
            pixels.withUnsafeMutableBufferPointer { pixels in
                for y in firstRow..<lastRow { composite(pixels, y, left, { _ in 1 }) }
            }
        }
    }
}
