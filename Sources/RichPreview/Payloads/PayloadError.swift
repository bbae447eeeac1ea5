/// Why a payload is invalid. Every case names the file; `keyPath` (such as `aps.alert.title`) says
/// where, and the text for users is `description`.
public enum PayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON: the parser's reason, and where it stopped when it said so (1-based).
    case notJSON(file: String, reason: String, line: Int?, column: Int?)
    /// The JSON's top level is not an object; `found` describes what it is.
    case topLevelNotObject(file: String, found: String)
    /// There is no `aps` dictionary (allowed only for VoIP pushes).
    case missingAPS(file: String, keyPath: String)
    /// A value of the wrong JSON type.
    case wrongType(file: String, keyPath: String, expected: String, found: String)
    /// A value of the right type but outside what Apple allows (a negative badge, an unknown level…).
    case invalidValue(file: String, keyPath: String, expected: String, found: String)
    /// The JSON as given is over APNs' limit for its push type (4096 bytes, 5120 for VoIP).
    case tooLarge(file: String, bytes: Int, limit: Int, pushType: PushType)
    /// A stream (standard input, a pipe) went on past `readLimit` bytes and was not read further;
    /// far over APNs' `limit`.
    case streamTooLarge(file: String, readLimit: Int, limit: Int, pushType: PushType)

    /// The file the payload came from.
    public var file: String {
        switch self {
        case .notJSON(let file, _, _, _), .topLevelNotObject(let file, _), .missingAPS(let file, _),
            .wrongType(let file, _, _, _), .invalidValue(let file, _, _, _), .tooLarge(let file, _, _, _),
            .streamTooLarge(let file, _, _, _):
            file
        }
    }

    /// Where in the payload, or nil when the error is about the whole file.
    public var keyPath: String? {
        switch self {
        case .missingAPS(_, let keyPath), .wrongType(_, let keyPath, _, _), .invalidValue(_, let keyPath, _, _):
            keyPath
        case .notJSON, .topLevelNotObject, .tooLarge, .streamTooLarge:
            nil
        }
    }

    /// The message without file or key path.
    public var message: String {
        switch self {
        case .notJSON(_, let reason, let line, let column):
            if let line, let column { return "not valid JSON at line \(line), column \(column): \(reason)" }
            return "not valid JSON: \(reason)"
        case .topLevelNotObject(_, let found):
            return "expected a JSON object at the top level, found \(found)"
        case .missingAPS:
            return "missing: expected an 'aps' dictionary"
        case .wrongType(_, _, let expected, let found), .invalidValue(_, _, let expected, let found):
            return "expected \(expected), found \(found)"
        case .tooLarge(_, let bytes, let limit, let pushType):
            return
                "payload is \(bytes) bytes, over the \(limit)-byte limit for \(pushType.rawValue) pushes (APNs answers PayloadTooLarge)"
        case .streamTooLarge(_, let readLimit, let limit, let pushType):
            return
                "payload is more than \(readLimit) bytes (not read further), over the \(limit)-byte limit for \(pushType.rawValue) pushes (APNs answers PayloadTooLarge)"
        }
    }

    /// `KEYPATH: message`, or the message alone when there is no key path.
    public var description: String {
        keyPath.map { "\($0): \(message)" } ?? message
    }
}
