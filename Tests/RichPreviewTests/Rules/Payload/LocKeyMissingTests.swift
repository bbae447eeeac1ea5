import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `LocKeyMissing`: a loc-key the app's strings lack is a warning and is shown as written; a key
/// they have is filled with its arguments; without strings no key is judged.
struct LocKeyMissingTests {
    static func card(_ alert: String, strings: LocalizedStrings?) throws -> NotificationCard {
        let data = Data(#"{"aps": {"alert": \#(alert)}}"#.utf8)
        let payload = try #require(PayloadDecoder().check(data, file: "invite.apns").payload)
        var builder = NotificationCardBuilder(categories: try CategoryManifest([]), extensions: ExtensionRegistry([]))
        builder.strings = strings
        return builder.card(for: payload, file: "invite.apns")
    }

    static func strings() throws -> LocalizedStrings {
        let folder = try TestPaths.temporaryFolder()
        let file = folder.appendingPathComponent("Localizable.strings")
        try Data(#""GAME_INVITE_TITLE" = "%@ invites you";"#.utf8).write(to: file)
        return try LocalizedStringsReader.read(path: file.path)
    }

    @Test func triggers() throws {
        let card = try Self.card(
            #"{"title-loc-key": "GAME_INVITE_TITLE", "title-loc-args": ["Anna"], "loc-key": "GAME_INVITE_BODY"}"#,
            strings: try Self.strings())
        let found = card.findings.filter { $0.rule == "loc-key-missing" }
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.keyPath == "aps.alert.loc-key")
        #expect(found.first?.message.contains("GAME_INVITE_BODY") == true)
        #expect(card.title == "Anna invites you")
        #expect(card.body == "GAME_INVITE_BODY")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let alert = #"{"title-loc-key": "GAME_INVITE_TITLE", "title-loc-args": ["Anna"], "body": "Play?"}"#
        #expect(try Self.card(alert, strings: try Self.strings()).findings.allSatisfy { $0.rule != "loc-key-missing" })
        let withoutStrings = try Self.card(#"{"loc-key": "GAME_INVITE_BODY"}"#, strings: nil)
        #expect(withoutStrings.findings.allSatisfy { $0.rule != "loc-key-missing" })
        #expect(withoutStrings.body == "GAME_INVITE_BODY")
    }
}
