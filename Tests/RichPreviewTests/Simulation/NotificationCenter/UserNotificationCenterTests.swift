import Foundation
import RichPreview
import Testing

struct UserNotificationCenterTests {
    static let start = Date(timeIntervalSinceReferenceDate: 700_000_000)

    static func note(_ id: String, in seconds: TimeInterval, body: String = "hello", repeats: RepeatInterval = .none)
        -> LocalNotification
    {
        LocalNotification(
            identifier: id, fireDate: start.addingTimeInterval(seconds), repeatInterval: repeats, body: body)
    }

    static func center(_ authorization: AuthorizationOptions = .all) -> UserNotificationCenter {
        UserNotificationCenter(now: start, authorization: authorization)
    }

    // MARK: Authorization

    static let refusals: [(granted: AuthorizationOptions, missing: AuthorizationOptions)] = [
        ([.badge, .sound], .alert), ([.alert, .badge], .sound), ([.alert, .sound], .badge), ([], .all),
    ]

    @Test(arguments: refusals)
    func schedulingWithoutPermissionFailsAndSchedulesNothing(
        granted: AuthorizationOptions, missing: AuthorizationOptions
    ) {
        var center = Self.center(granted)
        var notification = Self.note("n", in: 10)
        notification.sound = .default
        notification.badge = .set(1)
        #expect(throws: NotificationCenterError.notAuthorized(notification: notification, missing: missing)) {
            try center.add(notification)
        }
        #expect(center.pending.isEmpty)
        #expect(center.advance(by: 60).isEmpty)
    }

    @Test func refusalIsWordedLikeTheIOSLog() {
        let error = NotificationCenterError.notAuthorized(notification: Self.note("n", in: 0), missing: .all)
        let text = error.description
        #expect(text.hasPrefix("Attempting to schedule a local notification {identifier = n"))
        #expect(text.contains("with an alert but haven't received permission from the user to display alerts"))
        #expect(text.contains("with a sound but haven't received permission from the user to play sounds"))
        #expect(
            text.contains("with a badge number but haven't received permission from the user to badge the application"))
    }

    @Test func onlyWhatIsAskedForNeedsPermission() throws {
        var center = Self.center(.badge)
        let badgeOnly = LocalNotification(identifier: "b", fireDate: Self.start, badge: .set(4))
        try center.add(badgeOnly)
        center.advance(by: 0)
        #expect(center.badgeNumber == 4)
        #expect(center.delivered.isEmpty)
    }

    // MARK: Delivery

    @Test func advancingTheClockDeliversInFireOrder() throws {
        var center = Self.center()
        for (id, seconds) in [("c", 30.0), ("a", 10), ("b", 20), ("later", 100)] {
            try center.add(Self.note(id, in: seconds))
        }
        #expect(center.pending.map(\.notification.identifier) == ["a", "b", "c", "later"])
        #expect(center.advance(by: 5).isEmpty)
        let delivered = center.advance(by: 25)
        #expect(delivered.map(\.notification.identifier) == ["a", "b", "c"])
        #expect(delivered.map(\.date) == [10, 20, 30].map { Self.start.addingTimeInterval($0) })
        #expect(center.delivered.map(\.notification.identifier) == ["a", "b", "c"])
        #expect(center.pending.map(\.notification.identifier) == ["later"])
        #expect(center.now == Self.start.addingTimeInterval(30))
    }

    @Test func theClockNeverGoesBack() throws {
        var center = Self.center()
        center.advance(by: 100)
        center.advance(to: Self.start)
        #expect(center.now == Self.start.addingTimeInterval(100))
        try center.add(Self.note("past", in: 50))
        #expect(center.advance(by: 0).map(\.notification.identifier) == ["past"])
    }

    @Test func sameIdentifierReplacesPendingAndDelivered() throws {
        var center = Self.center()
        try center.add(Self.note("x", in: 10, body: "first"))
        let result = try center.add(Self.note("x", in: 20, body: "second"))
        #expect(result.replacedPending)
        #expect(center.pending.count == 1)
        center.advance(by: 20)
        #expect(center.delivered.map(\.notification.body) == ["second"])
        #expect(center.delivered.first?.replacedCount == 1)
        try center.add(Self.note("y", in: 25))
        try center.add(Self.note("x", in: 30, body: "third"))
        center.advance(by: 20)
        #expect(center.delivered.map(\.notification.body) == ["hello", "third"])
        #expect(center.delivered.last?.replacedCount == 2)
    }

    @Test func removalByIdentifier() throws {
        var center = Self.center()
        for id in ["a", "b", "c"] { try center.add(Self.note(id, in: 10)) }
        try center.add(Self.note("d", in: 99))
        center.advance(by: 10)
        center.removeDeliveredNotifications(withIdentifiers: ["b"])
        center.removePendingNotifications(withIdentifiers: ["d"])
        #expect(center.delivered.map(\.notification.identifier) == ["a", "c"])
        #expect(center.pending.isEmpty)
        center.removeAllDeliveredNotifications()
        #expect(center.delivered.isEmpty)
    }

    // MARK: Categories

    @Test func unregisteredCategoryStillDeliversWithoutActions() throws {
        var center = Self.center()
        let reply = NotificationAction(identifier: "reply", title: "Reply")
        center.setNotificationCategories([NotificationCategory(identifier: "message", actions: [reply])])
        center.setNotificationCategories([NotificationCategory(identifier: "alert", actions: [reply])])
        var registered = Self.note("r", in: 1)
        registered.categoryIdentifier = "alert"
        var unregistered = Self.note("u", in: 2)
        unregistered.categoryIdentifier = "message"
        try center.add(registered)
        try center.add(unregistered)
        try center.add(Self.note("none", in: 3))
        let delivered = center.advance(by: 3)
        #expect(delivered.map(\.actions) == [[reply], [], []])
        #expect(delivered[1].routing == .unregistered("message"))
        #expect(delivered[2].routing == CategoryRouting.none)
        #expect(center.categories.map(\.identifier) == ["alert"])
    }

    // MARK: The 64 cap

    @Test func onlyTheSoonestSixtyFourStayPending() throws {
        var center = Self.center()
        var discarded: [LocalNotification] = []
        for index in (0..<70).reversed() {
            discarded += try center.add(Self.note("n\(index)", in: TimeInterval(100 + index))).discarded
        }
        #expect(center.pending.count == UserNotificationCenter.pendingLimit)
        #expect(center.pending.map(\.notification.identifier) == (0..<64).map { "n\($0)" })
        #expect(Set(discarded.map(\.identifier)) == Set((64..<70).map { "n\($0)" }))
        let late = try center.add(Self.note("late", in: 10_000))
        #expect(late.discarded.map(\.identifier) == ["late"])
    }

    @Test func aRepeatingNotificationCountsOnce() throws {
        var center = Self.center()
        try center.add(Self.note("tick", in: 60, repeats: .minute))
        for index in 0..<63 { try center.add(Self.note("n\(index)", in: TimeInterval(100_000 + index))) }
        center.advance(by: 600)
        #expect(center.pending.count == 64)
        #expect(center.pending.filter { $0.notification.identifier == "tick" }.count == 1)
        #expect(try center.add(Self.note("one-more", in: 200_000)).discarded.map(\.identifier) == ["one-more"])
    }

    // MARK: Repeats

    static func date(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

    @Test func dailyRepeatKeepsWallClockTimeAcrossDaylightSaving() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        var center = UserNotificationCenter(
            now: try Self.date("2024-03-29T12:00:00Z"), timeZone: berlin, authorization: .all)
        try center.add(
            LocalNotification(
                identifier: "wake", fireDate: try Self.date("2024-03-30T08:00:00Z"), repeatInterval: .day,
                body: "09:00 in Berlin"))
        var dates: [Date] = []
        for day in ["2024-03-30T12:00:00Z", "2024-03-31T12:00:00Z", "2024-04-01T12:00:00Z"] {
            dates += center.advance(to: try Self.date(day)).map(\.date)
        }
        #expect(
            dates == [
                try Self.date("2024-03-30T08:00:00Z"), try Self.date("2024-03-31T07:00:00Z"),
                try Self.date("2024-04-01T07:00:00Z"),
            ])
        #expect(dates[1].timeIntervalSince(dates[0]) == 23 * 3600)
        #expect(center.delivered.count == 1)
        #expect(center.delivered.first?.replacedCount == 0)
    }

    @Test func theNotificationsOwnZoneCountsItsRepeats() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        var center = UserNotificationCenter(now: try Self.date("2024-11-02T00:00:00Z"), authorization: .all)
        var notification = LocalNotification(
            identifier: "ny", fireDate: try Self.date("2024-11-02T13:00:00Z"), repeatInterval: .day,
            body: "09:00 in New York")
        notification.timeZone = newYork
        try center.add(notification)
        center.advance(to: try Self.date("2024-11-02T14:00:00Z"))
        #expect(center.pending.first?.nextFireDate == (try Self.date("2024-11-03T14:00:00Z")))
    }

    @Test func hourlyRepeatIsAbsoluteAcrossDaylightSaving() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        var center = UserNotificationCenter(
            now: try Self.date("2024-03-31T00:00:00Z"), timeZone: berlin, authorization: .all)
        try center.add(
            LocalNotification(
                identifier: "h", fireDate: try Self.date("2024-03-31T00:30:00Z"), repeatInterval: .hour, body: "b"))
        center.advance(to: try Self.date("2024-03-31T00:45:00Z"))
        #expect(center.pending.first?.nextFireDate == (try Self.date("2024-03-31T01:30:00Z")))
    }

    @Test func monthlyRepeatClampsToTheMonthsLastDay() throws {
        var center = UserNotificationCenter(now: try Self.date("2024-01-01T00:00:00Z"), authorization: .all)
        try center.add(
            LocalNotification(
                identifier: "m", fireDate: try Self.date("2024-01-31T10:00:00Z"), repeatInterval: .month, body: "b"))
        var nextDates: [Date] = []
        for month in ["2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"] {
            center.advance(to: try Self.date(month))
            nextDates += center.pending.map(\.nextFireDate)
        }
        #expect(
            nextDates == [
                try Self.date("2024-02-29T10:00:00Z"), try Self.date("2024-03-31T10:00:00Z"),
                try Self.date("2024-04-30T10:00:00Z"),
            ])
    }

    @Test(arguments: [(RepeatInterval.minute, 60.0), (.hour, 3600), (.day, 86400), (.week, 604_800)])
    func missedRepeatsDeliverOnceAtTheLatestOccurrence(interval: RepeatInterval, seconds: TimeInterval) throws {
        var center = Self.center()
        try center.add(Self.note("r", in: seconds, repeats: interval))
        let delivered = center.advance(by: seconds * 3.5)
        #expect(delivered.map(\.date) == [Self.start.addingTimeInterval(seconds * 3)])
        #expect(center.pending.first?.nextFireDate == Self.start.addingTimeInterval(seconds * 4))
    }

    @Test func yearlyRepeatsOnTheSameDate() throws {
        var center = UserNotificationCenter(now: try Self.date("2024-01-01T00:00:00Z"), authorization: .all)
        try center.add(
            LocalNotification(
                identifier: "y", fireDate: try Self.date("2024-02-29T09:00:00Z"), repeatInterval: .year, body: "b"))
        center.advance(to: try Self.date("2024-03-01T00:00:00Z"))
        #expect(center.pending.first?.nextFireDate == (try Self.date("2025-02-28T09:00:00Z")))
    }
}
