/// A notification action found in source code, with what the code says about it.
public struct ScannedAction: Sendable, Hashable {
    /// The identifier the response carries when the user picks the action.
    public var identifier: ScannedString
    /// Nil when the code never gives one (an iOS 8 action whose `title` is not set).
    public var title: ScannedString?
    /// Apple's `UNNotificationActionOptions` names (`foreground`, `destructive`,
    /// `authenticationRequired`). For an iOS 8 action, the equivalents of its activation mode,
    /// `destructive` and `authenticationRequired` properties.
    public var options: Set<String>
    /// The options expression when it could not be read (a variable, a function call); `options` is then empty.
    public var unresolvedOptions: ScannedString?
    /// `UNTextInputNotificationAction`, or an iOS 8 action with `behavior` text input.
    public var isTextInput: Bool
    /// The send button title of a text-input action; nil when not given.
    public var textInputButtonTitle: ScannedString?
    /// The placeholder of a text-input action (iOS 10+); nil when not given.
    public var textInputPlaceholder: ScannedString?
    /// `icon:` (iOS 15+): the symbol or template image the action's row shows; nil when not given.
    public var icon: ScannedActionIcon?
    /// iOS 8 `activationMode`: `foreground` or `background` (`ActivationMode` raw values); nil when not set.
    public var activationMode: String?
    /// iOS 8 `destructive` / `isDestructive`; nil when not set.
    public var destructive: Bool?
    /// iOS 8 `authenticationRequired` / `isAuthenticationRequired`; nil when not set.
    public var authenticationRequired: Bool?
    /// The framework of the constructor.
    public var api: ScannedAPI
    /// The constructor (`UNNotificationAction(`, `[UNNotificationAction actionWithIdentifier:…`,
    /// `UIMutableUserNotificationAction()`): its type name.
    public var location: CodeLocation
    /// The variable the action was assigned to, when it was (`let accept = …`).
    public var variable: String?

    /// An action with the given facts; everything but the identifier, API and location defaults to "not given".
    public init(
        identifier: ScannedString, title: ScannedString? = nil, options: Set<String> = [],
        unresolvedOptions: ScannedString? = nil, isTextInput: Bool = false,
        textInputButtonTitle: ScannedString? = nil, textInputPlaceholder: ScannedString? = nil,
        icon: ScannedActionIcon? = nil, activationMode: String? = nil, destructive: Bool? = nil,
        authenticationRequired: Bool? = nil,
        api: ScannedAPI, location: CodeLocation, variable: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.unresolvedOptions = unresolvedOptions
        self.isTextInput = isTextInput
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        self.icon = icon
        self.activationMode = activationMode
        self.destructive = destructive
        self.authenticationRequired = authenticationRequired
        self.api = api
        self.location = location
        self.variable = variable
    }
}
