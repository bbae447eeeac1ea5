/// The font actions' SF Symbols are drawn with (`ActionSymbolNames`): Material Icons, from
/// Debian's `fonts-material-design-icons-iconfont`, found in the fonts folders with the chain and
/// opened on first use. Its own ligatures turn a glyph's name into the glyph, so the font's data,
/// not a table of code points, says which glyph a name is.
enum SymbolFont {
    /// The Debian package that installs it, for messages.
    static let package = "fonts-material-design-icons-iconfont"
    /// Its file, relative to a fonts folder.
    static let relativePath = "truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
    /// Its family name, as glyphs and messages name it.
    static let family = "Material Icons"
}

extension FontSet {
    /// Why an action's symbol has no glyph to draw.
    public enum SymbolProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The symbol font is not in any fonts folder.
        case fontNotInstalled
        /// The symbol font could not be opened.
        case fontUnusable(FontError)
        /// The font has no glyph of that name.
        case noGlyph(materialName: String)

        /// The reason, for a note.
        public var description: String {
            switch self {
            case .fontNotInstalled: "the symbol font is not installed (Debian package \(SymbolFont.package))"
            case .fontUnusable(let error): "the symbol font cannot be used: \(error)"
            case .noGlyph(let name): "the symbol font has no glyph '\(name)'"
            }
        }
    }

    /// The glyph the font draws for the Material Icons name `materialName`, as a line of one
    /// glyph in `style` whose em square is the line's width and stands on its baseline.
    /// - Throws: `SymbolProblem` when the font is missing or unusable, or the name shapes to
    ///   anything but one glyph of its own.
    public func symbol(_ materialName: String, style: TextStyle) throws(SymbolProblem) -> ShapedLine {
        guard let slot = symbolSlot else { throw .fontNotInstalled }
        let face: FontFace
        do {
            face = try slot.open()
        } catch {
            throw .fontUnusable(error)
        }
        let scalars = materialName.unicodeScalars.map(\.value)
        guard !scalars.isEmpty, scalars.count <= 64, let shaped = try? face.shape(scalars, rightToLeft: false),
            shaped.count == 1, let glyph = shaped.first, glyph.glyph != 0, face.info.unitsPerEm > 0,
            glyph.glyph != face.glyphIndex(for: materialName.unicodeScalars.first ?? " ")
        else { throw .noGlyph(materialName: materialName) }
        let size = style.pixelSize
        let scale = size / Double(face.info.unitsPerEm)
        let positioned = PositionedGlyph(
            glyphID: glyph.glyph, x: 0, y: 0, advance: Double(glyph.xAdvance) * scale, characterIndex: 0,
            family: SymbolFont.family, isColor: false, face: face)
        return ShapedLine(
            style: style, glyphs: [positioned], width: Double(glyph.xAdvance) * scale,
            ascent: Double(face.info.ascender) * scale, descent: Double(face.info.descender) * scale,
            characterCount: 1)
    }
}
