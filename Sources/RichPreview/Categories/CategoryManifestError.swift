/// Why a category manifest cannot be used. Every case names the file and the key path
/// (`categories[0].actions[1].response`); `description` is the text for users.
public enum CategoryManifestError: Error, Equatable, FindingConvertible {
    /// The file is missing, a folder, too large or unreadable.
    case unreadable(file: String, reason: String)
    /// The bytes are neither JSON nor a property list.
    case notParseable(file: String, jsonReason: String, propertyListReason: String)
    /// A key the manifest format does not have, with the nearest known key when one is close.
    case unknownKey(file: String, keyPath: String, suggestion: String?)
    /// A required key is absent; `keyPath` ends with the missing key.
    case missingKey(file: String, keyPath: String)
    /// A value of the wrong type, such as a number where an identifier string belongs.
    case wrongType(file: String, keyPath: String, expected: String, found: String)
    /// An empty identifier or title.
    case emptyValue(file: String, keyPath: String)
    /// A string outside its set (an option, a response, an activation mode).
    case unknownValue(file: String, keyPath: String, found: String, allowed: [String])
    /// Two keys of one action that say opposite things (`"destructive": false` with the `destructive` option).
    case contradiction(file: String, keyPath: String, otherKeyPath: String)
    /// A category identifier declared before, at `firstFile`/`firstKeyPath`.
    case duplicateCategory(file: String, keyPath: String, identifier: String, firstFile: String, firstKeyPath: String)
    /// An action identifier used twice in one category, or listed twice in one context.
    case duplicateAction(file: String, keyPath: String, identifier: String, category: String)
    /// A context names an action the category does not have.
    case unknownContextAction(file: String, keyPath: String, action: String, category: String, known: [String])
    /// A context lists more actions than iOS shows there (2 minimal, 4 default).
    case tooManyActions(file: String, keyPath: String, category: String, context: ActionContext, count: Int)

    public var finding: Finding {
        switch self {
        case .unreadable(let file, let reason):
            return Rules.ManifestUnreadable.finding(file: file, reason: reason)
        case .notParseable(let file, let jsonReason, let propertyListReason):
            return Rules.ManifestUnreadable.finding(
                file: file, reason: "neither JSON (\(jsonReason)) nor a property list (\(propertyListReason))")
        case .unknownKey(let file, let keyPath, let suggestion):
            return Finding(
                rule: Rules.ManifestInvalid.descriptor, message: "unknown key", file: file, keyPath: keyPath,
                suggestion: suggestion)
        case .missingKey(let file, let keyPath):
            return Rules.ManifestInvalid.finding(file: file, keyPath: keyPath, message: "missing")
        case .wrongType(let file, let keyPath, let expected, let found):
            return Rules.ManifestInvalid.finding(
                file: file, keyPath: keyPath, message: "expected \(expected), found \(found)")
        case .emptyValue(let file, let keyPath):
            return Rules.IdentifierEmpty.finding(file: file, keyPath: keyPath)
        case .unknownValue(let file, let keyPath, let found, let allowed):
            return Finding(
                rule: Rules.ManifestInvalid.descriptor,
                message: "unknown value '\(found)' (expected one of: \(allowed.joined(separator: ", ")))", file: file,
                keyPath: keyPath, suggestion: Suggester.suggestion(for: found, among: allowed))
        case .contradiction(let file, let keyPath, let otherKeyPath):
            return Rules.ManifestInvalid.finding(file: file, keyPath: keyPath, message: "contradicts \(otherKeyPath)")
        case .duplicateCategory(let file, let keyPath, let identifier, let firstFile, let firstKeyPath):
            return Rules.CategoryRegisteredTwice.finding(
                file: file, keyPath: keyPath, identifier: identifier, first: "\(firstFile): \(firstKeyPath)")
        case .duplicateAction(let file, let keyPath, let identifier, let category):
            return Rules.ActionDuplicate.finding(
                file: file, keyPath: keyPath, identifier: identifier, category: category)
        case .unknownContextAction(let file, let keyPath, let action, let category, let known):
            return Finding(
                rule: Rules.ManifestInvalid.descriptor,
                message:
                    "category '\(category)' has no action '\(action)' (its actions: \(NameList.text(known)))",
                file: file, keyPath: keyPath, suggestion: Suggester.suggestion(for: action, among: known))
        case .tooManyActions(let file, let keyPath, let category, let context, let count):
            return Rules.TooManyActions.contextFinding(
                file: file, keyPath: keyPath, category: category, context: context, count: count, severity: .error)
        }
    }
}
