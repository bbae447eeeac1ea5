/// One token of a lexed source file: a byte range of the file's UTF-8 text and what it is.
package struct SourceToken: Sendable, Hashable {
    /// What a token is.
    package enum Kind: UInt8, Sendable {
        /// A name or keyword; a Swift name in backticks without the backticks.
        case identifier
        /// A string literal with its delimiters (Objective-C: adjacent literals merged into one token).
        case string
        /// An Objective-C character literal.
        case character
        case number
        /// One byte: `( ) [ ] { } , ; : . @ #`, a postfix `?`/`!`, or any byte nothing else claims.
        case punctuation
        /// An operator: `=`, `==`, `!=`, `+=`, `->`, `|`, `...`, ….
        case operatorRun
        /// Objective-C `#define`; the range is the word `define`. Its tokens follow, then `directiveEnd`.
        case directive
        /// The end of a `#define` line (an empty range).
        case directiveEnd
        /// Objective-C `@interface`, `@end`, …; the range is the word after `@`.
        case atKeyword
        /// A Swift regex literal, skipped.
        case regex
    }

    /// Facts about a token beyond its kind.
    package struct Flags: OptionSet, Sendable, Hashable {
        /// The flags as bits.
        package let rawValue: UInt8
        /// Flags from their bits.
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A line break (or a comment holding one) comes between this token and the one before.
        package static let newlineBefore = Flags(rawValue: 1)
        /// A Swift string literal with `\(…)` interpolation.
        package static let interpolated = Flags(rawValue: 2)
        /// A string or character literal that reached the end of its line or of the file.
        package static let unterminated = Flags(rawValue: 4)
        /// Whitespace or a comment comes right before the token.
        package static let spaceBefore = Flags(rawValue: 8)
    }

    /// What the token is.
    package var kind: Kind
    /// Byte offsets in the file's UTF-8 text (files are at most 2 MiB, so 32 bits hold them).
    package var start: Int32
    /// The byte offset just past the token.
    package var end: Int32
    /// Line breaks and spaces before it; interpolation and termination of literals.
    package var flags: Flags
    /// For an identifier or an Objective-C `@` keyword, the number of the scanner word it spells
    /// (looked up once, as it is lexed); 0 for any other token or text. Fits the struct's padding.
    package var word: UInt8

    /// A token from its parts.
    package init(kind: Kind, start: Int32, end: Int32, flags: Flags, word: UInt8 = 0) {
        self.kind = kind
        self.start = start
        self.end = end
        self.flags = flags
        self.word = word
    }
}
