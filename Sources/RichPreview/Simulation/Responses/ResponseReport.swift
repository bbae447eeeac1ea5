/// What an action does, as `richpreview respond --json` prints it: the resolved response, or why
/// the action cannot be answered. Every key is written, null when it has no value (all but
/// `category`, `action` and `error` when the action cannot be answered).
public struct ResponseReport: Sendable, Equatable, Codable {
    /// The category identifier.
    public var category: String
    /// The action identifier (`com.apple.UNNotificationDefaultActionIdentifier` and the like for
    /// `default` and `dismiss`).
    public var action: String
    /// The content extension plist that answers; nil when the app does.
    public var extensionFile: String?
    /// What the content extension answers.
    public var response: ContentExtensionResponse?
    /// Whether the app hears of the action.
    public var forwardedToApp: Bool?
    /// Whether the app opens in the foreground.
    public var foreground: Bool?
    /// Whether the device must be unlocked.
    public var authenticationRequired: Bool?
    /// Whether the button is drawn as destructive.
    public var destructive: Bool?
    /// The text typed, for a text-input action.
    public var text: String?
    /// Whether the action is the system's (default or dismiss).
    public var systemAction: Bool?
    /// Why the action cannot be answered; nil when it is.
    public var error: String?

    /// The report of `response`.
    public init(_ response: ResolvedResponse) {
        category = response.category
        action = response.action
        extensionFile = response.extensionFile
        self.response = response.response
        forwardedToApp = response.forwardedToApp
        foreground = response.foreground
        authenticationRequired = response.authenticationRequired
        destructive = response.destructive
        text = response.text
        systemAction = response.isSystemAction
    }

    /// The report of `action` of `category` that cannot be answered, `error` saying why.
    public init(category: String, action: String, error: String) {
        self.category = category
        self.action = action
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case category, action, extensionFile = "extension", response, forwardedToApp, foreground
        case authenticationRequired, destructive, text, systemAction, error
    }

    /// Writes every key, null for a value the report does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
        try container.encode(action, forKey: .action)
        try container.encode(extensionFile, forKey: .extensionFile)
        try container.encode(response, forKey: .response)
        try container.encode(forwardedToApp, forKey: .forwardedToApp)
        try container.encode(foreground, forKey: .foreground)
        try container.encode(authenticationRequired, forKey: .authenticationRequired)
        try container.encode(destructive, forKey: .destructive)
        try container.encode(text, forKey: .text)
        try container.encode(systemAction, forKey: .systemAction)
        try container.encode(error, forKey: .error)
    }
}
