import RichPreview
import Testing

/// In the terminal a right-to-left paragraph keeps its logical order (terminals differ in what
/// they do with it) and ends at the card's right edge.
struct TerminalDirectionTests {
    static func rows(_ card: NotificationCard) -> [String] {
        TerminalCardRenderer(style: .text, columns: 40, appearance: .light).render(card, image: nil)
            .split(separator: "\n").map(String.init)
    }

    @Test func aRightToLeftParagraphIsRightAlignedInLogicalOrder() throws {
        let card = NotificationCard(
            headerTitle: "Shop", title: "Order", body: "شكرا لك\nThanks\nשלום iPhone", state: .expanded)
        let rows = Self.rows(card)
        let arabic = try #require(rows.first { $0.contains("شكرا لك") })
        #expect(arabic.hasSuffix(" شكرا لك │"), "\(arabic)")
        #expect(arabic.hasPrefix("│  "))
        let hebrew = try #require(rows.first { $0.contains("שלום iPhone") })
        #expect(hebrew.hasSuffix(" שלום iPhone │"))
        let latin = try #require(rows.first { $0.contains("Thanks") })
        #expect(latin.hasPrefix("│ Thanks "))
        let title = try #require(rows.first { $0.contains("Order") })
        #expect(title.hasPrefix("│ Order "))
    }

    @Test func aWrappedRightToLeftParagraphAlignsEveryLineIncludingLatinOnes() throws {
        // The second line of the Hebrew paragraph holds only Latin text; it is still right-aligned.
        let body = "שלום לכם חברים יקרים מאוד " + String(repeating: "iPhone ", count: 6)
        let rows = Self.rows(NotificationCard(headerTitle: "Shop", body: body, state: .expanded))
        let lines = rows.filter { $0.contains("iPhone") || $0.contains("שלום") }
        #expect(lines.count >= 2)
        for line in lines { #expect(line.hasSuffix(" │") && !line.hasPrefix("│ iPhone"), "\(line)") }
    }
}
