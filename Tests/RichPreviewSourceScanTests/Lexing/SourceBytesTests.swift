import RichPreviewSourceScan
import Testing

/// Source bytes read from files: well-formed UTF-8 is told apart exactly as the standard library
/// does, and ill-formed bytes lex as their repaired text would.
struct SourceBytesTests {
    static func agrees(_ bytes: [UInt8]) -> Bool {
        SourceBytes.isWellFormedUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test func everyOneAndTwoByteSequenceIsJudgedLikeTheStandardLibrary() {
        var disagreements = 0
        for first in 0...255 {
            if !Self.agrees([UInt8(first)]) { disagreements += 1 }
            for second in 0...255 where !Self.agrees([UInt8(first), UInt8(second)]) { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    @Test func threeAndFourByteSequencesAreJudgedLikeTheStandardLibrary() {
        var disagreements = 0
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF]
        // Every boundary of table 3-7's second-byte ranges, and a byte either side of it.
        let seconds = edges + [0x81, 0x8E, 0x91, 0x9E, 0xA1, 0xBE, 0xC1]
        for lead in UInt8(0xE0)...UInt8(0xFF) {
            for second in seconds {
                for third in edges {
                    // After eight ASCII bytes, so the word-at-a-time path hands over mid-buffer.
                    let prefix = Array("abcdefgh".utf8)
                    if !Self.agrees(prefix + [lead, second, third]) { disagreements += 1 }
                    for fourth in edges where !Self.agrees([lead, second, third, fourth]) {
                        disagreements += 1
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    @Test func illFormedBytesLexAsTheirRepairedText() {
        let bytes: [UInt8] =
            Array("let a = \"".utf8) + [0xFF, 0xC3] + Array("\" // \u{E9}\nlet b = \"b\"\n".utf8) + [0xE2, 0x82]
        let fromBytes = SourceLexer.lex(SourceBytes(path: "t.swift", language: .swift, bytes: bytes))
        let repaired = String(decoding: bytes, as: UTF8.self)
        let fromText = SourceLexer.lex(SourceFile(path: "t.swift", text: repaired, language: .swift))
        #expect(fromBytes.bytes == Array(repaired.utf8))
        #expect(fromBytes.tokens == fromText.tokens)
        #expect(fromBytes.stringValue(3) == .value("\u{FFFD}\u{FFFD}"))
    }
}
