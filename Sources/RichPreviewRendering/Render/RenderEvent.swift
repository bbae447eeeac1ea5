import RichPreview

/// What a render job has to say while it runs, in the order it happens: what `richpreview render`
/// prints.
public enum RenderEvent: Sendable, Equatable {
    /// Findings of a payload, a plist, an attachment or a card.
    case findings([Finding])
    /// A problem that belongs to no rule (an input that cannot be read, a picture not written),
    /// about `file` (nil: the run as a whole).
    case problem(Severity, file: String?, String)
    /// A note about `file` that is neither an error nor a warning (timings, frames written).
    case note(file: String, String)
    /// Terminal text drawn (cards, an image), for standard output.
    case output(String)
}

/// The category manifests and extension plists a render draws with, and the plists' findings
/// (already reported).
public struct RenderConfigurations: Sendable {
    /// The app's categories.
    public var categories: CategoryManifest
    /// The extensions whose content extensions draw the expanded view.
    public var extensions: ExtensionRegistry
    /// The plists' findings.
    public var findings: [Finding]

    /// The configurations from their parts.
    public init(categories: CategoryManifest, extensions: ExtensionRegistry, findings: [Finding]) {
        self.categories = categories
        self.extensions = extensions
        self.findings = findings
    }
}
