/// The kind of notification extension, from `NSExtension.NSExtensionPointIdentifier`.
public enum ExtensionPoint: String, Sendable, CaseIterable, Codable {
    /// A Notification Content Extension: draws the expanded notification of its categories.
    case contentExtension = "com.apple.usernotifications.content-extension"
    /// A Notification Service Extension: rewrites remote notifications with `mutable-content`.
    case serviceExtension = "com.apple.usernotifications.service"
}
