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
    /// The groups of more than one payload, stacked as the lock screen stacks them.
    public var threads: [ReviewThread]
    /// The text of each line a finding points at, by file then line number (cut to
    /// `ProjectReview.excerptLength` characters): the page shows it under the finding, since a
    /// browser opening a local file goes to no line.
    public var findingLines: [String: [Int: String]] = [:]

    /// How many characters of a finding's line the page shows.
    public static let excerptLength = 160

    /// A review from its parts.
    public init(
        title: String, cards: [ReviewCard], lint: LintResult, projectFindings: [Finding],
        changes: ReviewChanges? = nil, threads: [ReviewThread] = []
    ) {
        self.title = title
        self.cards = cards
        self.lint = lint
        self.projectFindings = projectFindings
        self.changes = changes
        self.threads = threads
    }
}

/// Payloads iOS groups (one `thread-id`, or the app's without one) drawn as a stack: collapsed
/// as the lock screen shows it, and expanded as a list.
public struct ReviewThread: Sendable {
    /// The group's `thread-id`; nil for the app's notifications that carry none.
    public var threadIdentifier: String?
    /// The payload files, top of the stack first.
    public var files: [String]
    /// The summary line under a collapsed stack ("2 more notifications from Ana").
    public var summary: String?
    /// The stack light and dark, collapsed (the `banner` state) and expanded (`expanded`).
    public var pictures: [ReviewPicture]
    /// Why the stack could not be drawn, when it could not.
    public var problem: String?

    /// The views a stack is drawn in: light and dark, collapsed (`banner`) and expanded.
    public static let views = ReviewView.standard
    /// How many cards an expanded stack's picture lists; the page says how many more there are.
    public static let listedCards = 8

    /// A thread from its parts.
    public init(
        threadIdentifier: String?, files: [String], summary: String?, pictures: [ReviewPicture] = [],
        problem: String? = nil
    ) {
        self.threadIdentifier = threadIdentifier
        self.files = files
        self.summary = summary
        self.pictures = pictures
        self.problem = problem
    }

    /// The group's name: `Thread "chat-ana"`, or the app's notifications without a thread.
    public var name: String {
        threadIdentifier.map { "Thread \"\($0)\"" } ?? "Notifications without a thread-id"
    }

    /// What names the stack in a baseline: `thread:` and its `thread-id`, or `app` for the app's
    /// notifications without one.
    public var comparisonKey: String { threadIdentifier.map { "thread:\($0)" } ?? "app" }

    /// What a picture of the stack shows, for its `alt` text.
    public func altText(for view: ReviewView) -> String {
        let shape =
            view.state == .banner
            ? "collapsed stack of \(files.count) notifications"
            : "expanded list of \(files.count) notifications"
        return "\(name), \(view.appearance.rawValue), \(shape)" + (summary.map { ": \($0)" } ?? "")
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

/// One drawn view of a card: the encoded picture and its size.
public struct ReviewPicture: Sendable {
    /// Which view.
    public var view: ReviewView
    /// The picture: a WebP file (or a PNG one, from a page an older version wrote).
    public var data: Data
    /// Its size in pixels.
    public var size: PixelSize

    /// The least PSNR, in dB, at which a lossy picture stands for its pixels: above it the
    /// difference is not visible at the page's scale.
    public static let leastLossyPSNR = 40.0

    /// A picture from its parts.
    public init(view: ReviewView, data: Data, size: PixelSize) {
        self.view = view
        self.data = data
        self.size = size
    }

    /// `image` encoded for the page: lossless WebP (a third of the PNG's size for text on flat
    /// colour), or, when the view shows a photo (a drawn attachment, a movie frame), lossy WebP at
    /// quality 90 (libwebp's method 2) when that keeps `leastLossyPSNR` against the pixels: for
    /// a photo card about a third of the lossless size.
    /// - Throws: `WebPEncoder.Failure` (libwebp missing, out of memory).
    public init(view: ReviewView, image: RGBAImage, showsPhoto: Bool) throws(WebPEncoder.Failure) {
        self.view = view
        size = image.size
        if showsPhoto {
            let lossy = try WebPEncoder.encode(image, .lossy(quality: 90), method: 2)
            if let decoded = try? ImageDecoder.decode(lossy, convertingToSRGB: false),
                Self.psnr(decoded.pixels, image.pixels) >= Self.leastLossyPSNR
            {
                data = lossy
                return
            }
        }
        data = try WebPEncoder.encode(image, .lossless(effort: 0), method: 1)
    }

    /// The peak signal-to-noise ratio of `a` against `b` over R, G and B, in dB (infinity when equal).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0
        for index in a.indices where index % 4 != 3 {
            let difference = Int(a[index]) - Int(b[index])
            sum += difference * difference
        }
        guard sum > 0 else { return .infinity }
        let mean = Double(sum) / Double(a.count / 4 * 3)
        return 10 * log10(255 * 255 / mean)
    }

    /// The picture as a `data:` URI, its media type read from its bytes.
    var dataURI: String { Self.dataURI(data) }

    /// `data` as a `data:` URI: `image/webp` for a WebP file, else `image/png`.
    static func dataURI(_ data: Data) -> String {
        let isWebP = ImageFormats.detect(data.prefix(ImageFormats.signatureLength)) == .webp
        return (isWebP ? "data:image/webp;base64," : "data:image/png;base64,") + data.base64EncodedString()
    }
}

/// One payload file of a review: where it is, what it shows, what lint says, and its pictures.
public struct ReviewCard: Sendable {
    /// The payload file, as the walk named it (`FILE#N` for the Nth message of a file holding
    /// several, such as an Expo array); also the card's identity between two reviews.
    public var file: String
    /// The payload file itself, as the walk named it (`file` without a message's `#N`).
    public var payloadFile: String
    /// Which message of `payloadFile` the card draws (1-based) when it holds several; nil when
    /// it holds one.
    public var message: Int?
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
    /// Why the pictures show the notification without its attachment, as iOS shows it (no
    /// `mutable-content`, an attachment that cannot be drawn); nil when drawn with it, or with none.
    public var drawnWithout: String?
    /// How a remote image the payload names is shown (`RemoteImageDelivery`): drawn from a file of
    /// its name, as a placeholder, or not, and why; nil when the payload names none.
    public var remoteImage: String?
    /// The payload's fields by key path (`aps.alert.body`, `aps.badge`, `order.items[0]`), each
    /// value as text (a string as it is, anything else as JSON): what a text diff compares.
    public var fields: [String: String] = [:]

    /// A card from its parts.
    public init(
        file: String, category: String? = nil, categoryRegistered: Bool? = nil, extensionFile: String? = nil,
        actions: [String] = [], threadIdentifier: String? = nil, attachment: CardAttachment? = nil,
        texts: [String] = [], findings: [Finding] = [], pictures: [ReviewPicture] = [], problem: String? = nil
    ) {
        self.file = file
        payloadFile = file
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

/// A payload's fields as key paths and texts, for the text diff of a changed card.
enum PayloadFields {
    /// The fields of `payload`: every leaf of its JSON by key path.
    static func of(_ payload: APNsPayload) -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(payload),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return [:] }
        var fields: [String: String] = [:]
        flatten(object, path: "", into: &fields)
        return fields
    }

    private static func flatten(_ value: Any, path: String, into fields: inout [String: String]) {
        switch value {
        case let dictionary as [String: Any]:
            if dictionary.isEmpty { fields[path] = "{}" }
            for (key, member) in dictionary {
                flatten(member, path: path.isEmpty ? key : "\(path).\(key)", into: &fields)
            }
        case let array as [Any]:
            if array.isEmpty { fields[path] = "[]" }
            for (index, member) in array.enumerated() { flatten(member, path: "\(path)[\(index)]", into: &fields) }
        case let string as String:
            fields[path] = string
        default:
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            fields[path] = data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        }
    }

    /// `fields` as the JSON object a page stores them in (sorted keys).
    static func json(_ fields: [String: String]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The fields in `json`, as `json(_:)` wrote them; nil when it is not such an object.
    static func read(_ json: String) -> [String: String]? {
        guard json.utf8.count <= 1 << 20,
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { return nil }
        var fields: [String: String] = [:]
        for (key, value) in object {
            guard let text = value as? String else { return nil }
            fields[key] = text
        }
        return fields
    }
}

/// One field of a payload that differs from the baseline's: `aps.alert.body: 7:42 → 7:48`.
public struct ReviewFieldChange: Sendable, Equatable {
    /// The field's key path (`aps.alert.body`).
    public var key: String
    /// The baseline's value; nil when the baseline lacks the field.
    public var before: String?
    /// The review's value; nil when the field was removed.
    public var after: String?

    /// A change from its parts.
    public init(key: String, before: String?, after: String?) {
        self.key = key
        self.before = before
        self.after = after
    }

    /// The fields that differ between `before` and `after`, by key path.
    public static func changes(from before: [String: String], to after: [String: String]) -> [ReviewFieldChange] {
        Set(before.keys).union(after.keys).sorted().compactMap { key in
            before[key] == after[key] ? nil : ReviewFieldChange(key: key, before: before[key], after: after[key])
        }
    }
}
