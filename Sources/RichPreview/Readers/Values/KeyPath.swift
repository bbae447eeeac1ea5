/// A place inside a property list or JSON document, written as users read it:
/// `NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory`, `categories[0].actions[1]`.
struct KeyPath: Hashable, Sendable, CustomStringConvertible {
    private(set) var description: String

    /// The document's top level.
    static let root = KeyPath(description: "")

    static func / (path: KeyPath, key: String) -> KeyPath {
        KeyPath(description: path.description.isEmpty ? key : path.description + "." + key)
    }

    subscript(index: Int) -> KeyPath {
        KeyPath(description: description + "[\(index)]")
    }
}
