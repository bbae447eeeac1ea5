/// Why a category manifest cannot be used. Every case names the file and the key path
/// (`categories[0].actions[1].response`); `description` is the text for users.
public enum CategoryManifestError: Error, Equatable, LocatedIssue {
    /// The file is missing, a folder, too large or unreadable.
    case unreadable(file: String, reason: String)
    /// The bytes are neither JSON nor a property list.
    case notParseable(file: String, jsonReason: String, propertyListReason: String)
    /// A key the manifest format does not have, with the nearest known key when one is close.
    case unknownKey(file: String, keyPath: String, suggestion: String?)
    /// A required key is absent; `keyPath` ends with the missing key.
    case missingKey(file: String, keyPath: String)
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

    public var file: String? {
        switch self {
        case .unreadable(let file, _), .notParseable(let file, _, _), .unknownKey(let file, _, _),
            .missingKey(let file, _),
            .wrongType(let file, _, _, _), .emptyValue(let file, _), .unknownValue(let file, _, _, _),
            .contradiction(let file, _, _), .duplicateCategory(let file, _, _, _, _),
            .duplicateAction(let file, _, _, _),
            .unknownContextAction(let file, _, _, _, _), .tooManyActions(let file, _, _, _, _):
            file
        }
    }

    public var keyPath: String {
        switch self {
        case .unreadable, .notParseable: ""
        case .unknownKey(_, let keyPath, _), .missingKey(_, let keyPath), .wrongType(_, let keyPath, _, _),
            .emptyValue(_, let keyPath), .unknownValue(_, let keyPath, _, _), .contradiction(_, let keyPath, _),
            .duplicateCategory(_, let keyPath, _, _, _), .duplicateAction(_, let keyPath, _, _),
            .unknownContextAction(_, let keyPath, _, _, _), .tooManyActions(_, let keyPath, _, _, _):
            keyPath
        }
    }

    public var message: String {
        switch self {
        case .unreadable(_, let reason):
            reason
        case .notParseable(_, let jsonReason, let propertyListReason):
            "neither JSON (\(jsonReason)) nor a property list (\(propertyListReason))"
        case .unknownKey(_, _, let suggestion):
            "unknown key" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingKey:
            "missing"
        case .wrongType(_, _, let expected, let found):
            "expected \(expected), found \(found)"
        case .emptyValue:
            "must not be empty"
        case .unknownValue(_, _, let found, let allowed):
            "unknown value '\(found)' (expected one of: \(allowed.joined(separator: ", ")))"
                + (ClosestMatch.suggestion(for: found, among: allowed).map { "; did you mean '\($0)'?" } ?? "")
        case .contradiction(_, _, let otherKeyPath):
            "contradicts \(otherKeyPath)"
        case .duplicateCategory(_, _, let identifier, let firstFile, let firstKeyPath):
            "category '\(identifier)' is already declared at \(firstFile): \(firstKeyPath)"
        case .duplicateAction(_, _, let identifier, let category):
            "action '\(identifier)' appears more than once in category '\(category)'"
        case .unknownContextAction(_, _, let action, let category, let known):
            "category '\(category)' has no action '\(action)' (its actions: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .tooManyActions(_, _, let category, let context, let count):
            "category '\(category)' lists \(count) actions for the \(context.rawValue) context; iOS shows at most \(context.limit)"
        }
    }
}
