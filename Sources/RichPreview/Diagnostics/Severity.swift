/// How much a finding matters: an error keeps the thing from working, a warning is probably a
/// mistake, a note is worth knowing.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case note
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
