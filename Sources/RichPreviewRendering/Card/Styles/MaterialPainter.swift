import Foundation

/// Paints a platter's material over what a canvas already holds: the backdrop behind the platter
/// blurred at a reduced resolution, saturated and tinted, sampled back through the platter's
/// continuous-cornered shape (pulled outwards near the edge for glass), then the glass's rim; the
/// style's shadow around it; or, with Reduce Transparency, a solid fill without a shadow.
struct MaterialPainter {
    /// The style in its appearance.
    var look: StyleLook
    /// Pixels per point.
    var scale: Double
    /// Solid platters, as iOS draws them with Reduce Transparency.
    var reduceTransparency: Bool

    /// The blurred backdrop's resolution: one sample for this many pixels of blur radius at most,
    /// so the box blurs stay a few samples wide whatever the scale.
    static let samplesPerBlurRadius = 3.0

    /// Paints the material in `rect` with continuous corners of `radius` pixels at `opacity`
    /// (the stack's fading edges), with the style's shadow when `shadow`; whole pixels inside a
    /// rectangle of `covered` (less a pixel at each side), which the caller covers next, are left
    /// as they are.
    func paint(
        _ rect: Rect, radius: Double, opacity: Double = 1, shadow: Bool = true, covered: [Rect] = [],
        on canvas: inout Canvas
    ) {
        guard !rect.isEmpty, canvas.width > 0, canvas.height > 0 else { return }
        let outline = ShapeOutline.continuousRoundedRectangle(rect, radius: radius, corners: .all)
        if reduceTransparency {
            // Chosen: no shadow either, a flat picture whose platters do not depend on what is near.
            canvas.fill(polygons: [outline], look.solidPlatter.withOpacity(opacity))
            return
        }
        let material = look.material
        let sigma = material.blurRadius * scale
        let refraction = material.refraction * scale
        let factor = max(1, Int(sigma / Self.samplesPerBlurRadius))
        let pad = 3 * sigma + refraction + Double(factor)
        let x0 = canvas.clampedColumn((rect.minX - pad).rounded(.down))
        let x1 = canvas.clampedColumn((rect.maxX + pad).rounded(.up))
        let y0 = canvas.clampedRow((rect.minY - pad).rounded(.down))
        let y1 = canvas.clampedRow((rect.maxY + pad).rounded(.up))
        guard x0 < x1, y0 < y1 else { return }
        var field = ColorField(canvas: canvas, x0: x0, y0: y0, x1: x1, y1: y1, factor: factor)
        field.blur(sigma: sigma / Double(factor))
        field.saturate(material.saturation)
        field.tint(material.tint)
        if shadow, let style = look.shadow { paintShadow(style, around: rect, radius: radius, on: &canvas) }

        let band = material.refractionBand * scale
        let step = 1 / Float(factor)
        /// How far a pixel `distance` pixels in from an edge samples beyond itself, outwards.
        func pull(_ distance: Double) -> Double {
            guard band > 0, distance < band else { return 0 }
            let left = 1 - max(distance, 0) / band
            return refraction * left * left
        }
        let width = canvas.width
        let height = canvas.height
        let opacity = min(max(opacity, 0), 1)
        let fieldWidth = field.width
        var rowStorage = [Float](repeating: 0, count: fieldWidth * 3)
        rowStorage.withUnsafeMutableBufferPointer { row in
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                CoverageRasterizer.rasterize([outline], width: width, height: height) { y, firstX, coverage in
                    let hidden = covered.first { Double(y) >= $0.minY.rounded(.up) && Double(y + 1) <= $0.maxY }
                    let skip = hidden.map { Self.innerColumns($0) } ?? 0..<0
                    let centerY = Double(y) + 0.5
                    let dy = pull(centerY - rect.minY) - pull(rect.maxY - centerY)
                    field.blendRow(Float(centerY - dy - Double(y0)) * step - 0.5, into: row)
                    for offset in 0..<coverage.count where coverage[offset] > 0 && !skip.contains(firstX + offset) {
                        let x = firstX + offset
                        let centerX = Double(x) + 0.5
                        let dx = pull(centerX - rect.minX) - pull(rect.maxX - centerX)
                        let u = min(max(Float(centerX - dx - Double(x0)) * step - 0.5, 0), Float(fieldWidth - 1))
                        let left = Int(u)
                        let right = min(left + 1, fieldWidth - 1)
                        let fx = u - Float(left)
                        let index = (y * width + x) * 4
                        let cover = coverage[offset] * Float(opacity)
                        for channel in 0..<3 {
                            let a = row[left * 3 + channel]
                            let value = a + (row[right * 3 + channel] - a) * fx
                            if cover >= 1 {
                                pixels[index + channel] = Self.byte(value)
                            } else {
                                let old = Float(pixels[index + channel])
                                pixels[index + channel] = Self.byte(old + (value - old) * cover)
                            }
                        }
                        pixels[index + 3] = Self.byte(
                            Float(pixels[index + 3]) + (255 - Float(pixels[index + 3])) * cover)
                    }
                }
            }
        }
        if let rim = material.rim { paintRim(rim, in: rect, radius: radius, opacity: opacity, on: &canvas) }
    }

    /// The glass's rim: a line `rim.width` points wide inside the edge, in `rim.top` along the top
    /// fading to `rim.sides` over the corner's height.
    private func paintRim(_ rim: StyleLook.Rim, in rect: Rect, radius: Double, opacity: Double, on canvas: inout Canvas)
    {
        let inset = rim.width * scale
        let outer = ShapeOutline.continuousRoundedRectangle(rect, radius: radius, corners: .all)
        let inner = ShapeOutline.continuousRoundedRectangle(
            rect.insetBy(dx: inset, dy: inset), radius: max(0, radius - inset), corners: .all)
        let fade = max(1, radius * ShapeOutline.continuousCornerExtent)
        let width = canvas.width
        let height = canvas.height
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            CoverageRasterizer.rasterize([outer, inner.reversed()], width: width, height: height) {
                y, firstX, coverage in
                let t = min(max((Double(y) + 0.5 - rect.minY) / fade, 0), 1)
                let alpha = (Double(rim.top.a) * (1 - t) + Double(rim.sides.a) * t) / 255 * opacity
                let color = RGBAColor(r: rim.top.r, g: rim.top.g, b: rim.top.b, alpha: alpha)
                for offset in 0..<coverage.count where coverage[offset] > 0 {
                    PixelMath.over(
                        pixels, (y * width + firstX + offset) * 4, color,
                        coverage: PixelMath.coverageByte(coverage[offset]))
                }
            }
        }
    }

    /// A soft shadow around `rect` (its corners taken as circular arcs of `radius` pixels): the
    /// shadow's colour fading with a Gaussian of the distance outside the platter, skipping what
    /// the platter covers.
    private func paintShadow(_ shadow: StyleLook.Shadow, around rect: Rect, radius: Double, on canvas: inout Canvas) {
        let reach = shadow.radius * scale
        guard reach > 0, shadow.color.a > 0 else { return }
        let sigma = reach / 2
        let offsetY = shadow.offsetY * scale
        let corner = min(radius, rect.width / 2, rect.height / 2)
        let halfWidth = rect.width / 2 - corner
        let halfHeight = rect.height / 2 - corner
        let centerX = rect.minX + rect.width / 2
        let centerY = rect.minY + rect.height / 2 + offsetY
        let x0 = canvas.clampedColumn((rect.minX - reach).rounded(.down))
        let x1 = canvas.clampedColumn((rect.maxX + reach).rounded(.up))
        let y0 = canvas.clampedRow((rect.minY + offsetY - reach).rounded(.down))
        let y1 = canvas.clampedRow((rect.maxY + offsetY + reach).rounded(.up))
        guard x0 < x1, y0 < y1 else { return }
        let width = canvas.width
        let innerLeft = Int((rect.minX + corner).rounded(.up))
        let innerRight = Int((rect.maxX - corner).rounded(.down))
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in y0..<y1 {
                let qy = abs(Double(y) + 0.5 - centerY) - halfHeight
                // Rows level with the platter's straight sides are inside it between the corners.
                let skip = qy < -corner ? max(x0, innerLeft)..<min(x1, innerRight) : x0..<x0
                for x in x0..<x1 where !skip.contains(x) {
                    let qx = abs(Double(x) + 0.5 - centerX) - halfWidth
                    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                    let distance = outside + min(max(qx, qy), 0) - corner
                    guard distance > 0, distance < reach * 1.5 else { continue }
                    let strength = exp(-distance * distance / (2 * sigma * sigma))
                    PixelMath.over(
                        pixels, (y * width + x) * 4, shadow.color, coverage: PixelMath.coverageByte(Float(strength)))
                }
            }
        }
    }

    /// The whole columns inside `rect` less one at each side (never a reversed range).
    private static func innerColumns(_ rect: Rect) -> Range<Int> {
        guard rect.minX.isFinite, rect.maxX.isFinite, abs(rect.minX) < 1e7, abs(rect.maxX) < 1e7 else { return 0..<0 }
        let first = Int(rect.minX.rounded(.up)) + 1
        return first..<max(first, Int(rect.maxX.rounded(.down)) - 1)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
