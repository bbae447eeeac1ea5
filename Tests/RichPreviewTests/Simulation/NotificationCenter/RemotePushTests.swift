import Foundation
import RichPreview
import Testing

/// Seed 002's technique and spec §4.1's mapping from a remote payload to a local notification.
struct RemotePushTests {
    static let start = Date(timeIntervalSinceReferenceDate: 0)

    static func payload(_ json: String, pushType: PushType? = nil) throws -> APNsPayload {
        try #require(try PayloadDecoder(pushType: pushType).decode(Data(json.utf8), file: "push.json").payload)
    }

    static let silentHello =
        #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": "hello world"}, "id": 1}}"#
    static let silentBye = #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": "goodbye"}, "id": 1}}"#
    static let voipHello = #"{"aps": {"alert": "hello world"}, "id": 1}"#

    @Test func silentPushCarryingANotificationIsScheduledLocally() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        let receipt = try center.receive(try Self.payload(Self.silentHello), pushType: .background)
        #expect(receipt.route == .scheduledFromNestedPayload(key: "payload"))
        #expect(receipt.identifier == "1")
        #expect(receipt.delivered?.notification.body == "hello world")
        #expect(center.delivered.map(\.notification.identifier) == ["1"])
        #expect(center.pending.isEmpty)
    }

    @Test func aLaterPushWithTheSameIdReplacesTheEarlierNotification() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        _ = try center.receive(try Self.payload(Self.silentHello), pushType: .background)
        center.advance(by: 1)
        _ = try center.receive(try Self.payload(#"{"aps": {"alert": "other"}, "id": 2}"#), pushType: .alert)
        center.advance(by: 1)
        let receipt = try center.receive(try Self.payload(Self.silentBye), pushType: .background)
        #expect(receipt.delivered?.replacedCount == 1)
        #expect(center.delivered.map(\.notification.body) == ["other", "goodbye"])
    }

    @Test func voipPayloadIsAlwaysScheduledByTheApp() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        let first = try center.receive(try Self.payload(Self.voipHello, pushType: .voip), pushType: .voip)
        #expect(first.route == .scheduledFromVoIP)
        let again = try center.receive(try Self.payload(Self.voipHello, pushType: .voip), pushType: .voip)
        #expect(again.delivered?.replacedCount == 1)
        #expect(center.delivered.count == 1)
    }

    @Test func regularPushesAreShownByIOSAndReplacedById() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        let receipt = try center.receive(
            try Self.payload(#"{"aps": {"alert": "a", "badge": 3}, "ref": "x"}"#), pushType: .alert,
            identifierKey: "ref")
        #expect(receipt.route == .shownByIOS)
        #expect(receipt.identifier == "x")
        #expect(center.badgeNumber == 3)
        _ = try center.receive(
            try Self.payload(#"{"aps": {"alert": "b", "badge": 0}, "ref": "x"}"#), pushType: .alert,
            identifierKey: "ref")
        #expect(center.delivered.map(\.notification.body) == ["b"])
        #expect(center.badgeNumber == 0)
    }

    @Test func silentPushWithoutANestedNotificationShowsNothing() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        let receipt = try center.receive(
            try Self.payload(#"{"aps": {"content-available": 1}, "id": 5}"#), pushType: .background)
        #expect(receipt.route == .silent)
        #expect(receipt.delivered == nil)
        #expect(center.delivered.isEmpty)
        let empty = try center.receive(try Self.payload(#"{"aps": {}}"#), pushType: .alert)
        #expect(empty.route == .nothingToShow)
    }

    @Test func pushesWithoutAnIdGetGeneratedOnes() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        let first = try center.receive(try Self.payload(#"{"aps": {"alert": "a"}}"#), pushType: .alert)
        let second = try center.receive(try Self.payload(#"{"aps": {"alert": "b"}}"#), pushType: .alert)
        #expect([first.identifier, second.identifier] == ["notification-1", "notification-2"])
        #expect(center.delivered.count == 2)
    }

    @Test func idsMustBeStringsOrWholeNumbers() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .all)
        let nested = #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": "x"}, "id": {"n": 1}}}"#
        #expect(throws: NotificationCenterError.invalidIdentifier(keyPath: "payload.id", found: "a dictionary")) {
            try center.receive(try Self.payload(nested), pushType: .background)
        }
        #expect(
            try center.receive(try Self.payload(#"{"aps": {"alert": "x"}, "id": 7.0}"#), pushType: .alert).identifier
                == "7")
    }

    @Test func withoutAlertPermissionNothingIsShown() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: [.badge, .sound])
        #expect(throws: NotificationCenterError.self) {
            try center.receive(try Self.payload(Self.silentHello), pushType: .background)
        }
        let receipt = try center.receive(try Self.payload(Self.voipHello), pushType: .alert)
        #expect(receipt.route == .notAllowed(missing: .alert) && receipt.delivered == nil)
        #expect(receipt.findings(file: "p").map(\.rule) == ["not-authorized"])
        #expect(center.delivered.isEmpty)
    }

    @Test func iOSDropsTheSoundAndBadgeTheUserDidNotAllow() throws {
        var center = UserNotificationCenter(now: Self.start, authorization: .alert)
        let receipt = try center.receive(
            try Self.payload(#"{"aps": {"alert": "x", "sound": "default", "badge": 2}}"#), pushType: .alert)
        #expect(receipt.delivered?.notification.sound == nil)
        #expect(receipt.delivered?.notification.badge == nil)
        #expect(center.badgeNumber == 0)
    }

    // MARK: Mapping (spec §4.1)

    @Test func alertDictionaryMapping() throws {
        let json = #"""
            {"aps": {"alert": {"title": "plain title", "title-loc-key": "From %@", "title-loc-args": ["Ann"],
                               "subtitle": "sub", "body": "plain body", "loc-key": "%2$@ and %1$@ said %@ (100%%)",
                               "loc-args": ["Bo", "Cy"], "action-loc-key": "PLAY", "launch-image": "launch.png"},
                     "badge": 0, "sound": "default", "category": "message", "thread-id": "chat-1"},
             "id": "m1", "room": "general"}
            """#
        let notification = LocalNotification(
            remotePayload: try Self.payload(json), identifier: "m1", fireDate: Self.start)
        #expect(notification.title == "From Ann")
        #expect(notification.subtitle == "sub")
        #expect(notification.body == "Cy and Bo said Bo (100%)")
        #expect(notification.badge == .remove)
        #expect(notification.sound == .default)
        #expect(notification.categoryIdentifier == "message")
        #expect(notification.threadIdentifier == "chat-1")
        #expect(notification.alertAction == "PLAY")
        #expect(notification.launchImage == "launch.png")
        #expect(notification.userInfo == ["id": .string("m1"), "room": .string("general")])
    }

    @Test func plainMappings() throws {
        let text = LocalNotification(
            remotePayload: try Self.payload(#"{"aps": {"alert": "hi", "badge": 4, "sound": "bell.caf"}}"#),
            identifier: "t", fireDate: Self.start)
        #expect(text.body == "hi" && text.title == nil)
        #expect(text.badge == .set(4))
        #expect(text.sound == .named("bell.caf"))
        let missingArgs = LocalNotification(
            remotePayload: try Self.payload(#"{"aps": {"alert": {"loc-key": "%@ and %@", "loc-args": ["one"]}}}"#),
            identifier: "m", fireDate: Self.start)
        #expect(missingArgs.body == "one and %@")
        let silent = LocalNotification(
            remotePayload: try Self.payload(#"{"aps": {"alert": "quiet"}}"#), identifier: "q", fireDate: Self.start)
        #expect(silent.sound == nil && silent.badge == nil)
    }
}
