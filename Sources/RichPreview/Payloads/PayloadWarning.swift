/// Something in a valid payload that probably does not do what its author meant. Findings as data:
/// the file, the key path, what kind of problem, and a suggested key when there is one.
public struct PayloadWarning: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var keyPath: String
    public var kind: Kind

    public init(file: String, keyPath: String, kind: Kind) {
        self.file = file
        self.keyPath = keyPath
        self.kind = kind
    }

    /// The kinds of warning, each with what it needs for its message.
    public enum Kind: Sendable, Hashable {
        /// A key APNs does not define here, so iOS ignores it (a typo such as `mutable_content`).
        case unknownKey(suggestion: String?)
        /// A top-level key that only means something inside `aps` (FCM-style `content_available`);
        /// `suggestion` is the key path to use instead.
        case apsKeyOutsideAPS(suggestion: String)
        /// `content-available`, `mutable-content` or `sound.critical` given as `true`/`false`
        /// instead of the number 1 or 0; read as that number.
        case flagAsBoolean(Bool)
        /// `content-available: 1` together with an alert, badge or sound: not a silent push.
        case contentAvailableWithVisibleContent(keys: [String])
        /// `mutable-content: 1` without a displayable alert: the service extension never runs.
        case mutableContentWithoutAlert
        /// An alert with a title but no body: may show nothing at all.
        case titleWithoutBody
        /// `*-loc-args` without its `*-loc-key`: the arguments are never used.
        case locArgsWithoutKey(key: String)
        /// The payload does not fit the push type it is sent with.
        case pushTypeMismatch(pushType: PushType, reason: String)
    }

    /// A key to use instead, for unknown or misplaced keys.
    public var suggestion: String? {
        switch kind {
        case .unknownKey(let suggestion): suggestion
        case .apsKeyOutsideAPS(let suggestion): suggestion
        default: nil
        }
    }

    /// The message without file or key path.
    public var message: String {
        switch kind {
        case .unknownKey(let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown key, ignored by iOS\(hint)"
        case .apsKeyOutsideAPS(let suggestion):
            return "APNs reads this key only inside 'aps'; did you mean '\(suggestion)'?"
        case .flagAsBoolean(let value):
            return "should be the number \(value ? 1 : 0), not \(value)"
        case .contentAvailableWithVisibleContent(let keys):
            return
                "content-available with \(keys.joined(separator: ", ")) is not a silent push; send background updates without them"
        case .mutableContentWithoutAlert:
            return "mutable-content without an alert to show: the service extension is not run"
        case .titleWithoutBody:
            return "alert has a title but no body: iOS may show nothing"
        case .locArgsWithoutKey(let key):
            return "arguments without '\(key)' are not used"
        case .pushTypeMismatch(let pushType, let reason):
            return "\(reason) (push type \(pushType.rawValue))"
        }
    }

    /// `KEYPATH: message`.
    public var description: String { "\(keyPath): \(message)" }
}
