/// How much a finding matters: an error keeps the thing from working, a warning is probably a
/// mistake, a note is worth knowing.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Worth knowing; never fails a lint.
    case note
    /// Probably a mistake; fails a lint only with warnings as errors.
    case warning
    /// Keeps the notification, extension or attachment from working; fails a lint.
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
