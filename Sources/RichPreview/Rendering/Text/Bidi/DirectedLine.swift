/// A wrapped line of text with the direction of the paragraph it belongs to, which decides the
/// edge it is aligned to.
public struct DirectedLine: Sendable, Equatable {
    /// The line's text, in logical order.
    public var text: String
    /// The base direction of its paragraph.
    public var direction: TextDirection

    /// A line of `text` in a paragraph running `direction`.
    public init(_ text: String, direction: TextDirection) {
        self.text = text
        self.direction = direction
    }
}

extension LineWrapper {
    /// `text` wrapped as `wrap(_:maxWidth:measure:)` wraps it, or to at most `maxLines` lines as
    /// `wrap(_:maxWidth:maxLines:measure:)` does when given, each line with the base direction of
    /// the paragraph it starts in. `leading`, when given, is the direction of the text's first
    /// paragraph, for text that continues a paragraph begun on an earlier line.
    public static func directedLines(
        _ text: String, maxWidth: Double, maxLines: Int? = nil, leading: TextDirection? = nil,
        measure: (Substring) -> Double
    ) -> [DirectedLine] {
        let slices = wrap(text, maxWidth: maxWidth, measure: measure)
        var directions = TextDirection.ofLines(slices, in: text)
        if let leading {
            let firstBreak = text.firstIndex(where: \.isNewline) ?? text.endIndex
            for (index, slice) in slices.enumerated() where slice.startIndex < firstBreak {
                directions[index] = leading
            }
        }
        // The limited wrap's lines are the first of the full wrap's, its last cut to fit the ellipsis.
        let texts =
            maxLines.map { wrap(text, maxWidth: maxWidth, maxLines: $0, measure: measure) } ?? slices.map(String.init)
        return zip(texts, directions).map { DirectedLine($0, direction: $1) }
    }

    /// `text` wrapped to `columns` terminal columns (at most `maxLines` when given), each line with
    /// its paragraph's direction.
    public static func directedLines(_ text: String, columns: Int, maxLines: Int? = nil) -> [DirectedLine] {
        directedLines(text, maxWidth: Double(columns), maxLines: maxLines, measure: { Double(TerminalWidth.of($0)) })
    }
}
