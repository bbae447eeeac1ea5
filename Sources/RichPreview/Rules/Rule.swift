/// A check richpreview makes: its descriptor (id, default severity, area, summary), and, through
/// the protocol for what it looks at (`ProjectRule`, …), the check itself and its messages. Every
/// type under `Rules/` that conforms is found when the package is built (`Rules.registered`): a new
/// rule is one file there, and one test file.
public protocol Rule: Sendable {
    /// The rule's id, default severity, area and summary.
    static var descriptor: RuleDescriptor { get }
}

/// A rule about one payload alone: `payload`, `deliver`, `render`, `inspect --payload` and `lint`
/// run it on every payload they read, so a payload gets the same findings from each.
protocol PayloadRule: Rule {
    /// The findings of this rule in `payload`.
    static func check(_ payload: PayloadDocument) -> [Finding]
}

/// A rule about one extension `Info.plist` alone: `respond`, `render` and `lint` run it on every
/// extension plist they read.
protocol ExtensionPlistRule: Rule {
    /// The findings of this rule in `plist`.
    static func check(_ plist: ExtensionPlistDocument) -> [Finding]
}

/// A rule about one set of category manifests (one file, or the files a command reads together):
/// `respond`, `render`, `deliver` and `lint` run it on every manifest they read.
protocol ManifestRule: Rule {
    /// The findings of this rule in `manifest`.
    static func check(_ manifest: CategoryManifest) -> [Finding]
}

/// A rule about one attachment as inspected: `inspect`, `render` and `lint` run it on every
/// attachment they check.
protocol AttachmentRule: Rule {
    /// The findings of this rule in `attachment`.
    static func check(_ attachment: AttachmentReport) -> [Finding]
}

/// A rule about an attachment URL a payload carries, before any file is read.
protocol AttachmentReferenceRule: Rule {
    /// The findings of this rule for `reference`, a URL of the payload named `payload`.
    static func check(_ reference: AttachmentReference, payload: String) -> [Finding]
}
