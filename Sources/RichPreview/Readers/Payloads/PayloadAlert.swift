/// `aps.alert`: the text a notification shows, given as a string (the body) or a dictionary.
public struct PayloadAlert: Sendable, Hashable {
    /// Every key Apple documents for `aps.alert`.
    public static let knownKeys = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "summary-arg", "summary-arg-count",
    ]

    /// True when the payload gave `alert` as a plain string, which is the body.
    public var isPlainText: Bool
    /// `title`: shown in bold above the body; nil for none.
    public var title: String?
    /// `subtitle`: shown below the title; nil for none.
    public var subtitle: String?
    /// `body`, or the whole alert when it was given as a string: the notification's text; nil for
    /// none.
    public var body: String?
    /// `launch-image`: an image file in the app bundle shown while the app launches.
    public var launchImage: String?
    /// `title-loc-key` and `title-loc-args`: used instead of `title`; each `%@` takes the next argument.
    public var titleLocKey: String?
    /// `title-loc-args`: the strings that replace the `%@` in `title-loc-key`'s text, in order.
    public var titleLocArgs: [String]?
    /// `subtitle-loc-key`: a key in the app's `Localizable.strings` used instead of `subtitle`.
    public var subtitleLocKey: String?
    /// `subtitle-loc-args`: the strings that replace the `%@` in `subtitle-loc-key`'s text, in
    /// order.
    public var subtitleLocArgs: [String]?
    /// `loc-key` and `loc-args`: used instead of `body`.
    public var locKey: String?
    /// `loc-args`: the strings that replace the `%@` in `loc-key`'s text, in order.
    public var locArgs: [String]?
    /// Legacy `action-loc-key`: a key naming the right-hand button, or `null` for an OK button only.
    public var actionLocKey: ActionLocKey?
    /// iOS 12–14 `summary-arg` and `summary-arg-count`, for the group summary.
    public var summaryArg: String?
    /// `summary-arg-count`: how many items this notification adds to the group summary's count.
    public var summaryArgCount: Int?

    /// Creates an alert from its parts, every key absent by default; `isPlainText` with only a
    /// `body` stands for an alert given as a string (see `text(_:)`).
    public init(
        isPlainText: Bool = false, title: String? = nil, subtitle: String? = nil, body: String? = nil,
        launchImage: String? = nil, titleLocKey: String? = nil, titleLocArgs: [String]? = nil,
        subtitleLocKey: String? = nil, subtitleLocArgs: [String]? = nil, locKey: String? = nil,
        locArgs: [String]? = nil, actionLocKey: ActionLocKey? = nil, summaryArg: String? = nil,
        summaryArgCount: Int? = nil
    ) {
        self.isPlainText = isPlainText
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.launchImage = launchImage
        self.titleLocKey = titleLocKey
        self.titleLocArgs = titleLocArgs
        self.subtitleLocKey = subtitleLocKey
        self.subtitleLocArgs = subtitleLocArgs
        self.locKey = locKey
        self.locArgs = locArgs
        self.actionLocKey = actionLocKey
        self.summaryArg = summaryArg
        self.summaryArgCount = summaryArgCount
    }

    /// An alert given as a plain string: the body.
    public static func text(_ body: String) -> PayloadAlert { PayloadAlert(isPlainText: true, body: body) }

    /// The legacy `action-loc-key` value.
    public enum ActionLocKey: Sendable, Hashable {
        /// Close and View buttons; the key localizes the right-hand one.
        case key(String)
        /// `null`: a single OK button.
        case okOnly
    }

    /// Whether the alert has something to show: a body or a title (plain or localized).
    public var hasVisibleText: Bool {
        [title, subtitle, body, titleLocKey, subtitleLocKey, locKey].contains { !($0 ?? "").isEmpty }
    }

    /// Whether there is a body, plain or localized.
    public var hasBody: Bool { !(body ?? "").isEmpty || !(locKey ?? "").isEmpty }

    var jsonValue: PropertyValue {
        if isPlainText { return .string(body ?? "") }
        var members: [String: PropertyValue] = [:]
        let strings: [(String, String?)] = [
            ("title", title), ("subtitle", subtitle), ("body", body), ("launch-image", launchImage),
            ("title-loc-key", titleLocKey), ("subtitle-loc-key", subtitleLocKey), ("loc-key", locKey),
            ("summary-arg", summaryArg),
        ]
        for case (let key, let value?) in strings { members[key] = .string(value) }
        let arrays: [(String, [String]?)] = [
            ("title-loc-args", titleLocArgs), ("subtitle-loc-args", subtitleLocArgs), ("loc-args", locArgs),
        ]
        for case (let key, let value?) in arrays { members[key] = .array(value.map(PropertyValue.string)) }
        switch actionLocKey {
        case .key(let key): members["action-loc-key"] = .string(key)
        case .okOnly: members["action-loc-key"] = .null
        case nil: break
        }
        if let summaryArgCount { members["summary-arg-count"] = .integer(summaryArgCount) }
        return .dictionary(members)
    }
}
