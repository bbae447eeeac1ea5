import Foundation
import RichPreviewSourceScan
import Testing

private typealias Location = CodeLocation

/// The lexers: every literal form decodes to its value, comments and strings hide code, lines and
/// columns are right, and broken input gives notes instead of crashes.
struct SourceLexerTests {
    static func lex(_ text: String, _ language: SourceLanguage = .swift) -> LexedSource {
        SourceLexer.lex(SourceFile(path: "test", text: text, language: language))
    }

    /// The values of the string tokens, in order.
    static func strings(_ text: String, _ language: SourceLanguage = .swift) -> [StringLiteralValue] {
        let lexed = lex(text, language)
        return lexed.tokens.indices.compactMap { lexed.stringValue($0) }
    }

    /// The text of every token but strings, in order.
    static func words(_ text: String, _ language: SourceLanguage = .swift) -> [String] {
        let lexed = lex(text, language)
        return lexed.tokens.indices.filter { lexed.tokens[$0].kind != .string }.map { lexed.text($0) }
    }

    // MARK: - Swift literals

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""a\n\t\r\0\"\'\\b""#, "a\n\t\r\0\"'\\b"),
        (#""\u{41}\u{1F600}\u{E9}""#, "A😀é"),
        (##"#"raw \n "quoted" \(not)"#"##, #"raw \n "quoted" \(not)"#),
        (##"#"tab\#tend"#"##, "tab\tend"),
        (###"##"a "# b \#n"##"###, ##"a "# b \#n"##),
        (
            "\"\"\"\n    line one\n      indented \"quoted\"\n    last\\\n     joined\n    \"\"\"",
            "line one\n  indented \"quoted\"\nlast joined"
        ),
        ("\"\"\"\r\n  crlf\r\n  lines\r\n  \"\"\"", "crlf\nlines"),
        ("#\"\"\"\n  raw \\n \"\"\" inside\n  \"\"\"#", "raw \\n \"\"\" inside"),
        ("\"\"\"\n  a\n\n  b\n  \"\"\"", "a\n\nb"),
        (#""""#, ""),
    ])
    func swiftLiteralDecodes(source: String, expected: String) {
        #expect(Self.strings(source) == [.value(expected)])
    }

    @Test func interpolationIsOneTokenAndHidesItsContents() {
        let source = #"let s = "x \(foo("y)", bar(1, "\(2)")) + ")") end"; let after = 1"#
        #expect(Self.strings(source) == [.interpolated])
        #expect(Self.words(source) == ["let", "s", "=", ";", "let", "after", "=", "1"])
        let raw = ##"#"a \#(value) b"#"##
        #expect(Self.strings(raw) == [.interpolated])
        let multiline = "\"\"\"\n  \\(call(\")\\n\"))\n  \"\"\" + x"
        #expect(Self.strings(multiline) == [.interpolated])
        #expect(Self.words(multiline) == ["+", "x"])
    }

    @Test func commentsAndStringsHideLookAlikeCode() {
        let source = """
            /* outer /* inner */ UNNotificationCategory(identifier: "a") */
            // UNNotificationCategory(identifier: "b")
            let s = "UNNotificationCategory(identifier: \\"c\\")"
            let r = #/"[a-z]+"/#
            let q = /"x"/
            let half = total / 2 / 1
            """
        let lexed = Self.lex(source)
        #expect(Self.strings(source) == [.value(#"UNNotificationCategory(identifier: "c")"#)])
        #expect(!Self.words(source).contains("UNNotificationCategory"))
        #expect(Self.words(source).filter { $0 == "/" }.count == 2)
        #expect(lexed.notes.isEmpty)
    }

    @Test func backticksAndOperatorsAreTokens() {
        #expect(
            Self.words("let `class` = a?.b ?? c != d") == [
                "let", "class", "=", "a", "?", ".", "b", "??", "c", "!=", "d",
            ])
        #expect(Self.words("x.categoryIdentifier == y") == ["x", ".", "categoryIdentifier", "==", "y"])
    }

    /// The word number the lexer gave each token, by its text (0: none).
    static func wordMarks(_ text: String, _ language: SourceLanguage = .swift) -> [String: UInt8] {
        let lexed = lex(text, language)
        var marks: [String: UInt8] = [:]
        for index in lexed.tokens.indices { marks[lexed.text(index)] = lexed.tokens[index].word }
        return marks
    }

    @Test func identifiersThatSpellAScannerWordAreMarkedOnce() {
        let marks = Self.wordMarks(
            "let x = UNNotificationCategory(identifier: y); var `case` = lets + le + UNNotificationCategoryX; func f() {}"
        )
        for word in ["let", "UNNotificationCategory", "identifier", "var", "case", "func"] {
            #expect(marks[word, default: 0] != 0, "\(word) is not marked")
        }
        for other in ["x", "y", "lets", "le", "UNNotificationCategoryX", "f", "=", "(", "+"] {
            #expect(marks[other] == 0, "\(other) is marked")
        }
        // Different words, different numbers; words differing only past their eighth byte too.
        let numbers = ["let", "var", "case", "func", "identifier", "UNNotificationCategory"].compactMap { marks[$0] }
        #expect(Set(numbers).count == 6)
        let long = Self.wordMarks("setCategory setCategoryIdentifier categoryIdentifier categoryIdentifieR")
        #expect(Set([long["setCategory"], long["setCategoryIdentifier"], long["categoryIdentifier"]]).count == 3)
        #expect(long["categoryIdentifieR"] == 0)
    }

    @Test func wordsInsideStringsAndCommentsAreNotMarked() {
        let lexed = Self.lex(#"let s = "UNNotificationCategory" // let var"#)
        #expect(lexed.tokens.filter { $0.word != 0 }.count == 1)
        let objectiveC = Self.wordMarks("@interface NSString *a = @\"let\"; [x setCategory:y];", .objectiveC)
        #expect(objectiveC["NSString", default: 0] != 0 && objectiveC["setCategory", default: 0] != 0)
        #expect(objectiveC["interface"] == 0 && objectiveC["a"] == 0)
    }

    @Test func marksAreTheTokensLaterPassesReactTo() {
        let swift = Self.lex(#"let x: [Int] = f(a, b); enum E: String { case a = "s" } // {"#)
        let marked = swift.marks.map { swift.text(Int($0)) }
        #expect(marked == ["let", "[", "]", "(", ")", ";", "enum", "{", "case", "\"s\"", "}"])
        let objectiveC = Self.lex(
            """
            #define K @"k"
            @interface A : NSObject - (void)f; @end
            - (void)g { x = a - b; [c setCategory:K]; }
            """, .objectiveC)
        let objectiveCMarked = objectiveC.marks.map { objectiveC.text(Int($0)) }
        #expect(
            objectiveCMarked == [
                "define", "@\"k\"", "interface", "-", "(", ")", ";", "end", "-", "(", ")", "{", "-", ";", "[",
                "setCategory", "]", ";", "}",
            ])
        #expect(zip(swift.marks, swift.marks.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Text denser than the lexer's first guess (a token per byte) is lexed again with more room:
    /// every token is there.
    @Test(arguments: [
        String(repeating: "a+", count: 5000), String(repeating: "(", count: 300) + String(repeating: ")", count: 300),
        String(repeating: ";", count: 4097), "x",
    ])
    func denseTextKeepsEveryToken(text: String) {
        let lexed = Self.lex(text)
        #expect(lexed.tokens.count == text.utf8.count)
        #expect(lexed.tokens.map { lexed.text(from: Int($0.start), to: Int($0.end)) }.joined() == text)
    }

    /// The lexer notes line starts as it passes line breaks, inside comments, literals, splices,
    /// interpolations and directives too: every offset's line must be what counting breaks gives
    /// (`\n`, `\r\n`, a lone `\r`), over many random texts made of the pieces that hide breaks.
    @Test(arguments: [SourceLanguage.swift, .objectiveC])
    func linesMatchCountedBreaksInRandomText(language: SourceLanguage) {
        let pieces = [
            "\n", "\r\n", "\r", " ", "a", "L", "u8", "\"", "\"\"\"", "\\", "\\(", ")", "(", "/", "*", "/*", "*/", "//",
            "#",
            "#\"", "\"#", "#/", "/#", "@", "'", "`", "#define ", "#if ", "x = ", "é", "{", "}",
        ]
        var state: UInt64 = language == .swift ? 0x1234_5678 : 0x8765_4321
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var mismatches: [String] = []
        for _ in 0..<1500 {
            let text = (0..<(1 + next(40))).map { _ in pieces[next(pieces.count)] }.joined()
            let bytes = Array(text.utf8)
            let lexed = SourceLexer.lex(SourceFile(path: "t", text: text, language: language))
            var line = 1
            for offset in 0...bytes.count {
                if offset > 0 {
                    let previous = bytes[offset - 1]
                    if previous == 0x0A || (previous == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)) {
                        line += 1
                    }
                }
                if lexed.location(ofOffset: offset).line != line {
                    mismatches.append("\(text.debugDescription) at \(offset)")
                    break
                }
            }
        }
        let failed = mismatches.count
        #expect(failed == 0, "\(mismatches.prefix(3))")
    }

    // MARK: - Objective-C literals

    @Test(arguments: [
        (#"@"a\n" @"b""#, "a\nb"),
        (#""c" /* comment "x" */ "d""#, "cd"),
        ("@\"x\" // tail \"y\"\n  @\"z\"", "xz"),
        (#""\101\x42\u00e9\U0001F600""#, "ABé😀"),
        (#"L"wide" u8"utf""#, "wideutf"),
        ("\"spliced \\\nline\"", "spliced line"),
        (#"@"""#, ""),
    ])
    func objectiveCLiteralDecodes(source: String, expected: String) {
        #expect(Self.strings(source, .objectiveC) == [.value(expected)])
    }

    @Test func characterLiteralsAndDirectivesDoNotOpenStrings() {
        let source = """
            #import "Header.h"
            #pragma mark - Don't "worry"
            #define NAME @"a" \\
                @"b"
            char c = '"'; char d = '\\'';
            NSString *s = @"ok";
            """
        let lexed = Self.lex(source, .objectiveC)
        #expect(Self.strings(source, .objectiveC) == [.value("ab"), .value("ok")])
        #expect(lexed.notes.isEmpty)
        let kinds = lexed.tokens.map(\.kind)
        #expect(kinds.first == .directive)
        #expect(kinds.filter { $0 == .directiveEnd }.count == 1)
        #expect(kinds.filter { $0 == .character }.count == 2)
        #expect(!Self.words(source, .objectiveC).contains("pragma"))
    }

    // MARK: - Lines and columns

    @Test func linesAndColumnsOnCRLFAndWideCharacters() throws {
        let source = "let a = 1\r\nlet é = \"ü\"; let z = 2\r\n\r\n  👩‍👩‍👧 + k\rlast"
        let lexed = Self.lex(source)
        func location(of word: String) throws -> Location {
            let index = try #require(lexed.tokens.indices.first { lexed.text($0) == word })
            return lexed.location(index)
        }
        #expect(try location(of: "a") == Location(file: "test", line: 1, column: 5))
        #expect(try location(of: "é") == Location(file: "test", line: 2, column: 5))
        #expect(try location(of: "z") == Location(file: "test", line: 2, column: 18))
        #expect(try location(of: "k") == Location(file: "test", line: 4, column: 7))
        #expect(try location(of: "last") == Location(file: "test", line: 5, column: 1))
    }

    @Test func tokensAfterMultilineStringsAndCommentsKeepTheirLines() throws {
        let source = "let s = \"\"\"\n  one\n  two\n  \"\"\"; let after = 1\n/* a\nb */ let third = 3"
        let lexed = Self.lex(source)
        let after = try #require(lexed.tokens.indices.first { lexed.text($0) == "after" })
        #expect(lexed.location(after) == Location(file: "test", line: 4, column: 12))
        let third = try #require(lexed.tokens.indices.first { lexed.text($0) == "third" })
        #expect(lexed.location(third) == Location(file: "test", line: 6, column: 10))
        #expect(lexed.tokens[third - 1].flags.contains(.newlineBefore))
    }

    // MARK: - Broken input

    @Test(arguments: [
        ("let s = \"abc", SourceLanguage.swift, "unterminated string literal", 9),
        ("let s = \"\"\"\nabc", .swift, "unterminated multi-line string literal", 9),
        ("let x = 1 /* never closed", .swift, "unterminated block comment; it runs to the end of the file", 11),
        ("NSString *s = @\"abc", .objectiveC, "unterminated string literal", 15),
        ("char c = 'a", .objectiveC, "unterminated character literal", 10),
    ])
    func unterminatedInputIsANote(source: String, language: SourceLanguage, message: String, column: Int) {
        let lexed = Self.lex(source, language)
        #expect(lexed.notes.map(\.message) == [message])
        #expect(lexed.notes.first?.location?.column == column)
        #expect(lexed.notes.first?.kind == .lexical)
    }

    @Test func unterminatedSingleLineStringStopsAtTheLineEnd() {
        let lexed = Self.lex("let s = \"open\nlet t = \"closed\"")
        #expect(Self.strings("let s = \"open\nlet t = \"closed\"") == [.unterminated, .value("closed")])
        #expect(lexed.notes.count == 1)
    }

    @Test func deepInterpolationIsANoteNotARecursion() {
        let depth = 40
        let source = String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth)
        let lexed = Self.lex(source)
        #expect(
            lexed.notes.contains { $0.message.contains("nested more than \(SourceLexer.interpolationDepthLimit) deep") }
        )
    }
}
