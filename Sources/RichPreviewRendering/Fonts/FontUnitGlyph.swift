/// One glyph of a HarfBuzz-shaped run in font units, independent of the size it is drawn at.
struct FontUnitGlyph: Sendable, Equatable {
    var glyph: UInt32
    /// Index of the first code point of the glyph's cluster in the shaped run.
    var cluster: Int
    var xAdvance: Int32
    var yAdvance: Int32
    var xOffset: Int32
    /// Up is positive, as in the font.
    var yOffset: Int32
}
