/// A glyph image ready to composite: 8-bit coverage, or RGBA premultiplied for a colour glyph.
struct GlyphBitmap: Sendable {
    var width: Int
    var height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    var top: Int
    var isColor: Bool
    /// `width * height` coverage bytes, or `width * height * 4` RGBA premultiplied bytes.
    var pixels: [UInt8]

    static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, isColor: false, pixels: [])

    /// Bytes held, for the cache's budget.
    var byteCount: Int { pixels.count + 64 }
}
