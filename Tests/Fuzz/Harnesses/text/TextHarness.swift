import Foundation
import RichPreview

/// libFuzzer's entry point: width and line-count bytes, then UTF-8 text (invalid bytes replaced).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    TextHarness.run(&input)
    return 0
}

/// The text layout: `LineBreaker`, `LineWrapper` (by columns, by a measure that returns NaN and
/// negative widths, with a line limit), `TerminalWidth` and `TerminalText`, checking what their
/// documentation promises about the result.
enum TextHarness {
    static func run(_ input: inout FuzzInput) {
        let columns = input.number(in: -1...40)
        let maxLines = input.number(in: -1...6)
        let alignment = input.pick([TerminalWidth.Alignment.leading, .centered, .trailing])
        let text = String(decoding: input.rest(), as: UTF8.self)

        checkBreaks(text)
        checkWrap(text, columns: columns)
        let limited = LineWrapper.wrap(text, columns: columns, maxLines: maxLines)
        Invariant.check(limited.count <= max(0, maxLines), "\(limited.count) lines, limit \(maxLines)")
        for line in limited where line.count > 1 {
            Invariant.check(TerminalWidth.of(line) <= max(0, columns), "a limited line is wider than \(columns)")
        }
        _ = LineWrapper.wrap(text, maxWidth: Double(columns) / 3, measure: oddMeasure)
        _ = LineWrapper.wrap(text, maxWidth: .nan, maxLines: maxLines, ellipsis: "", measure: oddMeasure)

        let truncated = LineWrapper.truncated(text, columns: columns)
        Invariant.check(
            TerminalWidth.of(truncated) <= max(0, columns) || truncated == text,
            "truncated to \(TerminalWidth.of(truncated)) columns, not \(columns)")
        let padded = TerminalWidth.padded(text, toColumns: columns, alignment: alignment)
        Invariant.check(
            columns <= 0 ? padded.isEmpty : TerminalWidth.of(padded) == columns,
            "padded to \(TerminalWidth.of(padded)) columns, not \(columns)")

        for keepingLineBreaks in [false, true] {
            let escaped = TerminalText.escaped(text, keepingLineBreaks: keepingLineBreaks)
            Invariant.check(
                !escaped.unicodeScalars.contains { isControl($0) && !(keepingLineBreaks && $0 == "\n") },
                "a control character survives escaping")
        }
        let shortened = TerminalText.shortened(text, to: columns)
        Invariant.check(shortened.count <= max(0, columns), "shortened to \(shortened.count) characters")
    }

    /// The opportunities are increasing, on character boundaries, and end at the end of the text.
    static func checkBreaks(_ text: String) {
        let opportunities = LineBreaker.opportunities(in: text)
        Invariant.check(text.isEmpty == opportunities.isEmpty, "opportunities of empty text")
        guard let last = opportunities.last else { return }
        Invariant.check(last.index == text.endIndex && last.isMandatory, "the last opportunity is not the end")
        let boundaries = Set(text.indices)
        var previous = text.startIndex
        for opportunity in opportunities {
            Invariant.check(previous < opportunity.index, "opportunities not increasing")
            Invariant.check(
                opportunity.index == text.endIndex || boundaries.contains(opportunity.index),
                "an opportunity inside a grapheme cluster")
            previous = opportunity.index
        }
        let scalars = Array(text.unicodeScalars)
        let breaks = LineBreaker.codePointBreaks(in: scalars)
        Invariant.check(breaks.last?.offset == (scalars.isEmpty ? nil : scalars.count), "code point breaks end")
    }

    /// Lines are ordered slices of the text, none wider than `columns` unless it is one cluster.
    static func checkWrap(_ text: String, columns: Int) {
        var previousEnd = text.startIndex
        for line in LineWrapper.wrap(text, columns: columns) {
            Invariant.check(line.startIndex >= previousEnd, "wrapped lines overlap or go backwards")
            previousEnd = line.endIndex
            Invariant.check(
                line.count <= 1 || TerminalWidth.of(line) <= max(0, columns),
                "a line of \(TerminalWidth.of(line)) columns at \(columns): \(line.debugDescription)")
        }
    }

    /// A measure that is NaN for pieces starting with "x", negative for those starting with "-".
    static func oddMeasure(_ piece: Substring) -> Double {
        switch piece.first {
        case "x": .nan
        case "-": -Double(piece.utf8.count)
        default: Double(piece.unicodeScalars.count) * 0.5
        }
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators and the bidi overrides/isolates.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
