/// A use in code of what takes an entitlement to work: the time-sensitive interruption level, a
/// critical alert (its level or sound), or a notification's content updated from a message
/// intent (`updating(from:)`, communication notifications).
public struct ScannedCapabilityUse: Sendable, Hashable {
    /// What the code uses.
    public enum Kind: String, Sendable, Hashable {
        /// `.timeSensitive`, `UNNotificationInterruptionLevelTimeSensitive`.
        case timeSensitive
        /// `.critical`'s level constant, `defaultCritical`, `criticalSoundNamed`.
        case criticalAlert
        /// `updating(from:)`, `contentByUpdatingWithProvider:`.
        case communication
    }

    /// What the code uses.
    public var kind: Kind
    /// Where.
    public var location: CodeLocation

    /// A use of `kind` at `location`.
    public init(kind: Kind, location: CodeLocation) {
        self.kind = kind
        self.location = location
    }
}
