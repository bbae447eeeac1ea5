/// What adding a local notification changed besides adding it.
public struct SchedulingResult: Sendable, Hashable {
    /// Whether a pending notification with the same identifier was replaced.
    public var replacedPending: Bool
    /// Notifications dropped to keep the 64 soonest-firing ones, soonest first; may include the
    /// one just added.
    public var discarded: [LocalNotification]
}
