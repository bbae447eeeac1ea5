import Foundation
import RichPreview
import Testing

/// How iOS groups delivered notifications (by thread, the rest by app), orders them (newest
/// first, the highest relevance featured) and words a stack's summary line.
struct NotificationGroupTests {
    static func payload(
        _ title: String, thread: String? = nil, argument: String? = nil, count: Int? = nil, score: Double? = nil
    ) -> APNsPayload {
        APNsPayload(
            aps: APSDictionary(
                alert: PayloadAlert(title: title, summaryArg: argument, summaryArgCount: count), threadID: thread,
                relevanceScore: score))
    }

    /// The titles of each group's members, in display order.
    static func titles(_ groups: [NotificationGroup]) -> [[String]] {
        groups.map { $0.members.map { $0.payload.aps?.alert?.title ?? "" } }
    }

    @Test func notificationsAreGroupedByThreadAndTheRestByApp() {
        let groups = NotificationGroup.groups(of: [
            Self.payload("a1", thread: "a"), Self.payload("app1"), Self.payload("b1", thread: "b"),
            Self.payload("a2", thread: "a"), Self.payload("app2"),
        ])
        // The group with the newest notification first, each newest first.
        #expect(groups.map(\.threadID) == [nil, "a", "b"])
        #expect(Self.titles(groups) == [["app2", "app1"], ["a2", "a1"], ["b1"]])
        #expect(groups.map { $0.members.map(\.index) } == [[4, 1], [3, 0], [2]])
    }

    /// A Live Activity update, a widget reload and a background push show no notification, so
    /// they join no stack, whatever thread they name.
    @Test func pushesIOSPresentsNoNotificationForAreInNoGroup() throws {
        let payloads = try [
            #"{"aps":{"alert":{"body":"one"},"thread-id":"chat"}}"#,
            #"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"score":1},"thread-id":"chat"}}"#,
            #"{"aps":{"content-changed":true,"thread-id":"chat"}}"#,
            #"{"aps":{"content-available":1,"thread-id":"chat"},"id":7}"#,
            #"{"aps":{"alert":{"body":"two"},"thread-id":"chat"}}"#,
        ].map { json in try #require(PayloadDecoder().check(Data(json.utf8), file: "push.json").payload, "\(json)") }
        let groups = NotificationGroup.groups(of: payloads)
        #expect(groups.map { $0.members.map(\.index) } == [[4, 0]])
        #expect(groups.first?.summary == "1 more notification")
        #expect(NotificationGroup.groups(of: Array(payloads[1...3])).isEmpty)
    }

    @Test func groupsAreReadFromDecodedPayloads() throws {
        let payloads = try [
            #"{"aps":{"alert":{"body":"one","summary-arg":"Anna"},"thread-id":"chat"}}"#,
            #"{"aps":{"alert":{"body":"two","summary-arg":"Anna","summary-arg-count":3},"thread-id":"chat"}}"#,
            #"{"aps":{"alert":{"body":"three","summary-arg":"Anna"},"thread-id":"chat"}}"#,
        ].map { json in try #require(PayloadDecoder().check(Data(json.utf8), file: "push.json").payload) }
        let groups = NotificationGroup.groups(of: payloads)
        #expect(groups.count == 1)
        #expect(groups.first?.members.map(\.index) == [2, 1, 0])
        // iOS 15+ ignores summary-arg and summary-arg-count.
        #expect(groups.first?.summary == "2 more notifications")
    }

    @Test func theSummaryCountsTheNotificationsUnderTheTopOne() {
        let three = NotificationGroup.groups(of: ["1", "2", "3"].map { Self.payload($0, thread: "t") })
        #expect(three.first?.summaryCount == 2)
        #expect(three.first?.summary == "2 more notifications")
        let two = NotificationGroup.groups(of: [Self.payload("1"), Self.payload("2")])
        #expect(two.first?.summary == "1 more notification")
        let one = NotificationGroup.groups(of: [Self.payload("alone")])
        #expect(one.first?.summary == nil)
    }

    /// iOS 15 and later ignore `summary-arg-count` and `summary-arg`: the line counts the
    /// notifications under the top one and names no one.
    @Test func summaryArgumentsAndCountsAreIgnored() {
        let counted = NotificationGroup.groups(of: [
            Self.payload("old", argument: "Anna", count: 2), Self.payload("middle", argument: "Anna", count: 3),
            Self.payload("top", count: 7),
        ])
        #expect(counted.first?.summaryCount == 2)
        #expect(counted.first?.summary == "2 more notifications")
        let none = NotificationGroup.groups(of: [Self.payload("old", count: 0), Self.payload("top", argument: "Ben")])
        #expect(none.first?.summary == "1 more notification")
        let huge = NotificationGroup.groups(of: [
            Self.payload("a", count: Int.max), Self.payload("b", count: Int.max), Self.payload("top"),
        ])
        #expect(huge.first?.summary == "2 more notifications")
    }

    @Test func theHighestRelevanceIsFeaturedAndTheRestAreNewestFirst() {
        let scored = NotificationGroup.groups(of: [
            Self.payload("a", score: 0.2), Self.payload("b", score: 0.9), Self.payload("c", score: 0.5),
            Self.payload("d"),
        ])
        #expect(Self.titles(scored) == [["b", "d", "c", "a"]])
        // Tied scores: the newest of them.
        let tied = NotificationGroup.groups(of: [
            Self.payload("a", score: 0.9), Self.payload("b", score: 0.9), Self.payload("c", score: 0.1),
        ])
        #expect(Self.titles(tied) == [["b", "c", "a"]])
        // An absent score counts as 0: a scored 0 ties with the newest, which stays on top.
        let zero = NotificationGroup.groups(of: [Self.payload("a", score: 0), Self.payload("b")])
        #expect(Self.titles(zero) == [["b", "a"]])
        let unscored = NotificationGroup.groups(of: [Self.payload("a"), Self.payload("b"), Self.payload("c")])
        #expect(Self.titles(unscored) == [["c", "b", "a"]])
    }

    @Test func theFeaturedNotificationIsLeftOutOfTheCount() {
        let groups = NotificationGroup.groups(of: [
            Self.payload("featured", argument: "Anna", count: 4, score: 1), Self.payload("a", argument: "Ben"),
            Self.payload("b", argument: "Ben"),
        ])
        #expect(groups.first?.members.first?.payload.aps?.alert?.title == "featured")
        #expect(groups.first?.summary == "2 more notifications")
    }

    @Test func noPayloadsMakeNoGroups() {
        #expect(NotificationGroup.groups(of: []).isEmpty)
    }
}
