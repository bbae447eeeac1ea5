/// What a notification shows, as iOS would draw it: the header, the texts, the content
/// extension's area, the attachment and the buttons. Built by `NotificationCardBuilder` from a
/// payload (or a delivered notification), the app's categories and its extensions; drawn by the
/// terminal renderer and the PNG renderer. Text is kept as written; renderers escape it.
public struct NotificationCard: Sendable, Equatable {
    /// The name in the header: the app's, or the content extension's when it overrides the title.
    public var headerTitle: String
    /// The app's own name, when the header shows another (an extension's title): the app icon is
    /// the app's whatever the header says.
    public var appName: String?

    /// The name the app icon is drawn for: the app's, else the header's.
    public var iconName: String { appName ?? headerTitle }
    /// The payload's `interruption-level` (iOS 15+): time-sensitive and critical notifications
    /// carry a label above the title; a passive one never shows as a banner.
    public var interruptionLevel: InterruptionLevel?

    /// The label iOS shows above the title for the interruption level, if any.
    public var interruptionLabel: String? {
        switch interruptionLevel {
        case .timeSensitive?: "Time Sensitive"
        case .critical?: "Critical Alert"
        default: nil
        }
    }
    /// The time in the header.
    public var time: String
    /// The title, shown in bold above the body (`aps.alert.title`, or its localized key filled in);
    /// nil for none.
    public var title: String?
    /// The subtitle, shown below the title (`aps.alert.subtitle`, or its localized key filled in);
    /// nil for none.
    public var subtitle: String?
    /// The body text (`aps.alert.body`, an alert string, or `loc-key` filled in); nil for none. A
    /// banner shows its first lines only.
    public var body: String?
    /// Whether the default title, subtitle and body are shown; false in the expanded state of a
    /// content extension with `UNNotificationExtensionDefaultContentHidden`.
    public var showsDefaultContent: Bool
    /// The content extension's area, in the expanded state of a category an extension draws.
    public var extensionArea: ExtensionArea?
    /// The attachment, when the notification has one.
    public var attachment: CardAttachment?
    /// The buttons shown, in order.
    public var actions: [CardAction]
    /// Whether the card is the collapsed banner or the expanded notification.
    public var state: CardState
    /// The iOS 8 action context whose buttons the expanded card shows (minimal: at most 2; default:
    /// at most 4).
    public var context: ActionContext
    /// The category, as the payload names it.
    public var category: String?
    /// Whether the category is registered (nil when the notification names none).
    public var categoryRegistered: Bool?
    /// The category's actions the expanded card leaves out, beyond what its context shows, in
    /// the category's order.
    public var hiddenActions: [CardAction] = []
    /// The payload's `title-loc-key`, `subtitle-loc-key` and `loc-key` the app's strings lack
    /// (empty when no strings were given): iOS shows each key itself.
    public var missingLocalizationKeys: [MissingLocalizationKey] = []
    /// The sender of a communication notification (iOS 15+, `INSendMessageIntent`): the title,
    /// and the avatar drawn where the app icon goes; nil for a notification of the app itself.
    public var sender: String? = nil
    /// What the card rules find in it: actions left out, a category the app does not register.
    public var findings: [Finding]

    /// Creates a card from its parts, by default an expanded card at time "now" with default
    /// content and nothing else; `NotificationCardBuilder` applies iOS's rules, this does not.
    public init(
        headerTitle: String, time: String = "now", title: String? = nil, subtitle: String? = nil,
        body: String? = nil, showsDefaultContent: Bool = true, extensionArea: ExtensionArea? = nil,
        attachment: CardAttachment? = nil, actions: [CardAction] = [], state: CardState = .expanded,
        context: ActionContext = .default, category: String? = nil, categoryRegistered: Bool? = nil,
        findings: [Finding] = []
    ) {
        self.headerTitle = headerTitle
        self.time = time
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.showsDefaultContent = showsDefaultContent
        self.extensionArea = extensionArea
        self.attachment = attachment
        self.actions = actions
        self.state = state
        self.context = context
        self.category = category
        self.categoryRegistered = categoryRegistered
        self.findings = findings
    }

    /// The texts the default content shows, in order, without empty ones.
    public var texts: [String] {
        [title, subtitle, body].compactMap { $0 }.filter { !$0.isEmpty }
    }
}

/// How much of a notification is shown.
public enum CardState: String, Sendable, CaseIterable, Codable {
    /// The collapsed banner: header, title, a few lines of body, a thumbnail; no buttons.
    case banner
    /// The expanded notification: the content extension's area or the full attachment, all the
    /// text, and the buttons of the action context.
    case expanded
}

/// The area a content extension draws in the expanded notification.
public struct ExtensionArea: Sendable, Equatable {
    /// Height ÷ width (`UNNotificationExtensionInitialContentSizeRatio`).
    public var heightRatio: Double
    /// The extension's Info.plist.
    public var extensionFile: String

    /// Creates an extension area from the extension's height ÷ width ratio (positive) and its
    /// plist's path.
    public init(heightRatio: Double, extensionFile: String) {
        self.heightRatio = heightRatio
        self.extensionFile = extensionFile
    }
}

/// The attachment as a card shows it.
public struct CardAttachment: Sendable, Equatable {
    /// The attachment as the payload names it.
    public var name: String
    /// Image, audio or movie, from the bytes; nil when they were not recognised.
    public var kind: MediaKind?
    /// The file format from the bytes (PNG, MP4, …); nil when it was not recognised.
    public var format: MediaFormat?
    /// The stored pixel size of an image, or the frame size of a movie.
    public var pixelSize: PixelSize?
    /// Seconds, for audio and movies.
    public var duration: Double?
    /// Where the file is, when it is a local file whose pixels can be drawn.
    public var path: String?
    /// Why iOS would refuse it; nil when it would be accepted.
    public var problem: String?
    /// The options a service extension creates it with: the banner thumbnail's clipping
    /// rectangle (used when inside the unit square), whether it is hidden, and the second of a
    /// movie its frame is taken at.
    public var options = AttachmentOptions()
    /// The payload's key that holds its URL, when it came from a payload.
    public var keyPath: String?
    /// Why a movie's frame is not drawn (FFmpeg missing, a stream that does not decode, a time
    /// past its end, a frame over the pixel limit); nil when it is, or was not tried.
    public var posterFrameProblem: String?
    /// A remote image a service extension downloads at delivery, not at hand: a picture draws a
    /// neutral placeholder where iOS shows it (`RemoteImageDelivery`).
    public var isPlaceholder = false

    /// Creates a card attachment from its parts; only `name` is required, and a nil `problem` means
    /// iOS would accept it.
    public init(
        name: String, kind: MediaKind? = nil, format: MediaFormat? = nil, pixelSize: PixelSize? = nil,
        duration: Double? = nil, path: String? = nil, problem: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.format = format
        self.pixelSize = pixelSize
        self.duration = duration
        self.path = path
        self.problem = problem
    }

    /// The card's view of an inspected attachment (`AttachmentInspector`): its kind, format, size,
    /// duration, options and, when iOS would refuse it, why; `path` when it is a file.
    public init(_ report: AttachmentReport, path: String? = nil) {
        self.init(
            name: report.name, kind: report.kind, format: report.format,
            pixelSize: report.image.map { PixelSize(width: $0.width, height: $0.height) }
                ?? report.media.flatMap { media in
                    media.width.flatMap { width in media.height.map { PixelSize(width: width, height: $0) } }
                },
            duration: report.media?.duration, path: path, problem: report.error?.reason)
        options = report.options
    }

    /// The card's view of an attachment a payload carries: the facts of a local file as inspected
    /// (its pixels are drawn when iOS would accept it), or why a URL is not drawn.
    public init(_ attachment: PayloadAttachments.Attachment) {
        defer { keyPath = attachment.reference.keyPath }
        let report = attachment.report
        switch attachment.reference.location {
        case .remote:
            self.init(
                name: attachment.reference.url,
                problem: "a remote URL the service extension downloads; not fetched here")
        case .insecure, .invalid:
            self.init(name: attachment.reference.url, problem: "the URL is not usable")
        case .local(let path):
            self.init(report, path: path)
            name = attachment.reference.url
        }
    }

    /// The part of the image the banner's thumbnail shows: the options' clipping rectangle when
    /// it lies inside the unit square (iOS ignores one that does not), else nil for all of it.
    public var thumbnailClip: UnitRect? {
        options.thumbnailClippingRect.flatMap { $0.isInsideUnitSquare ? $0 : nil }
    }

    /// Whether the card draws its pixels: an image iOS would accept (the renderer is given its
    /// bytes; `path` is only where the command line reads them from).
    public var isDrawableImage: Bool { kind == .image && problem == nil }

    /// `0:02`, `1:05:09`: a duration as a media player shows it. Negative and not-a-number
    /// durations show as `0:00`; a duration past 10,000 hours (only a damaged header declares one)
    /// shows as `10000:00:00`.
    public static func clock(_ seconds: Double) -> String {
        let total = seconds.isNaN ? 0 : Int(min(max(seconds, 0), 36_000_000).rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}

/// A button of the card.
public struct CardAction: Sendable, Equatable {
    /// The action's identifier, as registered in its category.
    public var identifier: String
    /// The button's title, as registered.
    public var title: String
    /// Drawn in red.
    public var isDestructive: Bool
    /// The send button's title of a text-input action; nil for other actions.
    public var textInputButtonTitle: String?
    /// `UNNotificationActionIcon` (iOS 15+): the symbol or template image drawn at the row's
    /// trailing end; nil for none.
    public var icon: ActionIcon?

    /// Creates a button from its parts; by default not destructive, not a text-input action and
    /// without an icon.
    public init(
        identifier: String, title: String, isDestructive: Bool = false, textInputButtonTitle: String? = nil,
        icon: ActionIcon? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.isDestructive = isDestructive
        self.textInputButtonTitle = textInputButtonTitle
        self.icon = icon
    }
}

/// A `*-loc-key` of a payload that the app's `Localizable` table does not have.
public struct MissingLocalizationKey: Sendable, Equatable {
    /// Where the payload names it: `aps.alert.loc-key`, `aps.alert.title-loc-key` or `aps.alert.subtitle-loc-key`.
    public var keyPath: String
    /// The key.
    public var key: String
    /// The language of the table looked in.
    public var language: String

    /// A key missing from the `language` table, named at `keyPath`.
    public init(keyPath: String, key: String, language: String) {
        self.keyPath = keyPath
        self.key = key
        self.language = language
    }
}
