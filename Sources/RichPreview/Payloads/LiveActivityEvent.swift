/// `aps.event` of a Live Activity push.
public enum LiveActivityEvent: String, Sendable, CaseIterable, Codable {
    case start
    case update
    case end
}
