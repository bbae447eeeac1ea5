/// Something in an extension `Info.plist` that iOS tolerates or ignores but is probably not what was
/// meant. `description` is the text for users.
public enum ExtensionConfigWarning: Equatable, LocatedIssue {
    /// A boolean written as a string or number (`<string>YES</string>`); `readAs` is what iOS reads
    /// (`boolValue`). Expected `<true/>` or `<false/>`.
    case notABoolean(file: String, keyPath: String, found: String, readAs: Bool)
    /// The content size ratio written as a string; `readAs` is the number iOS reads (`doubleValue`).
    case notANumber(file: String, keyPath: String, found: String, readAs: Double)
    /// An `UNNotification…` key that iOS does not know (a misspelling), silently ignored.
    case unknownAttribute(file: String, keyPath: String, suggestion: String?)
    /// A content-extension attribute placed directly in `NSExtension` instead of `NSExtensionAttributes`: ignored.
    case attributeOutsideAttributes(file: String, keyPath: String)
    /// A category listed twice in `UNNotificationExtensionCategory`.
    case repeatedCategory(file: String, keyPath: String, category: String)
    /// `NSExtensionAttributes` in a service extension: a service extension is not tied to categories.
    case attributesIgnored(file: String, keyPath: String)

    public var file: String? {
        switch self {
        case .notABoolean(let file, _, _, _), .notANumber(let file, _, _, _), .unknownAttribute(let file, _, _),
            .attributeOutsideAttributes(let file, _), .repeatedCategory(let file, _, _),
            .attributesIgnored(let file, _):
            file
        }
    }

    public var keyPath: String {
        switch self {
        case .notABoolean(_, let keyPath, _, _), .notANumber(_, let keyPath, _, _),
            .unknownAttribute(_, let keyPath, _),
            .attributeOutsideAttributes(_, let keyPath), .repeatedCategory(_, let keyPath, _),
            .attributesIgnored(_, let keyPath):
            keyPath
        }
    }

    public var message: String {
        switch self {
        case .notABoolean(_, _, let found, let readAs):
            "expected <true/> or <false/>, found \(found) (read as \(readAs))"
        case .notANumber(_, _, let found, let readAs):
            "expected <real> or <integer>, found \(found) (read as \(NumberText.format(readAs)))"
        case .unknownAttribute(_, _, let suggestion):
            "unknown attribute, ignored by iOS" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .attributeOutsideAttributes:
            "belongs in NSExtension.NSExtensionAttributes; ignored here"
        case .repeatedCategory(_, _, let category):
            "category '\(category)' is listed more than once"
        case .attributesIgnored:
            "a service extension has no attributes and is not tied to categories; ignored"
        }
    }
}
