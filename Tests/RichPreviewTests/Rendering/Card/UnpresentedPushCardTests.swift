import Foundation
import RichPreview
import Testing

/// Pushes iOS presents no notification for get a plain card saying so and listing what they
/// carry; a push with alert text keeps its own texts.
struct UnpresentedPushCardTests {
    static func card(_ json: String) throws -> NotificationCard {
        let payload = try #require(PayloadDecoder().check(Data(json.utf8)).payload)
        return NotificationCardBuilder(categories: CategoryManifest(), extensions: ExtensionRegistry([])).card(
            for: payload)
    }

    @Test func aLiveActivityUpdateListsItsContentState() throws {
        let card = try Self.card(
            #"{"aps": {"timestamp": 1800000000, "event": "update", "content-state": {"home": 2, "scorer": "Ana", "stops": [1, 2]}}}"#
        )
        #expect(card.title == "Live Activity update")
        #expect(card.subtitle == "No notification: the activity is redrawn")
        #expect(card.body == "home: 2\nscorer: \"Ana\"\nstops: [1,2]")
    }

    @Test func aStartNamesItsTypeAndAnEndItsFinalState() throws {
        let start = try Self.card(
            #"{"aps": {"timestamp": 1800000000, "event": "start", "attributes-type": "MatchAttributes", "attributes": {}, "content-state": {}}}"#
        )
        #expect(start.title == "Live Activity start: MatchAttributes" && start.body == nil)
        let end = try Self.card(#"{"aps": {"timestamp": 1800000000, "event": "end", "content-state": {"home": 3}}}"#)
        #expect(end.subtitle == "No notification: the activity shows its final state until it is dismissed")
    }

    @Test func widgetAndBackgroundPushesSayWhatIOSDoes() throws {
        let widget = try Self.card(#"{"aps": {"content-changed": true}}"#)
        #expect(widget.title == "Widget or control reload" && widget.body == nil)
        let background = try Self.card(#"{"aps": {"content-available": 1}, "since": 12, "feed": "news"}"#)
        #expect(background.title == "Background push")
        #expect(background.body == "feed: \"news\"\nsince: 12")
    }

    @Test func aPushWithAlertTextKeepsItsTexts() throws {
        let card = try Self.card(
            #"{"aps": {"alert": {"title": "Goal!", "body": "2 – 1"}, "event": "update", "timestamp": 1800000000, "content-state": {"home": 2}}}"#
        )
        #expect(card.title == "Goal!" && card.body == "2 – 1" && card.subtitle == nil)
        let badge = try Self.card(#"{"aps": {"badge": 3}}"#)
        #expect(badge.title == nil && badge.body == nil)
    }
}
