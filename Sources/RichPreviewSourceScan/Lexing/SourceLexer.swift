/// Splits Swift or Objective-C text into tokens, so that nothing inside a comment or a string
/// literal is ever matched as code.
///
/// Swift: `"…"` with escapes and `\(…)` interpolation (nested parentheses, strings and comments
/// inside), `"""…"""`, raw strings `#"…"#` (any number of `#`), nested block comments, regex
/// literals (skipped). Objective-C: `@"…"`, C strings (with `L`/`u`/`U`/`u8` prefixes), adjacent
/// literals merged, character literals, non-nesting comments, backslash-newline splices, and
/// preprocessor lines: `#define` lines become tokens ended by `directiveEnd`, other directives are
/// skipped. Works on UTF-8 bytes in one pass; interpolation nesting is followed at most
/// `interpolationDepthLimit` deep (a note, then the literal counts as unterminated).
///
/// The bytes are read through a buffer pointer for speed; every read is behind an explicit
/// bounds check (`pos < bytes.count`, `peek`, `byte(at:)`), and debug builds check each subscript too.
package struct SourceLexer {
    /// How deep string interpolations inside string interpolations are followed.
    package static let interpolationDepthLimit = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private let language: SourceLanguage
    private var pos = 0
    /// Tokens so far, written straight into the storage of the array `lex` returns (appending to
    /// an array per token costs a uniqueness check each time). A token past `tokenCapacity` is not
    /// written: the lexer stops (`overflowed`) and `lex` runs again with more room.
    private let tokenStorage: UnsafeMutablePointer<SourceToken>
    private let tokenCapacity: Int
    private var tokenCount = 0
    private var overflowed = false
    /// The indices of the tokens later passes react to (`LexedSource.marks`); room for as many as
    /// there is for tokens.
    private let markStorage: UnsafeMutablePointer<Int32>
    private var markCount = 0
    private var problems: [(offset: Int, message: String)] = []
    /// The conditional-compilation directives, in order.
    private var conditionals: [ConditionalDirective] = []
    /// Where each line starts, as the lexer passes the line breaks (see `LexedSource`).
    private var lineStarts: [Int32] = []
    private var newlinePending = false
    private var spacePending = false
    private var atLineStart = true
    private var inDefine = false
    /// The scanner words, to mark the identifiers that spell one.
    private let lexicon: WordLexicon
    /// `byteClasses`, read through a pointer for the time of one `lex` call.
    private let classes: UnsafeBufferPointer<ByteClass>

    private init(
        bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage, lexicon: WordLexicon,
        classes: UnsafeBufferPointer<ByteClass>, tokens: UnsafeMutablePointer<SourceToken>,
        marks: UnsafeMutablePointer<Int32>, capacity: Int
    ) {
        self.bytes = bytes
        self.language = language
        self.lexicon = lexicon
        self.classes = classes
        tokenStorage = tokens
        markStorage = marks
        tokenCapacity = capacity
        lineStarts.reserveCapacity(bytes.count / 24 + 1)
    }

    /// The last token, if any.
    private var lastToken: SourceToken? { tokenCount > 0 ? tokenStorage[tokenCount - 1] : nil }

    /// The tokens of `file`, with notes for unterminated literals and comments.
    package static func lex(_ file: SourceFile) -> LexedSource {
        lex(SourceBytes(file))
    }

    /// The tokens of a file already in UTF-8, with notes for unterminated literals and comments.
    package static func lex(_ file: SourceBytes) -> LexedSource {
        lex(file, lexicon: ScannerWord.lexicon)
    }

    /// The tokens of a file already in UTF-8, with notes for unterminated literals and comments;
    /// the identifiers `lexicon` holds are marked with their word numbers.
    static func lex(_ file: SourceBytes, lexicon: WordLexicon) -> LexedSource {
        let bytes = file.utf8
        // Code has a token per several bytes: room for one per three bytes does nearly every file.
        // Denser text is lexed again with room for one per byte and one more, more than any text
        // needs (every token takes a byte at least, but a `#define` line's end, which follows the
        // six-byte `define`).
        var result = lex(bytes, file.language, lexicon: lexicon, capacity: bytes.count / 3 + 16)
        if !result.complete { result = lex(bytes, file.language, lexicon: lexicon, capacity: bytes.count + 16) }
        return LexedSource(
            path: file.path, language: file.language, bytes: bytes, tokens: result.tokens, marks: result.marks,
            lineStarts: result.lineStarts, problems: result.problems, conditionals: result.conditionals)
    }

    /// One lexing pass with room for `capacity` tokens; not `complete` when they did not fit (the
    /// tokens are then cut short).
    private static func lex(_ bytes: [UInt8], _ language: SourceLanguage, lexicon: WordLexicon, capacity: Int) -> (
        tokens: [SourceToken], marks: [Int32], lineStarts: [Int32], problems: [(offset: Int, message: String)],
        conditionals: [ConditionalDirective], complete: Bool
    ) {
        let markStorage = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer { markStorage.deallocate() }
        var marks: [Int32] = []
        var lineStarts: [Int32] = []
        var problems: [(offset: Int, message: String)] = []
        var conditionals: [ConditionalDirective] = []
        var complete = true
        let tokens = [SourceToken](unsafeUninitializedCapacity: capacity) { tokenBuffer, initialized in
            initialized = 0
            guard let tokenBase = tokenBuffer.baseAddress else { return }
            Self.byteClasses.withUnsafeBufferPointer { classes in
                bytes.withUnsafeBufferPointer { buffer in
                    var lexer = SourceLexer(
                        bytes: buffer, language: language, lexicon: lexicon, classes: classes,
                        tokens: tokenBase, marks: markStorage, capacity: min(capacity, tokenBuffer.count))
                    lexer.run()
                    initialized = lexer.tokenCount
                    marks = Array(UnsafeBufferPointer(start: markStorage, count: lexer.markCount))
                    lineStarts = lexer.lineStarts
                    problems = lexer.problems
                    conditionals = lexer.conditionals
                    complete = !lexer.overflowed
                }
            }
        }
        return (tokens, marks, lineStarts, problems, conditionals, complete)
    }

    // MARK: - Bytes

    private func peek(_ offset: Int) -> UInt8 {
        let index = pos + offset
        return index >= 0 && index < bytes.count ? bytes[index] : 0
    }

    private func byte(at index: Int) -> UInt8 {
        index >= 0 && index < bytes.count ? bytes[index] : 0
    }

    /// What each byte can start, for the main loop's dispatch (and, `identifier` and `digit`, what
    /// continues a name).
    private enum ByteClass: UInt8 {
        case other, space, newline, identifier, digit, quote, slash, hash, at, apostrophe, backtick, dot, punctuation,
            operatorByte, backslash, nonASCII
    }

    private static let byteClasses: [ByteClass] = (0...255).map { (value: Int) -> ByteClass in
        let c = UInt8(value)
        switch c {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00: return .space
        case 0x0A, 0x0D: return .newline
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: "$"):
            return .identifier
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
        case UInt8(ascii: "\""): return .quote
        case UInt8(ascii: "/"): return .slash
        case UInt8(ascii: "#"): return .hash
        case UInt8(ascii: "@"): return .at
        case UInt8(ascii: "'"): return .apostrophe
        case UInt8(ascii: "`"): return .backtick
        case UInt8(ascii: "."): return .dot
        case UInt8(ascii: "\\"): return .backslash
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return .punctuation
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
            UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return .operatorByte
        default: return c >= 0x80 ? .nonASCII : .other
        }
    }

    /// Whether a byte continues an identifier: ASCII letters, digits, `_`, `$` (a bit mask per
    /// half of ASCII) and any non-ASCII byte.
    private static func continuesIdentifier(_ c: UInt8) -> Bool {
        if c >= 0x80 { return true }
        let mask: UInt64 = c < 64 ? 0x03FF_0010_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return (mask >> UInt64(c & 63)) & 1 == 1
    }

    private static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func isIdentifierContinue(_ c: UInt8) -> Bool { continuesIdentifier(c) }

    /// The length of a Unicode space at `index` (no-break, ideographic, zero-width, BOM), else 0.
    private func unicodeSpaceLength(at index: Int) -> Int {
        Self.unicodeSpaceLength(in: bytes, at: index)
    }

    /// The length of a Unicode space at `bytes[index]`, else 0 (reads out of range as 0).
    private static func unicodeSpaceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        func byte(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }
        switch byte(index) {
        case 0xC2 where byte(index + 1) == 0xA0: return 2
        case 0xE3 where byte(index + 1) == 0x80 && byte(index + 2) == 0x80: return 3
        case 0xE2 where byte(index + 1) == 0x80 && (byte(index + 2) == 0x8B || byte(index + 2) == 0xAF): return 3
        case 0xEF where byte(index + 1) == 0xBB && byte(index + 2) == 0xBF: return 3
        default: return 0
        }
    }

    private func isNewline(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }

    /// The length of the line break at `index` (`\r\n` is 2), or 0.
    private func newlineLength(at index: Int) -> Int {
        switch byte(at: index) {
        case 0x0A: return 1
        case 0x0D: return byte(at: index + 1) == 0x0A ? 2 : 1
        default: return 0
        }
    }

    // MARK: - Emitting

    /// Appends a token; `mark` lists it among the tokens later passes react to (`LexedSource.marks`).
    private mutating func emit(
        _ kind: SourceToken.Kind, _ start: Int, _ end: Int, _ flags: SourceToken.Flags = [], word: UInt8 = 0,
        mark: Bool = false
    ) {
        guard tokenCount < tokenCapacity else {
            overflowed = true
            return
        }
        var flags = flags
        if newlinePending { flags.insert(.newlineBefore) }
        if spacePending || newlinePending { flags.insert(.spaceBefore) }
        (tokenStorage + tokenCount).initialize(
            to: SourceToken(
                kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), flags: flags,
                word: word))
        if mark {
            markStorage[markCount] = Int32(truncatingIfNeeded: tokenCount)
            markCount += 1
        }
        tokenCount += 1
        newlinePending = false
        spacePending = false
        atLineStart = false
    }

    private mutating func lineBreak() {
        newlinePending = true
        atLineStart = true
        if inDefine {
            inDefine = false
            emit(.directiveEnd, pos, pos)
            newlinePending = true
            atLineStart = true
        }
    }

    private mutating func problem(at offset: Int, _ message: String) {
        problems.append((offset, message))
    }

    // MARK: - Lines

    /// Notes the line breaks in `bytes[start..<end]`, a stretch the main loop's newline case did
    /// not see (a comment, a literal, a splice, a directive): a line starts after each `\n`, and
    /// after each `\r` not followed by `\n` (a `\r\n` is one break, noted at its `\n`).
    private mutating func noteLines(from start: Int, to end: Int) {
        var index = max(0, start)
        let end = min(end, bytes.count)
        let base = bytes.baseAddress
        while index < end {
            // Eight bytes at a time past those with no byte below 0x0E (so no `\n`, no `\r`): the
            // test flags any such byte (and may flag a byte more), which goes byte by byte.
            if end - index >= 8, let base {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let c = bytes[index]
            if c == 0x0A || (c == 0x0D && byte(at: index + 1) != 0x0A) {
                lineStarts.append(Int32(truncatingIfNeeded: index + 1))
            }
            index += 1
        }
    }

    // MARK: - Main loop

    private mutating func run() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
        lineStarts.append(Int32(truncatingIfNeeded: pos))
        let classes = self.classes
        while pos < bytes.count, !overflowed {
            var c = bytes[pos]
            // The spaces between tokens, and indentation, passed before the dispatch.
            if c == 0x20 {
                passSpaces()
                guard pos < bytes.count else { break }
                c = bytes[pos]
            }
            // Where this step starts, for the steps that may pass line breaks of their own.
            let start = pos
            switch classes[Int(c)] {
            case .newline:
                pos += newlineLength(at: pos)
                lineStarts.append(Int32(truncatingIfNeeded: pos))
                lineBreak()
            case .space:
                passSpaces()
            case .backslash where language == .objectiveC && newlineLength(at: pos + 1) > 0:
                pos += 1 + newlineLength(at: pos + 1)
                lineStarts.append(Int32(truncatingIfNeeded: pos))
                spacePending = true
            case .slash where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
                // A Swift line comment stops before its line's end; an Objective-C one may splice lines.
                if language == .objectiveC { noteLines(from: start, to: pos) }
            case .slash where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
                noteLines(from: start, to: pos)
            case .slash, .operatorByte:
                lexOperator()
                // Only a `/` can start a regex literal, which may escape a line break.
                if c == UInt8(ascii: "/") { noteLines(from: start, to: pos) }
            case .quote:
                if language == .swift {
                    // A one-line string stops at its line's end, unless an interpolation in it holds a
                    // block comment or a multi-line string.
                    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
                    lexSwiftString(start: pos, hashes: 0)
                    if multiline || (tokenCount > 0 && tokenStorage[tokenCount - 1].flags.contains(.interpolated)) {
                        noteLines(from: start, to: pos)
                    }
                } else {
                    lexCString(start: pos)
                    noteLines(from: start, to: pos)
                }
            case .hash:
                lexHash()
                noteLines(from: start, to: pos)
            case .at where language == .objectiveC:
                lexObjectiveCAt()
                noteLines(from: start, to: pos)
            case .apostrophe where language == .objectiveC:
                lexCharacter()
                noteLines(from: start, to: pos)
            case .backtick where language == .swift:
                lexBacktickIdentifier()
            case .digit:
                lexNumber()
            case .nonASCII where unicodeSpaceLength(at: pos) > 0:
                pos += unicodeSpaceLength(at: pos)
                spacePending = true
            case .identifier, .nonASCII:
                lexIdentifier()
                // An Objective-C `L"…"`, `u8"…"`… is a string, which may splice lines.
                if language == .objectiveC, tokenCount > 0, tokenStorage[tokenCount - 1].kind == .string,
                    Int(tokenStorage[tokenCount - 1].end) == pos
                {
                    noteLines(from: start, to: pos)
                }
            case .dot:
                lexDot()
            case .punctuation:
                // Brackets and `;` shape the structure; `,` and `:` nothing.
                emit(.punctuation, pos, pos + 1, mark: c != UInt8(ascii: ",") && c != UInt8(ascii: ":"))
                pos += 1
            case .other, .at, .apostrophe, .backtick, .backslash:
                emit(.punctuation, pos, pos + 1)
                pos += 1
            }
        }
        if inDefine {
            inDefine = false
            emit(.directiveEnd, pos, pos)
        }
    }

    /// Moves past the space-class byte at `pos` and the spaces and tabs after it (indentation
    /// eight spaces at a time).
    private mutating func passSpaces() {
        let bytes = self.bytes
        var end = pos + 1
        if let base = bytes.baseAddress {
            while bytes.count - end >= 8,
                UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
            {
                end += 8
            }
        }
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        pos = end
        spacePending = true
    }

    // MARK: - Comments

    private mutating func skipLineComment() {
        if language == .swift {
            let bytes = self.bytes
            var end = pos
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            pos = end
            spacePending = true
            return
        }
        while pos < bytes.count {
            if language == .objectiveC, bytes[pos] == UInt8(ascii: "\\"), newlineLength(at: pos + 1) > 0 {
                pos += 1 + newlineLength(at: pos + 1)
                continue
            }
            if isNewline(bytes[pos]) { break }
            pos += 1
        }
        spacePending = true
    }

    private mutating func skipBlockComment() {
        let start = pos
        pos += 2
        var depth = 1
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                pos += 2
                depth -= 1
                if depth == 0 {
                    spacePending = true
                    return
                }
            } else if language == .swift, c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                pos += 2
                depth += 1
            } else {
                if isNewline(c) { newlinePending = true }
                pos += 1
            }
        }
        problem(at: start, "unterminated block comment; it runs to the end of the file")
    }

    // MARK: - Names and numbers

    @inline(__always)
    private mutating func lexIdentifier() {
        let start = pos
        // A local cursor and buffer: the loop need not write `self.pos` back on every byte.
        let bytes = self.bytes
        let classes = self.classes
        let count = bytes.count
        var end = pos + 1
        scan: while end < count {
            switch classes[Int(bytes[end])] {
            case .identifier, .digit: end &+= 1
            case .nonASCII where Self.unicodeSpaceLength(in: bytes, at: end) == 0: end &+= 1
            default: break scan
            }
        }
        pos = end
        if language == .objectiveC, peek(0) == UInt8(ascii: "\"") {
            let length = pos - start
            let first = bytes[start]
            let isPrefix =
                (length == 1
                    && (first == UInt8(ascii: "L") || first == UInt8(ascii: "u") || first == UInt8(ascii: "U")))
                || (length == 2 && first == UInt8(ascii: "u") && bytes[start + 1] == UInt8(ascii: "8"))
            if isPrefix {
                lexCString(start: start)
                return
            }
        }
        let word = lexicon.number(of: bytes, from: start, to: pos)
        emit(.identifier, start, pos, word: word, mark: word != 0)
    }

    private mutating func lexBacktickIdentifier() {
        var end = pos + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "`"), !isNewline(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "`"), end > pos + 1 else {
            emit(.punctuation, pos, pos + 1)
            pos += 1
            return
        }
        let word = lexicon.number(of: bytes, from: pos + 1, to: end)
        emit(.identifier, pos + 1, end, word: word, mark: word != 0)
        pos = end + 1
    }

    private mutating func lexNumber() {
        let start = pos
        pos += 1
        while pos < bytes.count {
            let c = bytes[pos]
            if Self.isIdentifierContinue(c), c < 0x80 {
                pos += 1
            } else if c == UInt8(ascii: "."), Self.isDigit(peek(1)) {
                pos += 1
            } else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")),
                [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(peek(-1)),
                Self.isDigit(peek(1))
            {
                pos += 1
            } else {
                break
            }
        }
        emit(.number, start, pos)
    }

    // MARK: - Operators and punctuation

    private static func isOperatorByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    private mutating func lexDot() {
        if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") || peek(2) == UInt8(ascii: "<") {
            emit(.operatorRun, pos, pos + 3)
            pos += 3
        } else {
            emit(.punctuation, pos, pos + 1)
            pos += 1
        }
    }

    private mutating func lexOperator() {
        let c = bytes[pos]
        if language == .swift {
            if c == UInt8(ascii: "/"), startsSwiftRegex() { return }
            // A `?` or `!` right after an expression (no space) is postfix: `content?.x`, `value!`.
            if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")), !spacePending, !newlinePending,
                let previous = lastToken, Int(previous.end) == pos, endsExpression(previous)
            {
                emit(.punctuation, pos, pos + 1)
                pos += 1
                return
            }
            let start = pos
            while pos < bytes.count, Self.isOperatorByte(bytes[pos]) {
                if pos > start, bytes[pos] == UInt8(ascii: "/"),
                    peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")
                {
                    break
                }
                pos += 1
            }
            emit(.operatorRun, start, pos)
            return
        }
        // C: longest match over C's fixed operators.
        let start = pos
        let next = peek(1)
        let third = peek(2)
        var length = 1
        if (c == UInt8(ascii: "<") && next == UInt8(ascii: "<") || c == UInt8(ascii: ">") && next == UInt8(ascii: ">"))
            && third == UInt8(ascii: "=")
        {
            length = 3
        } else if next == UInt8(ascii: "=") && c != UInt8(ascii: "?") && c != UInt8(ascii: "~") {
            length = 2
        } else if (c == next)
            && [
                UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "&"), UInt8(ascii: "|"),
                UInt8(ascii: "<"), UInt8(ascii: ">"),
            ].contains(c)
        {
            length = 2
        } else if c == UInt8(ascii: "-") && next == UInt8(ascii: ">") {
            length = 2
        }
        pos += length
        // A lone `-` or `+` may start an Objective-C method.
        emit(.operatorRun, start, pos, mark: length == 1 && (c == UInt8(ascii: "-") || c == UInt8(ascii: "+")))
    }

    private func endsExpression(_ token: SourceToken) -> Bool {
        switch token.kind {
        case .identifier, .string, .number: return true
        case .punctuation:
            let b = byte(at: Int(token.start))
            return b == UInt8(ascii: ")") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}")
                || b == UInt8(ascii: "?") || b == UInt8(ascii: "!")
        case .operatorRun:
            return byte(at: Int(token.end) - 1) == UInt8(ascii: ">")
        default: return false
        }
    }

    /// A bare `/…/` Swift regex literal: `/` where an expression starts, not followed by a space,
    /// closed by `/` on the same line. Skips it and returns true.
    private mutating func startsSwiftRegex() -> Bool {
        let next = peek(1)
        guard next != 0x20, next != 0x09, !isNewline(next), next != UInt8(ascii: "="), next != 0 else { return false }
        if let previous = lastToken {
            switch previous.kind {
            case .operatorRun: break
            case .punctuation:
                let b = byte(at: Int(previous.start))
                guard
                    [
                        UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"),
                        UInt8(ascii: ";"),
                    ].contains(b)
                else { return false }
            case .identifier:
                let word = bytes[Int(previous.start)..<Int(previous.end)]
                guard word.elementsEqual("return".utf8) || word.elementsEqual("case".utf8) else { return false }
            default: return false
            }
        }
        var index = pos + 1
        while index < bytes.count {
            let b = bytes[index]
            if isNewline(b) { return false }
            if b == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if b == UInt8(ascii: "/") {
                emit(.regex, pos, index + 1)
                pos = index + 1
                return true
            }
            index += 1
        }
        return false
    }

    // MARK: - `#`

    private mutating func lexHash() {
        if language == .objectiveC {
            if atLineStart && !inDefine {
                lexDirective()
            } else {
                emit(.punctuation, pos, pos + 1)
                pos += 1
            }
            return
        }
        let start = pos
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        switch peek(hashes) {
        case UInt8(ascii: "\""):
            pos += hashes
            lexSwiftString(start: start, hashes: hashes)
        case UInt8(ascii: "/"):
            // `#/…/#` extended regex literal: ends at `/` followed by the same number of `#`.
            var index = pos + hashes + 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), hashesFollow(at: index + 1, count: hashes) {
                    emit(.regex, start, index + 1 + hashes)
                    pos = index + 1 + hashes
                    return
                }
                index += 1
            }
            emit(.punctuation, pos, pos + 1)
            pos += 1
        default:
            if hashes == 1 { noteSwiftConditional() }
            emit(.punctuation, pos, pos + 1)
            pos += 1
        }
    }

    /// Notes a Swift `#if`, `#elseif`, `#else` or `#endif` at `pos` (its `#`): the condition is the
    /// rest of the line, up to a comment.
    private mutating func noteSwiftConditional() {
        let nameStart = pos + 1
        guard nameStart < bytes.count, bytes[nameStart] == UInt8(ascii: "i") || bytes[nameStart] == UInt8(ascii: "e")
        else { return }
        var nameEnd = nameStart
        while nameEnd < bytes.count, nameEnd - nameStart < 7, Self.isIdentifierContinue(bytes[nameEnd]) { nameEnd += 1 }
        guard let directive = ConditionalDirective.Kind(bytes[nameStart..<nameEnd]), directive.isSwift,
            nameEnd >= bytes.count || !Self.isIdentifierContinue(bytes[nameEnd])
        else { return }
        var end = nameEnd
        while end < bytes.count, !isNewline(bytes[end]) {
            if bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count,
                bytes[end + 1] == UInt8(ascii: "/") || bytes[end + 1] == UInt8(ascii: "*")
            {
                break
            }
            end += 1
        }
        conditionals.append(
            ConditionalDirective(
                kind: directive, offset: Int32(truncatingIfNeeded: pos),
                condition: Int32(truncatingIfNeeded: nameEnd)..<Int32(truncatingIfNeeded: end)))
    }

    private func hashesFollow(at index: Int, count: Int) -> Bool {
        var i = 0
        while i < count {
            guard byte(at: index + i) == UInt8(ascii: "#") else { return false }
            i += 1
        }
        return true
    }

    /// An Objective-C preprocessor line. `#define` is lexed into tokens; any other directive is skipped
    /// to the end of its logical line (backslash-newline continues it; comments inside are skipped).
    private mutating func lexDirective() {
        let hashOffset = pos
        pos += 1
        while peek(0) == 0x20 || peek(0) == 0x09 { pos += 1 }
        let nameStart = pos
        while pos < bytes.count, Self.isIdentifierContinue(bytes[pos]), bytes[pos] < 0x80 { pos += 1 }
        if bytes[nameStart..<pos].elementsEqual("define".utf8) {
            emit(.directive, nameStart, pos, mark: true)
            inDefine = true
            return
        }
        let conditional = pos - nameStart <= 6 ? ConditionalDirective.Kind(bytes[nameStart..<pos]) : nil
        let conditionStart = pos
        var conditionEnd = pos
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\\"), newlineLength(at: pos + 1) > 0 {
                pos += 1 + newlineLength(at: pos + 1)
            } else if isNewline(c) {
                break
            } else if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                skipBlockComment()
            } else if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                skipLineComment()
            } else {
                pos += 1
                conditionEnd = pos
            }
        }
        if let conditional, !conditional.isSwiftOnly {
            conditionals.append(
                ConditionalDirective(
                    kind: conditional, offset: Int32(truncatingIfNeeded: hashOffset),
                    condition: Int32(truncatingIfNeeded: conditionStart)..<Int32(truncatingIfNeeded: conditionEnd)))
        }
    }

    // MARK: - Objective-C literals

    private mutating func lexObjectiveCAt() {
        let next = peek(1)
        if next == UInt8(ascii: "\"") {
            lexCString(start: pos)
        } else if Self.isIdentifierStart(next), next < 0x80 {
            let start = pos + 1
            pos += 1
            while pos < bytes.count, Self.isIdentifierContinue(bytes[pos]), bytes[pos] < 0x80 { pos += 1 }
            emit(.atKeyword, start, pos, word: lexicon.number(of: bytes, from: start, to: pos), mark: true)
        } else {
            emit(.punctuation, pos, pos + 1)
            pos += 1
        }
    }

    /// A C or Objective-C string starting at `start` (its prefix `@`, `L`, `u8`, … then `"`).
    /// A literal directly after another (only space or comments between) joins it.
    private mutating func lexCString(start: Int) {
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "\"") { pos += 1 }
        pos += 1
        let terminated = skipQuoted(until: UInt8(ascii: "\""))
        var flags: SourceToken.Flags = []
        if !terminated {
            flags.insert(.unterminated)
            problem(at: start, "unterminated string literal")
        }
        if let last = lastToken, last.kind == .string {
            tokenStorage[tokenCount - 1].end = Int32(truncatingIfNeeded: pos)
            tokenStorage[tokenCount - 1].flags.formUnion(flags)
            newlinePending = false
            spacePending = false
            atLineStart = false
        } else {
            emit(.string, start, pos, flags, mark: true)
        }
    }

    /// Moves past a one-line C literal's body up to and over its closing `quote`, stepping over
    /// backslash escapes (a backslash-newline continues the line); stops at an unescaped newline or
    /// the end of the input. True when the closing quote was found.
    private mutating func skipQuoted(until quote: UInt8) -> Bool {
        defer { pos = min(pos, bytes.count) }
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\\") {
                pos += 1 + max(1, newlineLength(at: pos + 1))
                continue
            }
            if c == quote {
                pos += 1
                return true
            }
            if isNewline(c) { return false }
            pos += 1
        }
        return false
    }

    private mutating func lexCharacter() {
        let start = pos
        pos += 1
        let terminated = skipQuoted(until: UInt8(ascii: "'"))
        if !terminated { problem(at: start, "unterminated character literal") }
        emit(.character, start, pos, terminated ? [] : [.unterminated])
    }

    // MARK: - Swift strings

    /// A Swift string whose opening `"` (after `hashes` `#`s) is at `pos`.
    private mutating func lexSwiftString(start: Int, hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        pos += multiline ? 3 : 1
        let result = scanSwiftStringBody(hashes: hashes, multiline: multiline, depth: 0)
        var flags: SourceToken.Flags = []
        if result.interpolated { flags.insert(.interpolated) }
        if !result.terminated {
            flags.insert(.unterminated)
            problem(at: start, multiline ? "unterminated multi-line string literal" : "unterminated string literal")
        }
        emit(.string, start, min(pos, bytes.count), flags, mark: true)
    }

    /// Moves past a string body and its closing delimiter; stops early (unterminated) at the end of
    /// the line for a single-line literal, or at the end of the file.
    private mutating func scanSwiftStringBody(hashes: Int, multiline: Bool, depth: Int) -> (
        terminated: Bool, interpolated: Bool
    ) {
        var interpolated = false
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") {
                if multiline {
                    if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\""),
                        hashesFollow(at: pos + 3, count: hashes)
                    {
                        pos += 3 + hashes
                        return (true, interpolated)
                    }
                } else if hashesFollow(at: pos + 1, count: hashes) {
                    pos += 1 + hashes
                    return (true, interpolated)
                }
                pos += 1
                continue
            }
            if c == UInt8(ascii: "\\"), hashesFollow(at: pos + 1, count: hashes) {
                let escaped = pos + 1 + hashes
                guard escaped < bytes.count else {
                    pos = bytes.count
                    break
                }
                if bytes[escaped] == UInt8(ascii: "(") {
                    interpolated = true
                    pos = escaped + 1
                    guard skipInterpolation(multiline: multiline, depth: depth + 1) else { return (false, true) }
                    continue
                }
                if isNewline(bytes[escaped]) {
                    pos = escaped
                    if !multiline { return (false, interpolated) }
                    continue
                }
                pos = escaped + 1
                continue
            }
            if isNewline(c), !multiline { return (false, interpolated) }
            pos += 1
        }
        return (false, interpolated)
    }

    /// Moves past `…)` of an interpolation whose `\(` was just read; false when it does not close.
    private mutating func skipInterpolation(multiline: Bool, depth: Int) -> Bool {
        guard depth <= Self.interpolationDepthLimit else {
            problem(at: pos, "string interpolation nested more than \(Self.interpolationDepthLimit) deep")
            return false
        }
        var parentheses = 1
        while pos < bytes.count {
            let c = bytes[pos]
            switch c {
            case UInt8(ascii: "("):
                parentheses += 1
                pos += 1
            case UInt8(ascii: ")"):
                parentheses -= 1
                pos += 1
                if parentheses == 0 { return true }
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                guard peek(hashes) == UInt8(ascii: "\"") else {
                    pos += max(1, hashes)
                    continue
                }
                pos += hashes
                let innerMultiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
                pos += innerMultiline ? 3 : 1
                guard scanSwiftStringBody(hashes: hashes, multiline: innerMultiline, depth: depth + 1).terminated else {
                    return false
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while pos < bytes.count, !isNewline(bytes[pos]) { pos += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let saved = newlinePending
                skipBlockComment()
                newlinePending = saved
            case 0x0A, 0x0D:
                if !multiline { return false }
                pos += 1
            default:
                pos += 1
            }
        }
        return false
    }
}
