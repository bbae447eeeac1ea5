/// How many terminal columns text takes: the cursor advance of a terminal that prints it, so that
/// boxes drawn around text line up.
///
/// Width of one grapheme cluster (a Swift `Character`), first rule that applies:
/// 1. **2 for emoji.** The first scalar has Emoji_Presentation (👍, 🏽, a regional indicator, so
///    a flag pair 🇯🇵 and a lone indicator); or an emoji scalar is followed by U+FE0F (❤️, keycap 1️⃣);
///    or an emoji is joined by U+200D to another (👨‍👩‍👧‍👦); or an emoji modifier base is followed by a
///    modifier (☝🏽). Text-presentation emoji without U+FE0F (☺ U+263A, ❤ U+2764, 1⃣ without FE0F)
///    follow rule 2 and are 1, as in wcwidth and most terminals; U+FE0E does not narrow a wide emoji.
/// 2. **Otherwise the sum over its scalars**, each:
///    - 0: control characters (Cc, including tab, CR and LF: the card escapes them first), line and
///      paragraph separators, format characters (Cf: U+200B zero-width space, U+200D, bidi
///      controls, tags), nonspacing and enclosing marks (Mn, Me), other default-ignorable code
///      points (variation selectors), Hangul medial vowels and final consonants (U+1160–U+11FF,
///      U+D7B0–U+D7FF, which join the initial consonant's two columns), and a spacing mark (Mc)
///      that begins the cluster;
///    - 2: East Asian Wide or Fullwidth (CJK ideographs and punctuation, kana, Hangul syllables and
///      initial consonants, fullwidth forms);
///    - 1: everything else, including East Asian Ambiguous (EAW=A), private use, unassigned code
///      points, spacing marks (Mc) after a base, the Arabic number signs (prepended concatenation
///      marks) and U+00AD soft hyphen (a default-ignorable format character, but glibc's wcwidth
///      counts it and terminals draw it).
///
/// So a letter with combining accents is 1 (e + U+0301), a lone combining mark is 0 (terminals draw
/// it over the previous cell without advancing), and a cluster is 0 only when made of zero-width
/// scalars only. Clusters are normally 0, 1 or 2 columns; an Indic cluster with several spacing
/// letters or vowel signs (क्ष, ஸ்ரீ) counts one column for each, as terminals that advance per code
/// point do, so it can be wider.
///
/// East Asian Width comes from the generated tables (Unicode 15.0); the emoji properties, general
/// categories and default-ignorable property come from the Swift standard library.
public enum TerminalWidth {
    /// Columns of one grapheme cluster: 0, 1 or 2 (more only for Indic clusters, see the type).
    public static func of(_ character: Character) -> Int {
        var width = 0
        var previous: Unicode.Scalar?
        var firstIsEmoji = false
        for scalar in character.unicodeScalars {
            if let previous {
                if scalar.value == 0xFE0F && previous.properties.isEmoji { return 2 }
                if previous.value == 0x200D && firstIsEmoji && scalar.properties.isEmoji { return 2 }
                if scalar.properties.isEmojiModifier && previous.properties.isEmojiModifierBase { return 2 }
            } else if scalar.value >= 0x80 {
                let properties = scalar.properties
                if properties.isEmojiPresentation { return 2 }
                firstIsEmoji = properties.isEmoji
            } else {
                firstIsEmoji = scalar.properties.isEmoji
            }
            // A spacing mark (Mc) is a column after a base, but nothing on its own, like other marks.
            if previous != nil || scalar.properties.generalCategory != .spacingMark {
                width += columns(of: scalar)
            }
            previous = scalar
        }
        return width
    }

    /// Columns of a string: the sum over its grapheme clusters.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var width = 0
        for character in text {
            width += of(character)
        }
        return width
    }

    /// Where `padded` puts the text within the width.
    public enum Alignment: Sendable {
        /// Text first, spaces after.
        case leading
        /// Spaces split around the text, the extra one after it.
        case centered
        /// Spaces first, text last.
        case trailing
    }

    /// The widest `padded` pads to: a wider request is taken as this, so that no caller's number
    /// asks for an unbounded string.
    public static let maximumPaddedColumns = 1 << 16

    /// `text` made exactly `columns` wide (at most `maximumPaddedColumns`): cut with "…" by
    /// `LineWrapper.truncated` when wider, then filled with spaces (a centred text gets the odd
    /// space on its right). Empty for `columns` ≤ 0.
    public static func padded<S: StringProtocol>(_ text: S, toColumns columns: Int, alignment: Alignment = .leading)
        -> String
    {
        guard columns > 0 else { return "" }
        let columns = min(columns, maximumPaddedColumns)
        let fitted = LineWrapper.truncated(text, columns: columns)
        let missing = max(0, columns - of(fitted))
        let before: Int
        switch alignment {
        case .leading: before = 0
        case .centered: before = missing / 2
        case .trailing: before = missing
        }
        return String(repeating: " ", count: before) + fitted + String(repeating: " ", count: missing - before)
    }

    /// Columns of one scalar on its own (rule 2 of the type's description).
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value == 0xAD { return 1 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        let properties = scalar.properties
        // U+115F HANGUL CHOSEONG FILLER is default-ignorable but stands for an initial consonant.
        if properties.isDefaultIgnorableCodePoint && value != 0x115F { return 0 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .lineSeparator, .paragraphSeparator: return 0
        case .format: return isPrependedConcatenationMark(value) ? 1 : 0
        default: return UnicodeTables.isWide(scalar) ? 2 : 1
        }
    }

    /// The format characters that are drawn, spanning the digits after them (Arabic number signs...).
    private static func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: true
        default: false
        }
    }
}
