import RichPreview
import Testing

/// Numbers a library caller passes to the terminal renderer and the text helpers are clamped, as
/// documented, never a trap or an unbounded string.
struct RendererValuesTests {
    @Test(arguments: [Int.min, -1, 0, 23, 1001, Int.max])
    func aCardWidthOutOfRangeIsClamped(columns: Int) {
        let card = NotificationCard(headerTitle: "Shop", title: "Hello", body: "World", state: .expanded)
        let rows = TerminalCardRenderer(style: .text, columns: columns).render(card, image: nil).split(separator: "\n")
        let expected = min(max(columns, TerminalCardRenderer.minimumColumns), TerminalCardRenderer.maximumColumns)
        #expect(rows.allSatisfy { TerminalWidth.of($0) == expected })
    }

    @Test func paddingIsBounded() {
        #expect(TerminalWidth.padded("x", toColumns: Int.max).count == TerminalWidth.maximumPaddedColumns)
        #expect(TerminalWidth.padded("x", toColumns: Int.min).isEmpty)
        #expect(LineWrapper.wrap("a b c", columns: Int.min).count == 3)
        #expect(LineWrapper.wrap("a b c", columns: Int.max, maxLines: Int.min).isEmpty)
        #expect(
            LineWrapper.directedLines("a b c", columns: Int.max, firstLineColumns: Int.min, maxLines: Int.max).count
                >= 1)
    }
}
