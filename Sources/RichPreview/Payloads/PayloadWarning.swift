/// Something in a valid payload that probably does not do what its author meant. Findings as data:
/// the file, the key path, what kind of problem, and a suggested key when there is one.
public struct PayloadWarning: Sendable, Hashable, FindingConvertible {
    /// The payload as it was named, or `<data>` for bytes in memory.
    public var file: String
    /// Where in the payload, such as `aps.mutable_content`.
    public var keyPath: String
    /// What is probably wrong, with what its message needs.
    public var kind: Kind

    /// Creates a warning from the payload's name, the key path and the kind of problem.
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
    public var suggestion: String? { finding.suggestion }

    public var finding: Finding {
        switch kind {
        case .unknownKey(let suggestion):
            let parent = keyPath.split(separator: ".").dropLast().last
            if parent == "alert" {
                return Rules.AlertUnknownKey.finding(file: file, keyPath: keyPath, suggestion: suggestion)
            }
            guard let suggestion else { return Rules.CustomKeyInAps.finding(file: file, keyPath: keyPath) }
            return Rules.ApsUnknownKey.finding(file: file, keyPath: keyPath, suggestion: suggestion)
        case .apsKeyOutsideAPS(let suggestion):
            return Rules.ApsKeyOutsideAps.finding(file: file, keyPath: keyPath, suggestion: suggestion)
        case .flagAsBoolean(let value):
            return Rules.ApsType.flagFinding(file: file, keyPath: keyPath, value: value)
        case .contentAvailableWithVisibleContent(let keys):
            return Rules.SilentWithAlert.finding(file: file, keyPath: keyPath, keys: keys)
        case .mutableContentWithoutAlert:
            return Rules.MutableContentNoAlert.finding(file: file, keyPath: keyPath)
        case .titleWithoutBody:
            return Rules.AlertTitleWithoutBody.finding(file: file, keyPath: keyPath)
        case .locArgsWithoutKey(let key):
            return Rules.LocArgsWithoutKey.finding(file: file, keyPath: keyPath, key: key)
        case .pushTypeMismatch(let pushType, let reason):
            return Rules.PushTypeMismatch.finding(file: file, keyPath: keyPath, pushType: pushType, reason: reason)
        }
    }
}
