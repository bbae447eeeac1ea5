/// A rule: its stable id, the severity of what it finds unless a finding says otherwise, the area
/// of the project it checks, and a one-line description for `lint --list-rules` and the README.
public struct RuleDescriptor: Sendable, Hashable, Codable {
    /// The part of a project a rule looks at.
    public enum Area: String, Sendable, Hashable, Codable, CaseIterable {
        /// Notification extension Info.plists.
        case plist
        /// The categories and actions the app registers, from sources or manifests.
        case categories
        /// APNs payloads (`.json`, `.apns`) and their headers.
        case payload
        /// Attachment URLs in payloads and the files they lead to.
        case attachment
        /// What happens when the user picks an action: contexts, responses, dismiss delivery.
        case response
        /// Scheduling and delivering notifications: authorization and identifiers.
        case delivery
        /// The project tree itself: paths that cannot be walked or read.
        case project
    }

    /// The stable id findings and configuration files name the rule by, such as `aps-unknown-key`.
    public let id: String
    /// The severity of its findings unless a finding says otherwise.
    public let severity: Severity
    /// The part of the project the rule checks, which groups rules in `lint --list-rules`.
    public let area: Area
    /// One sentence saying what the rule finds and why it matters, for `lint --list-rules` and the
    /// README.
    public let summary: String

    /// Creates a rule descriptor from its parts; the id is not checked for uniqueness (`Rules`
    /// lists them all).
    public init(id: String, severity: Severity, area: Area, summary: String) {
        self.id = id
        self.severity = severity
        self.area = area
        self.summary = summary
    }
}
