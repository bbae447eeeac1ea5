import CRichPreviewFriBidi

/// The direction a paragraph runs in: its base direction under the Unicode bidirectional
/// algorithm (UAX #9), which decides its alignment and where its neutral characters go.
public enum TextDirection: String, Sendable, CaseIterable {
    /// Left to right: aligned to the left edge.
    case leftToRight
    /// Right to left (Arabic, Hebrew, …): aligned to the right edge.
    case rightToLeft

    /// The base direction of `paragraph`: that of its first strong character (rules P2 and P3, by
    /// GNU FriBidi), left to right when it has none or when FriBidi cannot be loaded
    /// (`BidiLibrary.unavailable` says why). Text without a right-to-left character never loads it.
    public init(paragraph: some StringProtocol) {
        self = .leftToRight
        let scalars = Array(paragraph.unicodeScalars.prefix(Int(CRP_BIDI_MAX_LENGTH)).map(\.value))
        guard BidiLibrary.mayHoldRightToLeft(scalars) else { return }
        var found = CRP_BIDI_LTR
        let status = scalars.withUnsafeBufferPointer {
            crp_bidi_paragraph_direction($0.baseAddress, UInt32($0.count), &found)
        }
        BidiLibrary.noteFailure(status)
        if status == CRP_BIDI_OK && found == CRP_BIDI_RTL { self = .rightToLeft }
    }

    /// The base direction of the paragraph each line of `text` starts in, for lines that are
    /// slices of `text` (as `LineWrapper.wrap` returns them); paragraphs end at line breaks.
    public static func ofLines(_ lines: [Substring], in text: String) -> [TextDirection] {
        var cache: [String.Index: TextDirection] = [:]
        return lines.map { line in
            var start = line.startIndex
            while start > text.startIndex, !text[text.index(before: start)].isNewline {
                start = text.index(before: start)
            }
            if let known = cache[start] { return known }
            let end = text[start...].firstIndex(where: \.isNewline) ?? text.endIndex
            let direction = TextDirection(paragraph: text[start..<end])
            cache[start] = direction
            return direction
        }
    }
}
