/// What happens when the user picks an action of a notification: who handles it, whether the
/// interface closes, whether the app opens, and whether the device must be unlocked first.
public struct ResolvedResponse: Sendable, Equatable {
    /// The category the notification names (`aps.category`); always a registered one.
    public var category: String
    /// The action identifier as the app receives it; Apple's identifiers for the system actions.
    public var action: String
    /// The plist of the content extension that draws the category; nil when none does.
    public var extensionFile: String?
    /// What the content extension answers; `dismissAndForwardAction` whenever no extension handles it.
    public var response: ContentExtensionResponse
    /// Whether the app's notification delegate receives the response (`didReceive`).
    public var forwardedToApp: Bool
    /// Whether the app comes to the foreground.
    public var foreground: Bool
    /// Whether the device must be unlocked before the action runs.
    public var authenticationRequired: Bool
    /// Whether the button is drawn as destructive (red).
    public var destructive: Bool
    /// The text typed into a text-input action; nil for other actions.
    public var text: String?
    /// True for the system's default (tap) and dismiss actions.
    public var isSystemAction: Bool

    /// Creates a resolved response from its parts; `NotificationResponder.respond` applies iOS's
    /// routing, this does not.
    public init(
        category: String, action: String, extensionFile: String?, response: ContentExtensionResponse,
        forwardedToApp: Bool, foreground: Bool, authenticationRequired: Bool, destructive: Bool, text: String?,
        isSystemAction: Bool
    ) {
        self.category = category
        self.action = action
        self.extensionFile = extensionFile
        self.response = response
        self.forwardedToApp = forwardedToApp
        self.foreground = foreground
        self.authenticationRequired = authenticationRequired
        self.destructive = destructive
        self.text = text
        self.isSystemAction = isSystemAction
    }
}
