/// Why a payload is invalid. Every case names the file; its finding says where (a key path such as
/// `aps.alert.title`) and what to change.
public enum PayloadError: Error, Hashable, Sendable, FindingConvertible {
    /// The bytes are not JSON: the parser's reason, and where it stopped when it said so (1-based).
    case notJSON(file: String, reason: String, line: Int?, column: Int?)
    /// The JSON's top level is not an object; `found` describes what it is.
    case topLevelNotObject(file: String, found: String)
    /// There is no `aps` dictionary (allowed only for VoIP pushes); `misspelt` is a key that differs
    /// from `aps` only in case (`APS`, `Aps`), when there is one.
    case missingAPS(file: String, keyPath: String, misspelt: String? = nil)
    /// A value of the wrong JSON type.
    case wrongType(file: String, keyPath: String, expected: String, found: String)
    /// A value of the right type but outside what Apple allows (a negative badge, an unknown level…).
    case invalidValue(file: String, keyPath: String, expected: String, found: String)
    /// The JSON as given is over APNs' limit for its push type (4096 bytes, 5120 for VoIP).
    case tooLarge(file: String, bytes: Int, limit: Int, pushType: PushType)
    /// A stream (standard input, a pipe) went on past `readLimit` bytes and was not read further;
    /// far over APNs' `limit`.
    case streamTooLarge(file: String, readLimit: Int, limit: Int, pushType: PushType)

    public var finding: Finding {
        switch self {
        case .notJSON(let file, let reason, let line, let column):
            let position = line.flatMap { line in column.map { " at line \(line), column \($0)" } } ?? ""
            return Rules.PayloadUnreadable.finding(
                file: file, reason: "not valid JSON\(position): \(reason)", line: line, column: column)
        case .topLevelNotObject(let file, let found):
            return Rules.PayloadUnreadable.finding(
                file: file, reason: "expected a JSON object at the top level, found \(found)")
        case .missingAPS(let file, let keyPath, let misspelt):
            return Rules.ApsMissing.finding(file: file, keyPath: keyPath, misspelt: misspelt)
        case .wrongType(let file, let keyPath, let expected, let found),
            .invalidValue(let file, let keyPath, let expected, let found):
            return Rules.ApsType.finding(file: file, keyPath: keyPath, expected: expected, found: found)
        case .tooLarge(let file, let bytes, let limit, let pushType):
            return Rules.PayloadTooLarge.finding(
                file: file, bytes: bytes, readLimit: PayloadDecoder.parseLimit, limit: limit, pushType: pushType)
        case .streamTooLarge(let file, let readLimit, let limit, let pushType):
            return Rules.PayloadTooLarge.finding(
                file: file, bytes: nil, readLimit: readLimit, limit: limit, pushType: pushType)
        }
    }

    /// The file the payload came from.
    public var file: String { finding.file ?? "" }

    /// Where in the payload, or nil when the error is about the whole file.
    public var keyPath: String? { finding.keyPath }
}
