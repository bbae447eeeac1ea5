import Foundation
import RichPreview
import Testing

/// `PassiveNoBanner`: a passive notification drawn as a banner gets a note; its expanded view,
/// and an active one's banner, none.
struct PassiveNoBannerTests {
    static func card(level: String, state: CardState) throws -> NotificationCard {
        let data = Data(
            #"{"aps": {"alert": {"title": "Digest", "body": "3 new posts"}, "interruption-level": "\#(level)"}}"#.utf8)
        let payload = try #require(PayloadDecoder().check(data, file: "digest.apns").payload)
        return NotificationCardBuilder(categories: try CategoryManifest([]), extensions: ExtensionRegistry([]))
            .card(for: payload, state: state, file: "digest.apns")
    }

    @Test func triggers() throws {
        let found = try Self.card(level: "passive", state: .banner).findings.filter { $0.rule == "passive-no-banner" }
        #expect(found.map(\.severity) == [.note] && found.first?.keyPath == "aps.interruption-level")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(
            try Self.card(level: "passive", state: .expanded).findings.allSatisfy { $0.rule != "passive-no-banner" })
        #expect(try Self.card(level: "active", state: .banner).findings.allSatisfy { $0.rule != "passive-no-banner" })
    }

    @Test func timeSensitiveAndCriticalCarryTheirLabel() throws {
        #expect(try Self.card(level: "time-sensitive", state: .banner).interruptionLabel == "Time Sensitive")
        #expect(try Self.card(level: "critical", state: .expanded).interruptionLabel == "Critical Alert")
        #expect(try Self.card(level: "active", state: .expanded).interruptionLabel == nil)
        let text = TerminalCardRenderer(style: .text, columns: 40)
            .render(try Self.card(level: "time-sensitive", state: .banner), image: nil)
        #expect(text.contains("Time Sensitive"))
    }
}
