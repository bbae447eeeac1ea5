import Foundation
import RichPreview

/// One line of a `LineBreakTest.txt`-format file: code points with ÷ (break) or × (no break) between.
struct LineBreakTestCase: Sendable, CustomStringConvertible {
    /// The test text.
    var scalars: [Unicode.Scalar]
    /// The code-point offsets with a break opportunity before them (the end included, the start not).
    var breaks: [Int]
    /// The line as written, for failure messages.
    var source: String

    var description: String { source }

    /// The text as a Swift string.
    var text: String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    /// The expected breaks that fall between grapheme clusters: what `LineBreaker.opportunities` keeps.
    var breaksBetweenClusters: [Int] {
        let text = self.text
        var boundaries = Set<Int>()
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            boundaries.insert(offset)
        }
        return breaks.filter { boundaries.contains($0) }
    }

    /// The offsets, in code points, of `LineBreaker.opportunities(in:)` for this text, by the
    /// default rules the test file states (without the Korean keep-all tailoring).
    var actualBreaksBetweenClusters: [Int] {
        let text = self.text
        return LineBreaker.opportunities(in: text, keepingHangulWords: false).map {
            text.unicodeScalars.distance(from: text.startIndex, to: $0.index)
        }
    }

    /// The offsets of `LineBreaker.codePointBreaks(in:)`, grapheme clusters ignored.
    var actualCodePointBreaks: [Int] {
        LineBreaker.codePointBreaks(in: scalars).map(\.offset)
    }

    /// Parses every test line of a file's contents, skipping comments and blank lines.
    static func parse(_ contents: String) -> [LineBreakTestCase] {
        contents.split(separator: "\n").compactMap { line in
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var scalars: [Unicode.Scalar] = []
            var breaks: [Int] = []
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(scalars.count) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                    scalars.append(scalar)
                }
            }
            return scalars.isEmpty ? nil : LineBreakTestCase(scalars: scalars, breaks: breaks, source: String(line))
        }
    }
}
