/// `NSExtension.NSExtensionAttributes` of a Notification Content Extension, with Apple's defaults
/// applied to the optional keys.
public struct ContentExtensionAttributes: Sendable, Equatable {
    /// `UNNotificationExtensionCategory`: the categories the extension draws, in the order written
    /// (a single string is a list of one). Never empty.
    public var categories: [String]
    /// `UNNotificationExtensionInitialContentSizeRatio`: height ÷ width of the view while it loads. Positive.
    public var initialContentSizeRatio: Double
    /// `UNNotificationExtensionDefaultContentHidden`: true shows only the custom view, without the
    /// system's title and body. Default false.
    public var defaultContentHidden: Bool
    /// `UNNotificationExtensionOverridesDefaultTitle`: true shows the view controller's title in the
    /// header instead of the app name. Default false.
    public var overridesDefaultTitle: Bool
    /// `UNNotificationExtensionUserInteractionEnabled` (iOS 12): the custom view receives touches. Default false.
    public var userInteractionEnabled: Bool

    /// Creates attributes from their parts, with Apple's default (false) for the optional booleans;
    /// not validated here (`ExtensionConfig` checks a plist's values).
    public init(
        categories: [String], initialContentSizeRatio: Double, defaultContentHidden: Bool = false,
        overridesDefaultTitle: Bool = false, userInteractionEnabled: Bool = false
    ) {
        self.categories = categories
        self.initialContentSizeRatio = initialContentSizeRatio
        self.defaultContentHidden = defaultContentHidden
        self.overridesDefaultTitle = overridesDefaultTitle
        self.userInteractionEnabled = userInteractionEnabled
    }

    /// The attribute keys Apple documents, in the order of its table.
    public static let documentedKeys = [
        "UNNotificationExtensionCategory", "UNNotificationExtensionInitialContentSizeRatio",
        "UNNotificationExtensionDefaultContentHidden", "UNNotificationExtensionOverridesDefaultTitle",
        "UNNotificationExtensionUserInteractionEnabled",
    ]
}
