/// Every rule richpreview checks, one file each under `Rules/`, grouped in folders by the part of a
/// project it looks at. A rule holds its id, its severity, its description, its check and the
/// messages of its findings; `Rules.registered` (written when the package is built) lists them.
public enum Rules {
    /// Every rule, grouped by area (project, plist, categories, payload, attachment, response,
    /// delivery) and by file within an area: the order of the README's rule table and of
    /// `lint --list-rules`.
    public static let all: [RuleDescriptor] = {
        let order: [RuleDescriptor.Area] = [
            .project, .plist, .categories, .payload, .provider, .attachment, .response, .delivery,
        ]
        return registered.map { $0.descriptor }.enumerated().sorted {
            (order.firstIndex(of: $0.element.area) ?? 0, $0.offset) < (
                order.firstIndex(of: $1.element.area) ?? 0, $1.offset
            )
        }.map(\.element)
    }()

    /// The rules that compare a project's files with each other, in the order they run.
    static let projectRules: [any ProjectRule.Type] = registeredProjectRules

    /// The rules about one payload alone.
    static let payloadRules: [any PayloadRule.Type] = registeredPayloadRules

    /// The rules about one extension plist alone.
    static let extensionPlistRules: [any ExtensionPlistRule.Type] = registeredExtensionPlistRules

    /// What every extension plist rule finds in `plist`, rule by rule.
    static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
        extensionPlistRules.flatMap { $0.check(plist) }
    }

    /// The rules about a set of category manifests.
    static let manifestRules: [any ManifestRule.Type] = registeredManifestRules

    /// What every manifest rule finds in `manifest`, rule by rule.
    static func check(_ manifest: CategoryManifest) -> [Finding] {
        manifestRules.flatMap { $0.check(manifest) }
    }

    /// What the manifest rules say of a file that could not be read as a manifest.
    static func check(_ failure: CategoryManifestError) -> [Finding] {
        manifestRules.flatMap { $0.check(failure) }
    }

    /// The rules about an inspected attachment.
    static let attachmentRules: [any AttachmentRule.Type] = registeredAttachmentRules

    /// What every attachment rule finds in `attachment`: the error first, then the rest.
    static func check(_ attachment: AttachmentReport) -> [Finding] {
        let findings = attachmentRules.flatMap { $0.check(attachment) }
        return findings.filter { $0.severity == .error } + findings.filter { $0.severity != .error }
    }

    /// The rules about a payload's attachment URLs.
    static let attachmentReferenceRules: [any AttachmentReferenceRule.Type] = registeredAttachmentReferenceRules

    /// What every attachment URL rule finds in `reference`, a URL of the payload `payload`.
    static func check(_ reference: AttachmentReference, payload: String) -> [Finding] {
        attachmentReferenceRules.flatMap { $0.check(reference, payload: payload) }
    }

    /// What every payload rule finds in `payload`, rule by rule.
    static func check(_ payload: PayloadDocument) -> [Finding] {
        payloadRules.flatMap { $0.check(payload) }
    }

    /// The rules about a response that cannot be given as asked.
    static let responseRules: [any ResponseRule.Type] = registeredResponseRules

    /// What every response rule finds in `refusal`: its own rule's finding.
    static func check(_ refusal: ResponseError) -> [Finding] {
        responseRules.flatMap { $0.check(refusal) }
    }

    /// The rules about what the notification center made of a push.
    static let deliveryRules: [any DeliveryRule.Type] = registeredDeliveryRules

    /// What every delivery rule finds in `outcome`, rule by rule.
    static func check(_ outcome: PushOutcome) -> [Finding] {
        deliveryRules.flatMap { $0.check(outcome) }
    }

    /// The rules about a notification's card.
    static let cardRules: [any CardRule.Type] = registeredCardRules

    /// What every card rule finds in `card`, rule by rule.
    static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
        cardRules.flatMap { $0.check(card, categories: categories, file: file) }
    }

    /// The rule with this id.
    public static func descriptor(id: String) -> RuleDescriptor? {
        all.first { $0.id == id }
    }
}
