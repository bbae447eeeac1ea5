/// One glyph of a `ShapedLine`, placed relative to the line's baseline origin.
public struct PositionedGlyph: Sendable {
    /// The glyph index in its font.
    public var glyphID: UInt32
    /// Pixels from the line's origin to the glyph's origin, rightwards (pen position plus offset).
    public var x: Double
    /// Pixels from the baseline to the glyph's origin, downwards (combining marks are moved up).
    public var y: Double
    /// Pixels the pen moves after the glyph.
    public var advance: Double
    /// The index of the `Character` of the text the glyph belongs to.
    public var characterIndex: Int
    /// The family of the font the glyph comes from.
    public var family: String
    /// True for a colour emoji glyph.
    public var isColor: Bool
    /// True for a character no installed font has: drawn as an empty box, one per cluster.
    public var isMissing = false

    let face: FontFace
}
