/// `aps.event` of a Live Activity push.
public enum LiveActivityEvent: String, Sendable, CaseIterable, Codable {
    /// Starts a Live Activity (push-to-start, with `attributes-type` and `attributes`).
    case start
    /// Updates a running Live Activity with `content-state`.
    case update
    /// Ends a Live Activity; it stays on screen until `dismissal-date`.
    case end
}
