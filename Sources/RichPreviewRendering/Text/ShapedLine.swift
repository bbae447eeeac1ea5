import RichPreview

/// A line of text shaped into positioned glyphs from one or more fonts, ready to draw.
public struct ShapedLine: Sendable {
    /// The style it was shaped with and is drawn in.
    public var style: TextStyle
    /// The glyphs in display order, leftmost first.
    public var glyphs: [PositionedGlyph]
    /// The advance width in pixels.
    public var width: Double
    /// The largest ascent of the fonts used, in pixels above the baseline. `TextShaper.lineMetrics`
    /// gives the primary font's, for a uniform line height.
    public var ascent: Double
    /// The largest descent of the fonts used, in pixels below the baseline (positive).
    public var descent: Double
    /// The number of `Character`s shaped (fewer than the text's when it was over the length limit).
    public var characterCount: Int
    /// The direction of the paragraph the line was laid out in: a right-to-left line is aligned to
    /// the right edge.
    public var direction: TextDirection = .leftToRight

    /// The families used, in order of first use.
    public var families: [String] {
        var seen = Set<String>()
        return glyphs.map(\.family).filter { seen.insert($0).inserted }
    }
}
