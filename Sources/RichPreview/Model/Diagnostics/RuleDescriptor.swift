/// A rule: its stable id, the severity of what it finds, the causes it tells apart whose findings
/// have a severity of their own, the area of the project it checks, and a one-line description
/// for `lint --list-rules` and the README.
public struct RuleDescriptor: Sendable, Hashable, Codable {
    /// The part of a project a rule looks at.
    public enum Area: String, Sendable, Hashable, Codable, CaseIterable {
        /// Notification extension Info.plists.
        case plist
        /// The categories and actions the app registers, from sources or manifests.
        case categories
        /// APNs payloads (`.json`, `.apns`) and their headers.
        case payload
        /// Provider messages (FCM, Expo, OneSignal, Airship, Braze) and what they send to APNs.
        case provider
        /// Attachment URLs in payloads and the files they lead to.
        case attachment
        /// What happens when the user picks an action: contexts, responses, dismiss delivery.
        case response
        /// Scheduling and delivering notifications: authorization and identifiers.
        case delivery
        /// The project tree itself: paths that cannot be walked or read.
        case project
    }

    /// One cause a rule tells apart whose findings have a severity other than the rule's: a
    /// number written as a string is a warning where a ratio that is not a number is an error.
    public struct Cause: Sendable, Hashable, Codable {
        /// The cause's id, unique within its rule (`number-as-string`); configuration names it
        /// `RULE/CAUSE` (`size-ratio-invalid/number-as-string`).
        public let id: String
        /// The severity of its findings.
        public let severity: Severity
        /// One sentence saying what the cause is, for `lint --list-rules` and the README.
        public let summary: String

        /// Creates a cause from its parts.
        public init(id: String, severity: Severity, summary: String) {
            self.id = id
            self.severity = severity
            self.summary = summary
        }
    }

    /// The stable id findings and configuration files name the rule by, such as `aps-unknown-key`.
    public let id: String
    /// The severity of its findings, but for those of a cause in `causes`.
    public let severity: Severity
    /// The causes whose findings have a severity of their own, in the order the rule checks them.
    public let causes: [Cause]
    /// The part of the project the rule checks, which groups rules in `lint --list-rules`.
    public let area: Area
    /// One sentence saying what the rule finds and why it matters, for `lint --list-rules` and the
    /// README.
    public let summary: String

    /// Creates a rule descriptor from its parts; the id is not checked for uniqueness (`Rules`
    /// lists them all).
    public init(id: String, severity: Severity, area: Area, summary: String, causes: [Cause] = []) {
        self.id = id
        self.severity = severity
        self.area = area
        self.summary = summary
        self.causes = causes
    }

    /// The cause with this id.
    public func cause(_ id: String) -> Cause? { causes.first { $0.id == id } }
}
