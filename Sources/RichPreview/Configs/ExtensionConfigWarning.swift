/// Something in an extension `Info.plist` that iOS tolerates or ignores but is probably not what was
/// meant. `description` is the text for users.
public enum ExtensionConfigWarning: Equatable, FindingConvertible {
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

    public var finding: Finding {
        switch self {
        case .notABoolean(let file, let keyPath, let found, let readAs):
            Rules.BoolAsString.finding(file: file, keyPath: keyPath, found: found, readAs: readAs)
        case .notANumber(let file, let keyPath, let found, let readAs):
            Rules.SizeRatioInvalid.stringFinding(file: file, keyPath: keyPath, found: found, readAs: readAs)
        case .unknownAttribute(let file, let keyPath, let suggestion):
            Rules.UnknownAttribute.finding(file: file, keyPath: keyPath, suggestion: suggestion)
        case .attributeOutsideAttributes(let file, let keyPath):
            Rules.AttributesMisplaced.outsideAttributes(file: file, keyPath: keyPath)
        case .repeatedCategory(let file, let keyPath, let category):
            Rules.CategoryDuplicate.finding(file: file, keyPath: keyPath, category: category)
        case .attributesIgnored(let file, let keyPath):
            Rules.AttributesMisplaced.inServiceExtension(file: file, keyPath: keyPath)
        }
    }
}
