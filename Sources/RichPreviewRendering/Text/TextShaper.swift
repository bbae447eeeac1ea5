import RichPreview
import Synchronization

/// Shapes and measures single lines of text with a `FontSet`: font fallback per grapheme
/// cluster, then HarfBuzz per font run (kerning, ligatures, emoji sequences, mark positioning).
///
/// Lines are laid out by the Unicode bidirectional algorithm (GNU FriBidi, loaded only for text
/// that may run right to left). Safe to share between threads.
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

    /// `text` as one line of positioned glyphs in `style`, laid out by the Unicode bidirectional
    /// algorithm in a paragraph running `direction` (by default the text's own, from its first
    /// strong character): runs of right-to-left text are shaped right to left (mirrored where
    /// Unicode says so) and the runs are placed in display order. Text beyond 16,384 code points is
    /// left off; controls such as tabs and line breaks are shaped as spaces.
    public func shape(_ text: Substring, style: TextStyle, direction: TextDirection? = nil) -> ShapedLine {
        let direction = direction ?? TextDirection(paragraph: text)
        let items = TextItemizer(text, weight: style.weight, library: fonts.library)
        let count = items.characterOfScalar.count
        let bidi = BidiLine(scalars: text.unicodeScalars.prefix(count).map(\.value), direction: direction)
        let size = style.pixelSize
        var glyphs: [PositionedGlyph] = []
        var pen = 0.0
        var ascent = 0.0
        var descent = 0.0
        for piece in Self.pieces(of: items.runs, in: bidi) {
            let run = piece.run
            if run.isMissing {
                let (runAscent, runDescent) = Self.boxMetrics(run.face.info, size: size)
                ascent = max(ascent, runAscent)
                descent = max(descent, runDescent)
                var clusters = Self.clusters(items.characterOfScalar[piece.range])
                if piece.rightToLeft == true { clusters.reverse() }
                for character in clusters {
                    glyphs.append(
                        PositionedGlyph(
                            glyphID: 0, x: pen, y: 0, advance: Self.missingBoxAdvance * size, characterIndex: character,
                            family: run.family, isColor: false, isMissing: true, face: run.face))
                    pen += Self.missingBoxAdvance * size
                }
                continue
            }
            let scalars = Array(
                run.scalars[(piece.range.lowerBound - run.firstScalar)..<(piece.range.upperBound - run.firstScalar)])
            guard let shaped = try? run.face.shape(scalars, rightToLeft: piece.rightToLeft),
                run.face.info.unitsPerEm > 0
            else { continue }
            let info = run.face.info
            let scale = size / Double(info.unitsPerEm)
            ascent = max(ascent, Double(info.ascender) * scale)
            descent = max(descent, Double(info.descender) * scale)
            for glyph in shaped {
                let scalar = min(max(piece.range.lowerBound + glyph.cluster, 0), count - 1)
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
            characterCount: items.characterCount, direction: direction)
    }

    /// The advance of the box drawn for a character no font has, in ems.
    static let missingBoxAdvance = 0.6

    /// The distinct clusters of `characters` (each code point's cluster index), in order.
    private static func clusters(_ characters: ArraySlice<Int>) -> [Int] {
        var result: [Int] = []
        for character in characters where result.last != character { result.append(character) }
        return result
    }

    /// The primary font's ascent and descent in pixels at `size`.
    private static func boxMetrics(_ info: FaceInfo, size: Double) -> (Double, Double) {
        guard info.unitsPerEm > 0 else { return (0, 0) }
        let scale = size / Double(info.unitsPerEm)
        return (Double(info.ascender) * scale, Double(info.descender) * scale)
    }

    /// A stretch of one font run and one bidirectional run: what is shaped in one call.
    private struct ShapingPiece {
        var run: FontRun
        /// The code points, as indices in the line.
        var range: Range<Int>
        /// Nil for a line with no right-to-left run (each run shaped in its script's direction).
        var rightToLeft: Bool?
    }

    /// The font runs cut at the bidirectional runs' edges, in display order.
    private static func pieces(of runs: [FontRun], in bidi: BidiLine) -> [ShapingPiece] {
        let mixed = bidi.runs.contains { $0.level > 0 }
        guard mixed else {
            return runs.map { ShapingPiece(run: $0, range: $0.firstScalar..<($0.firstScalar + $0.scalars.count)) }
        }
        var pieces: [ShapingPiece] = []
        for level in bidi.runs {
            var inRun: [ShapingPiece] = []
            for run in runs {
                let range = run.firstScalar..<(run.firstScalar + run.scalars.count)
                let overlap = range.clamped(to: level.range)
                if !overlap.isEmpty {
                    inRun.append(ShapingPiece(run: run, range: overlap, rightToLeft: level.isRightToLeft))
                }
            }
            // A right-to-left run shows its logically first font run at its right end.
            pieces += level.isRightToLeft ? inRun.reversed() : inRun
        }
        return pieces
    }

    /// `text` as one line of positioned glyphs in `style`, in a paragraph running `direction` (by
    /// default the text's own).
    public func shape(_ text: String, style: TextStyle, direction: TextDirection? = nil) -> ShapedLine {
        shape(text[...], style: style, direction: direction)
    }

    /// The advance width of `text` in pixels, as `shape(text, style:).width` would give it.
    /// Widths are cached per text and weight in ems, so calls for other sizes are cheap too;
    /// nothing is rasterised.
    public func measure(_ text: Substring, style: TextStyle) -> Double {
        let key = MeasureKey(text: Array(text.utf8), weight: style.weight)
        if let ems = widths.withLock({ $0[key] }) { return ems * style.pixelSize }
        var ems = 0.0
        let items = TextItemizer(text, weight: style.weight, library: fonts.library)
        for run in items.runs {
            if run.isMissing {
                let range = run.firstScalar..<(run.firstScalar + run.scalars.count)
                ems += Double(Self.clusters(items.characterOfScalar[range]).count) * Self.missingBoxAdvance
                continue
            }
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

    /// The baseline that centres a line of `style` optically on `y`: its capitals (the primary
    /// font's cap height; 0.7 em when the font does not give one) stand centred on it.
    public func baseline(centringOn y: Double, style: TextStyle) -> Double {
        guard let info = fonts.library.primaryFace(style.weight)?.info, info.unitsPerEm > 0 else { return y }
        let capHeight = info.capHeight > 0 ? Double(info.capHeight) / Double(info.unitsPerEm) : 0.7
        return y + capHeight * style.pixelSize / 2
    }
}
