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
    /// the paragraph it starts in. The first line is wrapped to `firstLineWidth` when given (it
    /// shares its row with something, as a banner's first line does with the time), the rest of
    /// its paragraph to `maxWidth`. `leading`, when given, is the direction of the text's first
    /// paragraph, for text that continues a paragraph begun on an earlier line.
    public static func directedLines(
        _ text: String, maxWidth: Double, firstLineWidth: Double? = nil, maxLines: Int? = nil,
        leading: TextDirection? = nil, measure: (Substring) -> Double
    ) -> [DirectedLine] {
        if let firstLineWidth, firstLineWidth != maxWidth {
            if let maxLines, maxLines <= 1 {
                return directedLines(
                    text, maxWidth: firstLineWidth, maxLines: maxLines, leading: leading, measure: measure)
            }
            guard let head = wrap(text, maxWidth: firstLineWidth, measure: measure).first else { return [] }
            let direction = leading ?? TextDirection.ofLines([head], in: text)[0]
            // The rest after the first line (the spaces or the line break that ended it dropped).
            var rest = text[head.endIndex...].drop { $0 == " " }
            var continues = true
            if rest.first?.isNewline == true {
                rest = rest.dropFirst()
                continues = false
            }
            let first = DirectedLine(String(head), direction: direction)
            guard !rest.isEmpty else { return [first] }
            return [first]
                + directedLines(
                    String(rest), maxWidth: maxWidth, maxLines: maxLines.map { $0 - 1 },
                    leading: continues ? direction : nil, measure: measure)
        }
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

    /// `text` wrapped to `columns` terminal columns (the first line to `firstLineColumns` when
    /// given; at most `maxLines` when given), each line with its paragraph's direction.
    public static func directedLines(
        _ text: String, columns: Int, firstLineColumns: Int? = nil, maxLines: Int? = nil
    ) -> [DirectedLine] {
        directedLines(
            text, maxWidth: Double(columns), firstLineWidth: firstLineColumns.map(Double.init), maxLines: maxLines,
            measure: { Double(TerminalWidth.of($0)) })
    }
}
