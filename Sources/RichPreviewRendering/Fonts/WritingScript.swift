/// The writing systems the renderer knows by their Unicode blocks: the Noto Sans family of
/// Debian's `fonts-noto-core` that draws each one (the scripts iOS ships fonts for), and the
/// package to name when a character of it has no font.
public struct WritingScript: Sendable, Equatable {
    /// The script's name, as Unicode spells it ("Devanagari").
    public var name: String
    /// The Debian package whose fonts cover it.
    public var package: String
    /// The blocks that hold its characters.
    var blocks: [ClosedRange<UInt32>]
    /// The Noto Sans file name stem ("NotoSansDevanagari"), nil for scripts drawn by a family of
    /// the chain (CJK, emoji).
    var notoStem: String?
    /// True when the Noto family has a bold face.
    var hasBold = true

    /// The script of `scalar`, when it is one of the known ones.
    public static func of(_ scalar: Unicode.Scalar) -> WritingScript? {
        all.first { script in script.blocks.contains { $0.contains(scalar.value) } }
    }

    /// True when `scalar` is in one of the script's blocks.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        blocks.contains { $0.contains(scalar.value) }
    }

    private static func noto(
        _ name: String, _ blocks: [ClosedRange<UInt32>], stem: String? = nil, hasBold: Bool = true
    ) -> WritingScript {
        WritingScript(
            name: name, package: "fonts-noto-core", blocks: blocks,
            notoStem: "NotoSans" + (stem ?? name.replacingOccurrences(of: " ", with: "")), hasBold: hasBold)
    }

    /// Every known script, the ones with a Noto Sans family of `fonts-noto-core` first.
    public static let all: [WritingScript] = [
        noto(
            "Arabic",
            [0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDCF, 0xFDF0...0xFDFF, 0xFE70...0xFEFF]),
        noto("Hebrew", [0x0590...0x05FF, 0xFB1D...0xFB4F]),
        noto("Devanagari", [0x0900...0x097F, 0xA8E0...0xA8FF]),
        noto("Bengali", [0x0980...0x09FF]),
        noto("Gurmukhi", [0x0A00...0x0A7F]),
        noto("Gujarati", [0x0A80...0x0AFF]),
        noto("Oriya", [0x0B00...0x0B7F]),
        noto("Tamil", [0x0B80...0x0BFF]),
        noto("Telugu", [0x0C00...0x0C7F]),
        noto("Kannada", [0x0C80...0x0CFF]),
        noto("Malayalam", [0x0D00...0x0D7F]),
        noto("Sinhala", [0x0D80...0x0DFF]),
        noto("Thai", [0x0E00...0x0E7F]),
        noto("Lao", [0x0E80...0x0EFF]),
        noto("Myanmar", [0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F]),
        noto("Georgian", [0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F]),
        noto("Armenian", [0x0530...0x058F, 0xFB13...0xFB17]),
        noto("Ethiopic", [0x1200...0x139F, 0x2D80...0x2DDF, 0xAB00...0xAB2F]),
        noto("Khmer", [0x1780...0x17FF, 0x19E0...0x19FF]),
        noto("Cherokee", [0x13A0...0x13FF, 0xAB70...0xABBF]),
        noto("Thaana", [0x0780...0x07BF]),
        noto("Syriac", [0x0700...0x074F], hasBold: false),
        noto("Mongolian", [0x1800...0x18AF], hasBold: false),
        noto("Canadian Aboriginal", [0x1400...0x167F, 0x18B0...0x18FF]),
        noto("Yi", [0xA000...0xA4CF], hasBold: false),
        noto("Tifinagh", [0x2D30...0x2D7F], hasBold: false),
        noto("NKo", [0x07C0...0x07FF], hasBold: false),
        noto("Javanese", [0xA980...0xA9DF]),
        noto("Balinese", [0x1B00...0x1B7F]),
        noto("Sundanese", [0x1B80...0x1BBF]),
        noto("Vai", [0xA500...0xA63F], hasBold: false),
        WritingScript(
            name: "Han", package: "fonts-noto-cjk",
            blocks: [
                0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F,
            ]),
        WritingScript(
            name: "Kana", package: "fonts-noto-cjk", blocks: [0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F]),
        WritingScript(
            name: "Hangul", package: "fonts-noto-cjk", blocks: [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF]),
        WritingScript(
            name: "Emoji", package: "fonts-noto-color-emoji", blocks: [0x1F300...0x1FAFF, 0x2600...0x27BF]),
    ]
}
