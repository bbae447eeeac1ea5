/// Answers a notification's actions the way iOS routes them: through the registered category, to
/// the content extension that draws it, and on to the app when forwarded.
///
/// Rules, where Apple's documentation leaves room:
/// - A category that is not registered has no actions and no content extension: an error.
/// - When no content extension claims the category, iOS delivers the action straight to the app,
///   so the response is `dismissAndForwardAction` whatever the manifest says.
/// - The app comes to the foreground only for a forwarded response to a foreground action.
/// - `default` (or `com.apple.UNNotificationDefaultActionIdentifier`), tapping the notification,
///   is forwarded to the app, which opens, after unlock. `dismiss` (or
///   `com.apple.UNNotificationDismissActionIdentifier`) is forwarded only for categories with
///   `customDismissAction`; otherwise it is an error. A category action with the same identifier wins.
/// - A text-input action needs non-empty text; any other action takes none.
public struct NotificationResponder: Sendable {
    /// The categories the app registers: they give each notification its actions.
    public var categories: CategoryManifest
    /// The app's extensions: the content extension that draws a category answers its actions first.
    public var extensions: ExtensionRegistry

    /// Creates a responder from the app's registered categories and its extensions.
    public init(categories: CategoryManifest, extensions: ExtensionRegistry) {
        self.categories = categories
        self.extensions = extensions
    }

    /// The response to the user picking `action` on a notification of `category`.
    /// - Parameter text: what the user typed, for a text-input action.
    /// - Throws: `ResponseError` for an unregistered category, an unknown or hidden action, a dismiss
    ///   that is never delivered, and text given to the wrong kind of action.
    public func respond(category identifier: String, action actionIdentifier: String, text: String? = nil)
        throws(ResponseError) -> ResolvedResponse
    {
        guard let category = categories.category(identifier) else {
            throw .unregisteredCategory(category: identifier, known: categories.categories.map(\.identifier))
        }
        let origin = categories.origin(of: identifier)
        let drawer = extensions.contentExtension(for: identifier)

        guard let action = category.action(actionIdentifier) else {
            return try systemResponse(
                category, actionIdentifier, text: text, extensionFile: drawer?.file, origin: origin)
        }
        let shown = category.actions(for: .default) + category.actions(for: .minimal)
        guard shown.contains(where: { $0.identifier == action.identifier }) else {
            throw .actionNotShown(category: identifier, action: actionIdentifier, origin: origin)
        }
        if action.textInput == nil, text != nil {
            throw .textNotAccepted(category: identifier, action: actionIdentifier, origin: origin)
        }
        if action.textInput != nil, text?.isEmpty ?? true {
            throw .textRequired(category: identifier, action: actionIdentifier, origin: origin)
        }
        let response = drawer == nil ? .dismissAndForwardAction : action.effectiveResponse
        let forwarded = response == .dismissAndForwardAction
        return ResolvedResponse(
            category: identifier, action: action.identifier, extensionFile: drawer?.file, response: response,
            forwardedToApp: forwarded, foreground: forwarded && action.options.contains(.foreground),
            authenticationRequired: action.requiresUnlock, destructive: action.options.contains(.destructive),
            text: text, isSystemAction: false)
    }

    private func systemResponse(
        _ category: NotificationCategory, _ actionIdentifier: String, text: String?, extensionFile: String?,
        origin: CategoryManifest.Origin?
    ) throws(ResponseError) -> ResolvedResponse {
        let opens: Bool
        let identifier: String
        switch actionIdentifier {
        case "default", NotificationAction.defaultActionIdentifier:
            opens = true
            identifier = NotificationAction.defaultActionIdentifier
        case "dismiss", NotificationAction.dismissActionIdentifier:
            guard category.options.contains(.customDismissAction) else {
                throw .dismissNotDelivered(category: category.identifier, origin: origin)
            }
            opens = false
            identifier = NotificationAction.dismissActionIdentifier
        default:
            let system = category.options.contains(.customDismissAction) ? ["default", "dismiss"] : ["default"]
            throw .unknownAction(
                category: category.identifier, action: actionIdentifier,
                known: category.actions.map(\.identifier) + system,
                origin: origin)
        }
        if text != nil {
            throw .textNotAccepted(category: category.identifier, action: actionIdentifier, origin: origin)
        }
        return ResolvedResponse(
            category: category.identifier, action: identifier, extensionFile: extensionFile,
            response: .dismissAndForwardAction,
            forwardedToApp: true, foreground: opens, authenticationRequired: opens, destructive: false, text: nil,
            isSystemAction: true)
    }
}
