extension Canvas {
    /// Draws a shaped line with its baseline's left end at `baselineOrigin`; a character no font
    /// has is an empty box. Outline glyphs take
    /// the style's colour through their anti-aliased coverage, placed to a quarter pixel
    /// horizontally (colour emoji to a whole pixel) and on whole pixel rows; colour emoji keep their colours and take only the
    /// style's alpha. Glyphs whose font fails to render them are left out.
    public mutating func draw(_ line: ShapedLine, baselineOrigin: Point) {
        let size = line.style.pixelSize
        guard baselineOrigin.isFinite, size > 0, line.style.color.a > 0 else { return }
        let color = line.style.color
        for glyph in line.glyphs {
            let x = baselineOrigin.x + glyph.x
            let y = baselineOrigin.y + glyph.y
            // Glyphs well outside the canvas are not rasterised.
            guard x > -4 * size, x < Double(width) + size, y > -size, y < Double(height) + 4 * size else { continue }
            if glyph.isMissing {
                drawMissingBox(left: x, baseline: y, size: size, color: color)
                continue
            }
            // Outline glyphs go to the nearest quarter pixel, colour bitmaps to the nearest pixel.
            let quarters = Int((x * (glyph.isColor ? 1 : 4)).rounded()) * (glyph.isColor ? 4 : 1)
            let penX = quarters >> 2
            let quarter = quarters & 3
            guard let bitmap = try? glyph.face.bitmap(glyph: glyph.glyphID, pixelSize: size, subpixel: quarter),
                bitmap.width > 0, bitmap.height > 0
            else { continue }
            composite(bitmap, left: penX + bitmap.left, top: Int(y.rounded()) - bitmap.top, color: color)
        }
    }

    /// The box drawn for a character no installed font has: an outline as tall as a capital
    /// letter, inside the glyph's advance (`TextShaper.missingBoxAdvance`).
    private mutating func drawMissingBox(left: Double, baseline: Double, size: Double, color: RGBAColor) {
        let stroke = max(1, (size * 0.07).rounded())
        let box = Rect(x: left + size * 0.08, y: baseline - size * 0.7, width: size * 0.44, height: size * 0.7)
        fill(Rect(x: box.x, y: box.y, width: box.width, height: stroke), color)
        fill(Rect(x: box.x, y: box.maxY - stroke, width: box.width, height: stroke), color)
        fill(Rect(x: box.x, y: box.y, width: stroke, height: box.height), color)
        fill(Rect(x: box.maxX - stroke, y: box.y, width: stroke, height: box.height), color)
    }

    /// Composites a glyph bitmap with its top-left pixel at `left`, `top`.
    private mutating func composite(_ bitmap: GlyphBitmap, left: Int, top: Int, color: RGBAColor) {
        let firstX = max(left, 0)
        let lastX = min(left + bitmap.width, width)
        let firstY = max(top, 0)
        let lastY = min(top + bitmap.height, height)
        guard firstX < lastX, firstY < lastY else { return }
        let width = width
        let alpha = UInt32(color.a)
        pixels.withUnsafeMutableBufferPointer { pixels in
            bitmap.pixels.withUnsafeBufferPointer { source in
                for y in firstY..<lastY {
                    let sourceRow = (y - top) * bitmap.width - left
                    for x in firstX..<lastX {
                        let target = (y * width + x) * 4
                        if bitmap.isColor {
                            let index = (sourceRow + x) * 4
                            let a = PixelMath.divide255(UInt32(source[index + 3]) * alpha)
                            guard a > 0 else { continue }
                            PixelMath.over(
                                pixels, target, PixelMath.divide255(UInt32(source[index]) * alpha),
                                PixelMath.divide255(UInt32(source[index + 1]) * alpha),
                                PixelMath.divide255(UInt32(source[index + 2]) * alpha), a)
                        } else {
                            let coverage = UInt32(source[sourceRow + x])
                            if coverage > 0 { PixelMath.over(pixels, target, color, coverage: coverage) }
                        }
                    }
                }
            }
        }
    }
}
