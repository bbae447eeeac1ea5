import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PushDelivery`: pushes fed in order, replacements by id, the failures of a run, and the
/// buttons of registered categories.
struct PushDeliveryTests {
    static func report(_ json: String, file: String) -> PayloadReport {
        PayloadDecoder().check(Data(json.utf8), file: file)
    }

    @Test func aLaterPushWithTheSameIdReplacesTheEarlierOne() {
        let outcome = PushDelivery().deliver([
            Self.report(#"{"aps": {"alert": "first"}, "id": "order-1"}"#, file: "a.json"),
            Self.report(#"{"aps": {"alert": "second"}, "id": "order-1"}"#, file: "b.json"),
            Self.report(#"{"aps": {"alert": "other"}}"#, file: "c.json"),
        ])
        #expect(outcome.shown.map(\.id) == ["order-1", "notification-3"])
        #expect(outcome.shown.map(\.body) == ["second", "other"])
        #expect(outcome.shown.map(\.replaced) == [1, 0])
        #expect(outcome.lines.count == 2)
        #expect(!outcome.failed)
    }

    @Test func anInvalidPayloadFailsTheRunAndShowsNothing() {
        let outcome = PushDelivery().deliver([
            Self.report(#"{"aps": {"alert": "fine"}}"#, file: "a.json"),
            Self.report(#"{"aps": "#, file: "cut.json"),
        ])
        #expect(outcome.arrivals.map(\.failed) == [false, true])
        #expect(outcome.arrivals[1].receipt == nil)
        #expect(outcome.failed)
        #expect(outcome.shown.map(\.body) == ["fine"])
    }

    @Test func registeredCategoriesGiveTheirButtonsAndTheReportEncodesEveryKey() throws {
        let categories = try CategoryManifest.load(contentsOf: TestPaths.packageFile("Resources/categories.json"))
        let push = Self.report(#"{"aps": {"alert": "look", "category": "image_category"}}"#, file: "a.json")
        let registered = PushDelivery(categories: categories).deliver([push]).shown
        #expect(registered.first?.registered == true)
        #expect(registered.first?.actions.map(\.identifier) == ["imageconfirmaction", "imageconcelaction"])
        let unregistered = try #require(PushDelivery().deliver([push]).shown.first)
        #expect(unregistered.registered == false && unregistered.actions.isEmpty)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(unregistered), as: UTF8.self)
        #expect(json.contains(#""badge":null"#) && json.contains(#""subtitle":null"#))
        #expect(try JSONDecoder().decode(ShownNotification.self, from: Data(json.utf8)) == unregistered)
    }

    @Test func whatTheUserDidNotAllowIsNotShown() {
        let outcome = PushDelivery(authorization: [.badge]).deliver([
            Self.report(#"{"aps": {"alert": "hidden", "badge": 2}}"#, file: "a.json")
        ])
        #expect(outcome.shown.isEmpty)
        #expect(!outcome.failed)
    }
}
