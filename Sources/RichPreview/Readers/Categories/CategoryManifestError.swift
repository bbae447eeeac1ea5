/// Why a category manifest cannot be used. Every case names the file and the key path
/// (`categories[0].actions[1].response`); `description` is the text for users. The findings they
/// stand for are in `Rules/Categories/`: `manifest-unreadable` for a file that cannot be read,
/// `manifest-invalid` for one that is not a manifest, and for `rejected`, the rules that found it.
public enum CategoryManifestError: Error, Equatable, CaseNamingError {
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
    /// A string outside its set (an option, a response, an activation mode).
    case unknownValue(file: String, keyPath: String, found: String, allowed: [String])
    /// Two keys of one action that say opposite things (`"destructive": false` with the `destructive` option).
    case contradiction(file: String, keyPath: String, otherKeyPath: String)
    /// A manifest that reads, with errors the manifest rules found (an empty identifier, an action
    /// or a category declared twice, a context naming an unknown action or listing too many): every
    /// finding, errors first.
    case rejected(findings: [Finding])

    /// Every finding the error stands for: the rules' for `rejected`, else the one finding.
    public var findings: [Finding] {
        if case .rejected(let findings) = self { return findings }
        return [finding]
    }
}
