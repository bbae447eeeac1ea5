import Synchronization

/// Shapes and measures single lines of text with a `FontSet`: font fallback per grapheme
/// cluster, then HarfBuzz per font run (kerning, ligatures, emoji sequences, mark positioning).
///
/// Runs are laid out left to right in logical order: there is no bidirectional reordering, so a
/// right-to-left run is correct on its own but not mixed with left-to-right text. Safe to share
/// between threads.
public final class TextShaper: Sendable {
    /// The fonts shaped with.
    public let fonts: FontSet

    /// Widths kept before the cache is emptied.
    static let measureCacheLimit = 8192

    /// A text by its UTF-8 bytes, not by `String` equality, which would merge canonically
    /// equivalent texts that shape differently.
    private struct MeasureKey: Hashable {
        var text: [UInt8]
        var weight: FontWeight
    }

    /// Advance widths in ems (font units over units per em), which scale linearly with size.
    private let widths = Mutex<[MeasureKey: Double]>([:])

    /// A shaper over `fonts`.
    public init(fonts: FontSet) {
        self.fonts = fonts
    }

    /// `text` as one line of positioned glyphs in `style`. Text beyond 16,384 code points is
    /// left off; controls such as tabs and line breaks are shaped as spaces.
    public func shape(_ text: Substring, style: TextStyle) -> ShapedLine {
        let items = TextItemizer(text, weight: style.weight, library: fonts.library)
        let size = style.pixelSize
        var glyphs: [PositionedGlyph] = []
        var pen = 0.0
        var ascent = 0.0
        var descent = 0.0
        for run in items.runs {
            guard let shaped = try? run.face.shape(run.scalars), run.face.info.unitsPerEm > 0 else { continue }
            let info = run.face.info
            let scale = size / Double(info.unitsPerEm)
            ascent = max(ascent, Double(info.ascender) * scale)
            descent = max(descent, Double(info.descender) * scale)
            for glyph in shaped {
                let scalar = min(max(run.firstScalar + glyph.cluster, 0), items.characterOfScalar.count - 1)
                glyphs.append(
                    PositionedGlyph(
                        glyphID: glyph.glyph, x: pen + Double(glyph.xOffset) * scale,
                        y: -Double(glyph.yOffset) * scale, advance: Double(glyph.xAdvance) * scale,
                        characterIndex: items.characterOfScalar[scalar], family: run.family,
                        isColor: run.face.isColorBitmapFont, face: run.face))
                pen += Double(glyph.xAdvance) * scale
            }
        }
        return ShapedLine(
            style: style, glyphs: glyphs, width: pen, ascent: ascent, descent: descent,
            characterCount: items.characterCount)
    }

    /// `text` as one line of positioned glyphs in `style`.
    public func shape(_ text: String, style: TextStyle) -> ShapedLine {
        shape(text[...], style: style)
    }

    /// The advance width of `text` in pixels, as `shape(text, style:).width` would give it.
    /// Widths are cached per text and weight in ems, so calls for other sizes are cheap too;
    /// nothing is rasterised.
    public func measure(_ text: Substring, style: TextStyle) -> Double {
        let key = MeasureKey(text: Array(text.utf8), weight: style.weight)
        if let ems = widths.withLock({ $0[key] }) { return ems * style.pixelSize }
        var ems = 0.0
        for run in TextItemizer(text, weight: style.weight, library: fonts.library).runs {
            guard let shaped = try? run.face.shape(run.scalars), run.face.info.unitsPerEm > 0 else { continue }
            let units = shaped.reduce(0) { $0 + Int($1.xAdvance) }
            ems += Double(units) / Double(run.face.info.unitsPerEm)
        }
        widths.withLock { widths in
            if widths.count >= Self.measureCacheLimit { widths.removeAll(keepingCapacity: true) }
            widths[key] = ems
        }
        return ems * style.pixelSize
    }

    /// The advance width of `text` in pixels.
    public func measure(_ text: String, style: TextStyle) -> Double {
        measure(text[...], style: style)
    }

    /// The primary font's (Inter's) line box at `style`'s size, in pixels: ascent above the
    /// baseline, descent below it (positive), and the baseline-to-baseline distance.
    public func lineMetrics(style: TextStyle) -> (ascent: Double, descent: Double, lineHeight: Double) {
        guard let info = fonts.library.primaryFace(style.weight)?.info, info.unitsPerEm > 0 else { return (0, 0, 0) }
        let scale = style.pixelSize / Double(info.unitsPerEm)
        let ascent = Double(info.ascender) * scale
        let descent = Double(info.descender) * scale
        return (ascent, descent, ascent + descent + Double(max(info.lineGap, 0)) * scale)
    }
}
