/// Why an extension `Info.plist` cannot be used: the extension would not load or would draw nothing.
/// Every case names the file and, where there is one, the key path; `description` is the text for users.
public enum ExtensionConfigError: Error, Equatable, FindingConvertible {
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

    public var finding: Finding {
        switch self {
        case .unreadable(let file, let reason):
            return Rules.PlistUnreadable.finding(file: file, reason: reason)
        case .notAPropertyList(let file, let reason):
            return Rules.PlistUnreadable.finding(
                file: file, reason: "not a property list (XML, binary or old-style): \(reason)")
        case .notAnExtension(let file):
            return Finding(
                rule: Rules.ExtensionPointUnknown.descriptor,
                message: "missing: an extension's Info.plist has an NSExtension dictionary", file: file,
                keyPath: "NSExtension")
        case .missingKey(let file, let keyPath, let expected):
            return Finding(
                rule: Self.rule(for: keyPath), message: "missing: expected \(expected)", file: file, keyPath: keyPath)
        case .wrongType(let file, let keyPath, let expected, let found),
            .invalidValue(let file, let keyPath, let expected, let found):
            let rule = Self.rule(for: keyPath)
            return Finding(
                rule: rule == Rules.CategoryMissing.descriptor && !keyPath.hasSuffix("NSExtensionAttributes")
                    ? Rules.CategoryInvalid.descriptor : rule,
                message: "expected \(expected), found \(found)", file: file, keyPath: keyPath)
        case .unknownExtensionPoint(let file, let keyPath, let found):
            return Rules.ExtensionPointUnknown.finding(file: file, keyPath: keyPath, found: found)
        case .entryPoint(let file, let keyPath, let bothSet):
            return Rules.StoryboardAndClass.finding(file: file, keyPath: keyPath, bothSet: bothSet)
        }
    }

    /// The rule a missing or wrong value breaks, from the key it is under.
    private static func rule(for keyPath: String) -> RuleDescriptor {
        let key = keyPath.split(separator: ".").last.map { String($0.prefix { $0 != "[" }) } ?? ""
        switch key {
        case "": return Rules.PlistUnreadable.descriptor
        case "NSExtension", "NSExtensionPointIdentifier": return Rules.ExtensionPointUnknown.descriptor
        case "NSExtensionMainStoryboard", "NSExtensionPrincipalClass": return Rules.StoryboardAndClass.descriptor
        case "NSExtensionAttributes", "UNNotificationExtensionCategory": return Rules.CategoryMissing.descriptor
        case "UNNotificationExtensionInitialContentSizeRatio": return Rules.SizeRatioInvalid.descriptor
        case "UNNotificationExtensionDefaultContentHidden", "UNNotificationExtensionOverridesDefaultTitle",
            "UNNotificationExtensionUserInteractionEnabled":
            return Rules.BoolAsString.descriptor
        default: return Rules.PlistValueInvalid.descriptor
        }
    }
}
