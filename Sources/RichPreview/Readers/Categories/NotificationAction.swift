/// A button (or text-input field) of a notification category, as the app registers it.
public struct NotificationAction: Sendable, Hashable {
    /// The action's identifier, delivered in the response when the button is tapped; must be
    /// unique in its category and not empty (`CategoryManifest` checks both).
    public var identifier: String
    /// The button's localized title, as shown; must not be empty.
    public var title: String
    /// `UNNotificationActionOptions`: unlock required, destructive (red), opens the app.
    public var options: ActionOptions
    /// Present for a text-input action (`UNTextInputNotificationAction`).
    public var textInput: TextInput? {
        get { details?.fields.textInput }
        set { change { $0.textInput = newValue } }
    }
    /// What the content extension answers for this action; nil means the default,
    /// `dismissAndForwardAction`, which iOS uses when the extension does not handle the response.
    public var response: ContentExtensionResponse? {
        get { details?.fields.response }
        set { change { $0.response = newValue } }
    }
    /// The iOS 8 activation mode, when the action was declared in the iOS 8 form.
    public var activationMode: ActivationMode? {
        get { details?.fields.activationMode }
        set { change { $0.activationMode = newValue } }
    }
    /// `UNNotificationActionIcon` (iOS 15+): the symbol or template image beside the title; nil
    /// for none.
    public var icon: ActionIcon? {
        get { details?.fields.icon }
        set { change { $0.icon = newValue } }
    }

    /// The fields most actions leave unset, held out of line and shared between copies: a
    /// manifest may hold 100,000 actions, each then the size of its identifier, title, options
    /// and one reference.
    private final class Details: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable, Hashable {
        var textInput: TextInput?
        var response: ContentExtensionResponse?
        var activationMode: ActivationMode?
        var icon: ActionIcon?

        var isEmpty: Bool { textInput == nil && response == nil && activationMode == nil && icon == nil }
    }

    private var details: Details?

    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = details?.fields ?? Fields()
        body(&fields)
        details = fields.isEmpty ? nil : Details(fields)
    }

    /// Creates an action from its parts; not validated here (`CategoryManifest` checks identifiers
    /// and titles). By default: no options, no text input, the default response, no iOS 8 mode
    /// and no icon.
    public init(
        identifier: String, title: String, options: ActionOptions = [], textInput: TextInput? = nil,
        response: ContentExtensionResponse? = nil, activationMode: ActivationMode? = nil, icon: ActionIcon? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        let fields = Fields(textInput: textInput, response: response, activationMode: activationMode, icon: icon)
        details = fields.isEmpty ? nil : Details(fields)
    }

    /// Equal when every field is, wherever the unset ones are held.
    public static func == (lhs: NotificationAction, rhs: NotificationAction) -> Bool {
        lhs.identifier == rhs.identifier && lhs.title == rhs.title && lhs.options == rhs.options
            && lhs.details?.fields == rhs.details?.fields
    }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(title)
        hasher.combine(options)
        hasher.combine(details?.fields)
    }

    /// `UNNotificationDefaultActionIdentifier`: the user tapped the notification itself.
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`: the user dismissed the notification explicitly;
    /// delivered only for categories with `customDismissAction`.
    public static let dismissActionIdentifier = ScannedDismissActionUse.identifier

    /// What the content extension answers: `response`, or `dismissAndForwardAction` when not given.
    public var effectiveResponse: ContentExtensionResponse { response ?? .dismissAndForwardAction }

    /// Whether the device must be unlocked first: `authenticationRequired`, and always for a
    /// foreground action (iOS 8 ignores `authenticationRequired` there and treats it as true; the
    /// `foreground` option asks for unlock as needed).
    public var requiresUnlock: Bool { options.contains(.authenticationRequired) || options.contains(.foreground) }

    /// The send button title and placeholder of a text-input action.
    public struct TextInput: Sendable, Hashable {
        /// `textInputButtonTitle`: the title of the send button beside the text field.
        public var buttonTitle: String
        /// `textInputPlaceholder`: the text shown in the empty field.
        public var placeholder: String

        /// Creates text-input settings from the send button's title and the field's placeholder.
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }
}

/// `UNNotificationActionOptions`, with Apple's raw values.
public struct ActionOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Runs only on an unlocked device.
    public static let authenticationRequired = ActionOptions(rawValue: 1)
    /// Drawn in red: the action deletes or changes data irrevocably.
    public static let destructive = ActionOptions(rawValue: 2)
    /// Brings the app to the foreground.
    public static let foreground = ActionOptions(rawValue: 4)

    /// Each option with Apple's name for it, in raw-value order.
    public static let names: [(name: String, option: ActionOptions)] = [
        ("authenticationRequired", .authenticationRequired), ("destructive", .destructive), ("foreground", .foreground),
    ]
}

/// `UNNotificationContentExtensionResponseOption`: what a content extension answers for an action.
public enum ContentExtensionResponse: String, Sendable, Hashable, CaseIterable, Codable {
    /// Keep the notification interface up; the extension handled the action.
    case doNotDismiss
    /// Close the interface; the extension handled the action.
    case dismiss
    /// Close the interface and forward the action to the app.
    case dismissAndForwardAction

    /// Apple's raw value (0, 1, 2).
    public var rawOption: Int {
        switch self {
        case .doNotDismiss: 0
        case .dismiss: 1
        case .dismissAndForwardAction: 2
        }
    }
}
