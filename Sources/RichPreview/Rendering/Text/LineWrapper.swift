/// Fills lines to a maximum width at the break opportunities of `LineBreaker`, for the terminal card
/// (widths in columns) and the PNG renderer (widths from a font).
///
/// The rules:
/// - Lines are filled greedily: a break opportunity is used when the next segment (the text up to the
///   following opportunity) does not fit on the current line.
/// - A segment wider than a whole line is split between grapheme clusters, never inside one. A single
///   cluster wider than the whole line (a 2-column ideograph at 1 column) is put alone on its line: the
///   only case where a line is wider than the maximum.
/// - Mandatory breaks (line and paragraph separators: LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029)
///   always end a line, and the separator itself is not part of it. Text ending with a separator
///   gives no empty last line, like `splitlines`; "a\n\nb" gives "a", "", "b"; empty text, no lines.
/// - Spaces (U+0020) at the end of a line are dropped and do not count towards its width; spaces at
///   the start of a paragraph are kept while the first cluster after them fits.
/// - So the lines, with the dropped spaces and separators put back between them, are the text.
///
/// `measure` gives the width of a piece of text, in the same unit as the maximum. It is called about
/// twice per break opportunity plus once per cluster of segments that need splitting: O(n) calls
/// over O(n) characters in all. Widths are assumed additive (the width of two pieces together is the
/// sum of theirs), which holds for terminal columns and for fonts measured by glyph advances; a
/// `measure` that returns NaN is taken as too wide, a negative one as 0. A negative or NaN maximum
/// is taken as 0 (every visible cluster on its own line).
public enum LineWrapper {
    /// `text` broken into lines no wider than `maxWidth` as measured by `measure`, as slices of `text`.
    public static func wrap(_ text: String, maxWidth: Double, measure: (Substring) -> Double) -> [Substring] {
        var lines: [Substring] = []
        forEachLine(in: text, maxWidth: maxWidth, measure: measure) { line in
            lines.append(line)
            return true
        }
        return lines
    }

    /// `text` broken into lines at most `columns` terminal columns wide (`TerminalWidth`).
    public static func wrap(_ text: String, columns: Int) -> [Substring] {
        wrap(text, maxWidth: Double(columns), measure: { Double(TerminalWidth.of($0)) })
    }

    /// At most `maxLines` lines of `text` no wider than `maxWidth`. When text remains after them, the
    /// last line is instead the rest of its paragraph, cut between clusters (anywhere, not only at a
    /// break opportunity) so that it ends with `ellipsis` and still fits. No lines for
    /// `maxLines` ≤ 0; an empty last line when not even the ellipsis fits.
    public static func wrap(
        _ text: String, maxWidth: Double, maxLines: Int, ellipsis: String = "…", measure: (Substring) -> Double
    ) -> [String] {
        guard maxLines > 0 else { return [] }
        var lines: [Substring] = []
        var hasMore = false
        forEachLine(in: text, maxWidth: maxWidth, measure: measure) { line in
            guard lines.count < maxLines else {
                hasMore = true
                return false
            }
            lines.append(line)
            return true
        }
        guard hasMore, let last = lines.popLast() else { return lines.map(String.init) }
        let rest = text[last.startIndex..<endOfParagraph(in: text, from: last.startIndex)]
        let lastLine = fitted(
            rest, maxWidth: maxWidth, ellipsis: ellipsis, alwaysEllipsis: true, measure: measure)
        return lines.map(String.init) + [lastLine]
    }

    /// At most `maxLines` lines of `text` at most `columns` terminal columns wide; when text remains,
    /// the last line ends with "…" and still fits.
    public static func wrap(_ text: String, columns: Int, maxLines: Int) -> [String] {
        wrap(text, maxWidth: Double(columns), maxLines: maxLines, measure: { Double(TerminalWidth.of($0)) })
    }

    /// One line of text cut to `maxWidth`: unchanged when it fits, else the longest run of whole
    /// clusters that fits with `ellipsis` after it (trailing spaces dropped), or "" when not even the
    /// ellipsis fits. Pass a single line: separators are not treated specially.
    public static func truncated<S: StringProtocol>(
        _ text: S, maxWidth: Double, ellipsis: String = "…", measure: (Substring) -> Double
    ) -> String {
        fitted(Substring(text), maxWidth: maxWidth, ellipsis: ellipsis, alwaysEllipsis: false, measure: measure)
    }

    /// One line of text cut to `columns` terminal columns with "…" when it is wider (never inside a
    /// grapheme cluster).
    public static func truncated<S: StringProtocol>(_ text: S, columns: Int) -> String {
        truncated(text, maxWidth: Double(columns), measure: { Double(TerminalWidth.of($0)) })
    }

    /// Calls `body` with each line in order until it returns false.
    static func forEachLine(
        in text: String, maxWidth: Double, measure: (Substring) -> Double, body: (Substring) -> Bool
    ) {
        let limit = maxWidth.isNaN ? 0 : max(0, maxWidth)
        func width(_ piece: Substring) -> Double {
            guard !piece.isEmpty else { return 0 }
            let value = measure(piece)
            return value.isNaN ? .infinity : max(0, value)
        }
        var lineStart = text.startIndex
        // The end of the line's text so far, without the spaces that end its last segment.
        var lineEnd = text.startIndex
        // The width of text[lineStart..<segmentStart], spaces included.
        var lineWidth = 0.0
        var lineHasContent = false
        var segmentStart = text.startIndex

        for opportunity in LineBreaker.opportunities(in: text) {
            let segmentEnd = opportunity.index
            let textEnd = opportunity.isMandatory ? withoutSeparator(text, segmentStart, segmentEnd) : segmentEnd
            let spacesStart = withoutTrailingSpaces(text, segmentStart, textEnd)
            let content = text[segmentStart..<spacesStart]
            let contentWidth = width(content)

            if lineHasContent && lineWidth + contentWidth > limit {
                guard body(text[lineStart..<lineEnd]) else { return }
                lineStart = segmentStart
                lineEnd = segmentStart
                lineWidth = 0
                lineHasContent = false
            }
            if lineWidth + contentWidth <= limit {
                if !content.isEmpty {
                    lineEnd = spacesStart
                    lineHasContent = true
                }
                lineWidth += contentWidth
            } else {
                // Too wide for a line of its own: split between clusters.
                var index = content.startIndex
                while index < content.endIndex {
                    let next = text.index(after: index)
                    let clusterWidth = width(text[index..<next])
                    if lineWidth + clusterWidth > limit && (lineHasContent || lineWidth > 0) {
                        // A line of only leading spaces is dropped rather than output empty.
                        if lineHasContent {
                            guard body(text[lineStart..<lineEnd]) else { return }
                        }
                        lineStart = index
                        lineWidth = 0
                    }
                    lineWidth += clusterWidth
                    lineEnd = next
                    lineHasContent = true
                    index = next
                }
            }
            lineWidth += width(text[spacesStart..<textEnd])
            if opportunity.isMandatory {
                guard body(text[lineStart..<lineEnd]) else { return }
                lineStart = segmentEnd
                lineEnd = segmentEnd
                lineWidth = 0
                lineHasContent = false
            }
            segmentStart = segmentEnd
        }
    }

    /// `end`, moved back over a line or paragraph separator that ends `text[start..<end]`.
    private static func withoutSeparator(_ text: String, _ start: String.Index, _ end: String.Index) -> String.Index {
        guard end > start else { return end }
        let before = text.index(before: end)
        return isSeparator(text[before]) ? before : end
    }

    /// `end`, moved back over the spaces that end `text[start..<end]`.
    private static func withoutTrailingSpaces(
        _ text: String, _ start: String.Index, _ end: String.Index
    ) -> String.Index {
        var end = end
        while end > start {
            let before = text.index(before: end)
            guard text[before] == " " else { break }
            end = before
        }
        return end
    }

    /// True for the characters after which UAX #14 breaks a line (classes BK, CR, LF, NL).
    private static func isSeparator(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// The end of the paragraph that contains `start`: the next separator, or the end of the text.
    private static func endOfParagraph(in text: String, from start: String.Index) -> String.Index {
        var index = start
        while index < text.endIndex && !isSeparator(text[index]) {
            text.formIndex(after: &index)
        }
        return index
    }

    /// `text` cut between clusters so that it fits `maxWidth` with `ellipsis` after it; with
    /// `alwaysEllipsis` false, `text` itself when it fits.
    private static func fitted(
        _ text: Substring, maxWidth: Double, ellipsis: String, alwaysEllipsis: Bool, measure: (Substring) -> Double
    ) -> String {
        let limit = maxWidth.isNaN ? 0 : max(0, maxWidth)
        func width(_ piece: Substring) -> Double {
            guard !piece.isEmpty else { return 0 }
            let value = measure(piece)
            return value.isNaN ? .infinity : max(0, value)
        }
        if !alwaysEllipsis && width(text) <= limit { return String(text) }
        let ellipsisWidth = width(Substring(ellipsis))
        guard ellipsisWidth <= limit else { return "" }
        var used = ellipsisWidth
        var end = text.startIndex
        while end < text.endIndex {
            let next = text.index(after: end)
            let clusterWidth = width(text[end..<next])
            guard used + clusterWidth <= limit else { break }
            used += clusterWidth
            end = next
        }
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before] == " " else { break }
            end = before
        }
        return String(text[text.startIndex..<end]) + ellipsis
    }
}
