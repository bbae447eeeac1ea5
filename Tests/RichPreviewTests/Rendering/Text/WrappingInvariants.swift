import RichPreview
import Testing

/// Checks what every wrapping of `text` to `columns` must satisfy, recording an issue for each
/// failure: lines fit (or are one cluster too wide for any line), start and end between clusters, come
/// in order, and the text between them is only dropped spaces and line separators.
func expectWrappingInvariants(
    _ text: String, columns: Int, lines: [Substring], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let boundaries = Set(text.indices).union([text.endIndex])
    var previousEnd = text.startIndex
    var kept = ""
    for line in lines {
        let width = TerminalWidth.of(line)
        #expect(
            width <= columns || (line.count == 1 && width > columns),
            "line \(line.debugDescription) is \(width) columns, over \(columns), in \(text.debugDescription)",
            sourceLocation: sourceLocation)
        #expect(
            boundaries.contains(line.startIndex) && boundaries.contains(line.endIndex),
            "line \(line.debugDescription) cuts a cluster in \(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(previousEnd <= line.startIndex, "lines out of order", sourceLocation: sourceLocation)
        if previousEnd <= line.startIndex {
            let gap = text[previousEnd..<line.startIndex]
            #expect(
                gap.allSatisfy { $0 == " " || $0.isNewline },
                "dropped \(gap.debugDescription) in \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        kept += line
        previousEnd = line.endIndex
    }
    let tail = text[previousEnd...]
    #expect(
        tail.allSatisfy { $0 == " " || $0.isNewline }, "lost the end \(tail.debugDescription)",
        sourceLocation: sourceLocation)
    let withoutDropped = text.filter { $0 != " " && !$0.isNewline }
    #expect(kept.filter { $0 != " " } == withoutDropped, sourceLocation: sourceLocation)
}
