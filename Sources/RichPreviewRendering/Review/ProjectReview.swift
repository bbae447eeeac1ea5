import Foundation
import RichPreview
import RichPreviewImaging

/// Every notification of a project drawn as iOS draws it, with what lint says about each: what
/// `richpreview review` writes as one page (`ReviewPage`).
public struct ProjectReview: Sendable {
    /// The project's name for the page's title (the folder reviewed).
    public var title: String
    /// One card per payload file, in the walk's order.
    public var cards: [ReviewCard]
    /// The lint of the tree: every finding, the counts, the notes.
    public var lint: LintResult
    /// The findings about no payload (plists, code, project files), by file then line.
    public var projectFindings: [Finding]
    /// What changed since a baseline, when one was compared (`ReviewComparison`).
    public var changes: ReviewChanges?

    /// A review from its parts.
    public init(
        title: String, cards: [ReviewCard], lint: LintResult, projectFindings: [Finding],
        changes: ReviewChanges? = nil
    ) {
        self.title = title
        self.cards = cards
        self.lint = lint
        self.projectFindings = projectFindings
        self.changes = changes
    }
}

/// One way a notification is seen: appearance, banner or expanded, and the action context.
public struct ReviewView: Sendable, Hashable, Codable, Comparable {
    /// Light or dark.
    public var appearance: Appearance
    /// Banner or expanded.
    public var state: CardState
    /// The default context (up to 4 buttons), or the minimal one (2).
    public var context: ActionContext

    /// A view from its parts.
    public init(appearance: Appearance, state: CardState, context: ActionContext = .default) {
        self.appearance = appearance
        self.state = state
        self.context = context
    }

    /// `light-banner`, `dark-expanded`, `light-expanded-minimal`: the view's name in pages and
    /// summaries.
    public var key: String {
        "\(appearance.rawValue)-\(state.rawValue)" + (context == .minimal ? "-minimal" : "")
    }

    /// `Light, banner`; `Light, expanded, minimal context`.
    public var caption: String {
        "\(appearance.rawValue.capitalized), \(state.rawValue)" + (context == .minimal ? ", minimal context" : "")
    }

    /// The four views of every payload: light and dark, banner and expanded.
    public static let standard: [ReviewView] = [
        ReviewView(appearance: .light, state: .banner), ReviewView(appearance: .light, state: .expanded),
        ReviewView(appearance: .dark, state: .banner), ReviewView(appearance: .dark, state: .expanded),
    ]

    /// Light first, then banner before expanded, the default context before the minimal.
    public static func < (a: ReviewView, b: ReviewView) -> Bool {
        let order = { (view: ReviewView) in
            (view.appearance == .light ? 0 : 1, view.state == .banner ? 0 : 1, view.context == .default ? 0 : 1)
        }
        return order(a) < order(b)
    }
}

/// One drawn view of a card: the PNG bytes and their size.
public struct ReviewPicture: Sendable {
    /// Which view.
    public var view: ReviewView
    /// The picture, PNG.
    public var png: Data
    /// Its size in pixels.
    public var size: PixelSize

    /// A picture from its parts.
    public init(view: ReviewView, png: Data, size: PixelSize) {
        self.view = view
        self.png = png
        self.size = size
    }
}

/// One payload file of a review: where it is, what it shows, what lint says, and its pictures.
public struct ReviewCard: Sendable {
    /// The payload file, as the walk named it; also the card's identity between two reviews.
    public var file: String
    /// `aps.category`, nil when the payload names none.
    public var category: String?
    /// Whether the project registers the category (nil when it registers nothing the lint could read).
    public var categoryRegistered: Bool?
    /// The content extension plist that draws the expanded view, nil for iOS's default look.
    public var extensionFile: String?
    /// The titles of the category's buttons, in the default context.
    public var actions: [String]
    /// `aps.thread-id`, nil when none.
    public var threadIdentifier: String?
    /// The attachment the card shows, as inspected; nil when the payload carries none.
    public var attachment: CardAttachment?
    /// The texts the card shows, header first (for `alt` texts and search).
    public var texts: [String]
    /// The findings on this payload and its attachments, sorted.
    public var findings: [Finding]
    /// The pictures, in `ReviewView` order; empty when the payload cannot be drawn.
    public var pictures: [ReviewPicture]
    /// Why no picture was drawn (an invalid payload, no fonts), nil when drawn.
    public var problem: String?

    /// A card from its parts.
    public init(
        file: String, category: String? = nil, categoryRegistered: Bool? = nil, extensionFile: String? = nil,
        actions: [String] = [], threadIdentifier: String? = nil, attachment: CardAttachment? = nil,
        texts: [String] = [], findings: [Finding] = [], pictures: [ReviewPicture] = [], problem: String? = nil
    ) {
        self.file = file
        self.category = category
        self.categoryRegistered = categoryRegistered
        self.extensionFile = extensionFile
        self.actions = actions
        self.threadIdentifier = threadIdentifier
        self.attachment = attachment
        self.texts = texts
        self.findings = findings
        self.pictures = pictures
        self.problem = problem
    }

    /// The worst severity among the findings; nil when there are none.
    public var worstSeverity: Severity? {
        findings.map(\.severity).max()
    }

    /// What the picture of `view` shows, as one line for its `alt` text.
    public func altText(for view: ReviewView) -> String {
        let shown = texts.filter { !$0.isEmpty }.joined(separator: " — ")
        let buttons = view.state == .expanded && !actions.isEmpty ? "; buttons: " + actions.joined(separator: ", ") : ""
        return "Notification, \(view.caption.lowercased()): \(shown)\(buttons)"
    }
}
