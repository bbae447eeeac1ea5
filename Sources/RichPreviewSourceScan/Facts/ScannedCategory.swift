/// A notification category found in source code: one constructor call (a category built in two
/// branches, as in `if #available … else …`, is two categories with the same `variable`).
public struct ScannedCategory: Sendable, Hashable {
    /// The identifier payloads and content extensions name the category by.
    public var identifier: ScannedString
    /// Every action linked to the category, in the order written. For iOS 8, the default
    /// context's actions followed by any minimal-context action not among them.
    public var actions: [ScannedAction]
    /// Apple's `UNNotificationCategoryOptions` names (`customDismissAction`, `allowInCarPlay`, …).
    public var options: Set<String>
    /// The options expression when it could not be read (a variable, a function call); `options` is then empty.
    public var unresolvedOptions: ScannedString?
    /// iOS 8 `setActions(_:for:)` / `setActions:forContext:`: the actions given for each context.
    /// Empty for iOS 10 categories.
    public var contexts: [ActionContext: [ScannedAction]]
    /// The framework of the constructor.
    public var api: ScannedAPI
    /// The constructor's type name (`UNNotificationCategory`, `UIMutableUserNotificationCategory`).
    public var location: CodeLocation
    /// Action-array elements the scanner could not link to an action (a parameter, a function call).
    public var unresolvedActions: [ScannedString]
    /// Whether the category is passed to `setNotificationCategories` (iOS 10) or to the
    /// `UIUserNotificationSettings` given to `registerUserNotificationSettings` (iOS 8).
    public var registration: CategoryRegistration
    /// The variable the category was assigned to, when it was.
    public var variable: String?

    /// A category with the given facts; actions, options and contexts default to none, registration to `notSeen`.
    public init(
        identifier: ScannedString, actions: [ScannedAction] = [], options: Set<String> = [],
        unresolvedOptions: ScannedString? = nil, contexts: [ActionContext: [ScannedAction]] = [:],
        api: ScannedAPI, location: CodeLocation, unresolvedActions: [ScannedString] = [],
        registration: CategoryRegistration = .notSeen, variable: String? = nil
    ) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
        self.unresolvedOptions = unresolvedOptions
        self.contexts = contexts
        self.api = api
        self.location = location
        self.unresolvedActions = unresolvedActions
        self.registration = registration
        self.variable = variable
    }
}
