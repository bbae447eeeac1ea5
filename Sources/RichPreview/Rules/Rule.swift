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

/// A rule about one set of category manifests (one file, or the files a command reads together),
/// or about a file that could not be read as one: `respond`, `render`, `deliver` and `lint` run it
/// on every manifest they read.
protocol ManifestRule: Rule {
    /// The findings of this rule in `manifest`.
    static func check(_ manifest: CategoryManifest) -> [Finding]
    /// The findings of this rule about a manifest the reader could not read (`failure`, never
    /// `rejected`).
    static func check(_ failure: CategoryManifestError) -> [Finding]
}

extension ManifestRule {
    /// None: most rules look only at manifests that read.
    static func check(_ failure: CategoryManifestError) -> [Finding] { [] }
    /// None: some rules look only at manifests that do not read.
    static func check(_ manifest: CategoryManifest) -> [Finding] { [] }
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

/// A rule about a response `respond` was asked for and cannot give as asked: one rule per reason
/// (`ResponseError`) iOS refuses it.
protocol ResponseRule: Rule {
    /// The findings of this rule for `refusal`: none when the refusal is another rule's.
    static func check(_ refusal: ResponseError) -> [Finding]
}

/// A rule about what the notification center made of a push: the receipt of one it received, or
/// why it refused one (`deliver`).
protocol DeliveryRule: Rule {
    /// The findings of this rule about `outcome`: none when it is another rule's.
    static func check(_ outcome: PushOutcome) -> [Finding]
}

/// A rule about a notification's card as built (`render`): what it leaves out, what it shows
/// without the app's say-so.
protocol CardRule: Rule {
    /// The findings of this rule in `card`, built from `categories`, for the payload `file`.
    static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding]
}
