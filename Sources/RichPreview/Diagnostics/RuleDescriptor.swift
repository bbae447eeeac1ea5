/// A rule: its stable id, the severity of what it finds unless a finding says otherwise, the area
/// of the project it checks, and a one-line description for `lint --list-rules` and the README.
public struct RuleDescriptor: Sendable, Hashable, Codable {
    /// The part of a project a rule looks at.
    public enum Area: String, Sendable, Hashable, Codable, CaseIterable {
        case plist
        case categories
        case payload
        case attachment
        case response
        case delivery
        /// The project tree itself: paths that cannot be walked or read.
        case project
    }

    public let id: String
    public let severity: Severity
    public let area: Area
    public let summary: String

    public init(id: String, severity: Severity, area: Area, summary: String) {
        self.id = id
        self.severity = severity
        self.area = area
        self.summary = summary
    }
}
