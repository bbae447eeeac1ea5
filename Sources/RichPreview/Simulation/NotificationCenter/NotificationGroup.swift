/// Delivered notifications as iOS groups them on the lock screen and in Notification Center: by
/// `aps.thread-id`, and those without one together in the app's own group. The payloads are taken
/// to be one app's.
///
/// A group of more than one is drawn as a stack: its top notification in full, the edges of two
/// more below it, and a summary line counting the others: "2 more notifications". iOS 15 and
/// later ignore `alert.summary-arg` and `summary-arg-count` (iOS 12–14 added "from Anna" and
/// counted items), so the line names no one and counts notifications.
public struct NotificationGroup: Sendable, Hashable {
    /// One notification of a group: where it stands among the payloads given, and its payload.
    public struct Member: Sendable, Hashable {
        /// Its position among the payloads given to `groups(of:)`; a later one was delivered later.
        public var index: Int
        /// The notification's payload.
        public var payload: APNsPayload

        /// Creates a member from its position in the input (later is newer) and its payload.
        public init(index: Int, payload: APNsPayload) {
            self.index = index
            self.payload = payload
        }

        /// `aps.relevance-score`, 0 when absent or not a number (iOS's default relevance).
        var relevance: Double {
            guard let score = payload.aps?.relevanceScore, !score.isNaN else { return 0 }
            return score
        }
    }

    /// The thread the group gathers (`aps.thread-id`); nil for the app's own group, the
    /// notifications without one.
    public var threadID: String?
    /// The notifications in display order: the featured one (on top of the stack) first, then
    /// the others newest first.
    public var members: [Member]

    /// Creates a group of `members` already in display order, the first on top.
    public init(threadID: String?, members: [Member]) {
        self.threadID = threadID
        self.members = members
    }

    /// The groups of `payloads`, given oldest first (the last is the newest), as the lock screen
    /// lists them: the group with the newest notification first. A push iOS presents no
    /// notification for (a Live Activity's update, a widget or control reload, a background push)
    /// is in no group.
    ///
    /// In each group the notifications are newest first. When any of them has
    /// `aps.relevance-score`, the one with the highest score (the newest of those tied; an absent
    /// score counts as 0) is featured on top, as the notification summary features it, and the
    /// rest follow newest first.
    public static func groups(of payloads: [APNsPayload]) -> [NotificationGroup] {
        var order: [String?] = []
        var byThread: [String?: [Member]] = [:]
        for (index, payload) in payloads.enumerated().reversed()
        where !UnpresentedPushListing.presentsNoNotification(payload) {
            let thread = payload.aps?.threadID
            if byThread[thread] == nil { order.append(thread) }
            byThread[thread, default: []].append(Member(index: index, payload: payload))
        }
        return order.map { thread in
            var members = byThread[thread] ?? []
            if members.contains(where: { $0.payload.aps?.relevanceScore != nil }),
                let featured = members.indices.max(by: { members[$0].relevance < members[$1].relevance })
            {
                members.insert(members.remove(at: featured), at: 0)
            }
            return NotificationGroup(threadID: thread, members: members)
        }
    }

    /// The N of "N more notifications": the notifications under the top one.
    public var summaryCount: Int { max(0, members.count - 1) }

    /// The summary line under a stack: "1 more notification", "3 more notifications"; nil for a
    /// group of one.
    public var summary: String? {
        let count = summaryCount
        guard count > 0 else { return nil }
        return "\(count) more \(count == 1 ? "notification" : "notifications")"
    }
}
