/// An error or warning about an input: the file, where in it (a key path), and what is wrong.
///
/// Its `description`, `FILE: KEYPATH: message`, is the text for users; a command line inserts
/// `error:` or `warning:` after the file.
public protocol LocatedIssue: CustomStringConvertible, Sendable {
    /// The file the issue is in, as it was named; nil when the issue is not about one file.
    var file: String? { get }
    /// Where in the file, e.g. `NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory`;
    /// empty for the whole file.
    var keyPath: String { get }
    /// What is wrong, for users, without the file and key path.
    var message: String { get }
}

extension LocatedIssue {
    public var description: String {
        ([file, keyPath.isEmpty ? nil : keyPath].compactMap { $0 } + [message]).joined(separator: ": ")
    }
}
