/// `aps.interruption-level` (iOS 15+): how strongly a notification may interrupt.
public enum InterruptionLevel: String, Sendable, CaseIterable, Codable {
    /// Added to the list silently: no screen wake, no sound.
    case passive
    /// Presented at once, may play a sound; the default.
    case active
    /// Like active, and may break through Focus; needs the Time Sensitive capability.
    case timeSensitive = "time-sensitive"
    /// Bypasses the mute switch; needs Apple's Critical Alerts entitlement.
    case critical
}
