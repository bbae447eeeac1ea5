/// Why an extension `Info.plist` cannot be used: the extension would not load or would draw nothing.
/// Every case names the file and, where there is one, the key path; `description` is the text for users.
public enum ExtensionConfigError: Error, Equatable, LocatedIssue {
    /// The file is missing, a folder, too large or unreadable.
    case unreadable(file: String, reason: String)
    /// The bytes are not an XML, binary or old-style property list (or the file is empty).
    case notAPropertyList(file: String, reason: String)
    /// The plist has no `NSExtension` dictionary: it is not an extension's Info.plist.
    case notAnExtension(file: String)
    /// A required key is absent.
    case missingKey(file: String, keyPath: String, expected: String)
    /// A value has the wrong type (a number where a dictionary belongs, a dictionary as the category).
    case wrongType(file: String, keyPath: String, expected: String, found: String)
    /// A value has the right type but cannot be used (an empty category list, a ratio of 0).
    case invalidValue(file: String, keyPath: String, expected: String, found: String)
    /// `NSExtensionPointIdentifier` names an extension point that is not a notification extension.
    case unknownExtensionPoint(file: String, keyPath: String, found: String)
    /// A content extension sets both `NSExtensionMainStoryboard` and `NSExtensionPrincipalClass`,
    /// or neither, so the system does not load it.
    case entryPoint(file: String, keyPath: String, bothSet: Bool)

    public var file: String? {
        switch self {
        case .unreadable(let file, _), .notAPropertyList(let file, _), .notAnExtension(let file),
            .missingKey(let file, _, _), .wrongType(let file, _, _, _), .invalidValue(let file, _, _, _),
            .unknownExtensionPoint(let file, _, _), .entryPoint(let file, _, _):
            file
        }
    }

    public var keyPath: String {
        switch self {
        case .unreadable, .notAPropertyList: ""
        case .notAnExtension: "NSExtension"
        case .missingKey(_, let keyPath, _), .wrongType(_, let keyPath, _, _), .invalidValue(_, let keyPath, _, _),
            .unknownExtensionPoint(_, let keyPath, _), .entryPoint(_, let keyPath, _):
            keyPath
        }
    }

    public var message: String {
        switch self {
        case .unreadable(_, let reason):
            reason
        case .notAPropertyList(_, let reason):
            "not a property list (XML, binary or old-style): \(reason)"
        case .notAnExtension:
            "missing: an extension's Info.plist has an NSExtension dictionary"
        case .missingKey(_, _, let expected):
            "missing: expected \(expected)"
        case .wrongType(_, _, let expected, let found), .invalidValue(_, _, let expected, let found):
            "expected \(expected), found \(found)"
        case .unknownExtensionPoint(_, _, let found):
            "'\(found)' is not a notification extension point (expected \(ExtensionPoint.contentExtension.rawValue) or \(ExtensionPoint.serviceExtension.rawValue))"
        case .entryPoint(_, _, let bothSet):
            bothSet
                ? "both NSExtensionMainStoryboard and NSExtensionPrincipalClass are set: the extension will not load (keep one)"
                : "neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass is set: the extension will not load (set one)"
        }
    }
}
