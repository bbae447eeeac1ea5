/// Walks the values `JSONSerialization` produced into the typed model, checking each key's type
/// and range, and collects errors and warnings with their key paths.
struct PayloadWalker {
    let file: String
    private(set) var errors: [PayloadError] = []
    private(set) var warnings: [PayloadWarning] = []

    init(file: String) { self.file = file }

    static let alertKeys = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "summary-arg", "summary-arg-count",
    ]
    static let soundKeys = ["critical", "name", "volume"]
    /// `aps` keys whose FCM-style or top-level spelling is a common mistake.
    static let misplacedAPSKeys = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria",
    ]

    // MARK: The payload

    /// The payload in `members`; `prefix` is the key path of a nested payload ("" at the top).
    mutating func payload(
        _ members: [String: JSONValue], prefix: String, pushType: PushType?, nestedKey: String?
    ) -> APNsPayload {
        let apsPath = Self.path(prefix, "aps")
        var custom: [String: JSONValue] = [:]
        var targetBundle: String?
        var nested: NestedPayload?
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where key != "aps" {
            let path = Self.path(prefix, key)
            if key == APNsPayload.simulatorTargetBundleKey && prefix.isEmpty {
                targetBundle = string(value, path)
                continue
            }
            custom[key] = value
            if key == nestedKey, case .object(let inner) = value, inner["aps"] != nil {
                nested = NestedPayload(key: key, payload: payload(inner, prefix: path, pushType: nil, nestedKey: nil))
            } else if let apsKey = Self.misplacedAPSKeys.first(where: { $0 == Suggester.normalize(key) }) {
                warn(path, .apsKeyOutsideAPS(suggestion: Self.path(apsPath, apsKey)))
            }
        }
        var aps: APSDictionary?
        switch members["aps"] {
        case .object(let apsMembers)?:
            aps = self.aps(apsMembers, apsPath)
            if let aps { checkCoherence(aps, apsPath, pushType: pushType, nested: !prefix.isEmpty) }
        case let value?:
            wrongType(apsPath, "a dictionary", value)
        case nil where pushType != .voip:
            let misspelt = members.keys.sorted().first { $0 != "aps" && $0.lowercased() == "aps" }
            errors.append(.missingAPS(file: file, keyPath: apsPath, misspelt: misspelt))
        case nil:
            break
        }
        return APNsPayload(aps: aps, custom: custom, simulatorTargetBundle: targetBundle, nested: nested)
    }

    private mutating func aps(_ members: [String: JSONValue], _ prefix: String) -> APSDictionary {
        var aps = APSDictionary()
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let path = Self.path(prefix, key)
            switch key {
            case "alert": aps.alert = alert(value, path)
            case "badge": aps.badge = integer(value, path, expected: "an integer ≥ 0")
            case "sound": aps.sound = sound(value, path)
            case "thread-id": aps.threadID = string(value, path)
            case "category": aps.category = nonEmptyString(value, path)
            case "content-available": aps.contentAvailable = flag(value, path)
            case "mutable-content": aps.mutableContent = flag(value, path)
            case "target-content-id": aps.targetContentID = string(value, path)
            case "interruption-level": aps.interruptionLevel = oneOf(value, path)
            case "relevance-score": aps.relevanceScore = number(value, path)
            case "filter-criteria": aps.filterCriteria = string(value, path)
            case "stale-date": aps.staleDate = number(value, path)
            case "content-state": aps.contentState = object(value, path)
            case "timestamp": aps.timestamp = number(value, path)
            case "event": aps.event = oneOf(value, path)
            case "dismissal-date": aps.dismissalDate = number(value, path)
            case "attributes-type": aps.attributesType = string(value, path)
            case "attributes": aps.attributes = object(value, path)
            default:
                unknownKey(
                    key, path, known: APSDictionary.knownKeys, elsewhere: Self.alertKeys,
                    elsewherePath: Self.path(prefix, "alert"))
            }
        }
        if let score = aps.relevanceScore, !aps.isLiveActivity, !(0...1).contains(score) {
            invalid(
                Self.path(prefix, "relevance-score"), "a number from 0 to 1 (any number only for Live Activities)",
                .number(score))
            aps.relevanceScore = nil
        }
        return aps
    }

    private mutating func alert(_ value: JSONValue, _ prefix: String) -> PayloadAlert? {
        let apsPath = String(prefix.dropLast(".alert".count))
        switch value {
        case .string(let body):
            return .text(body)
        case .object(let members):
            var alert = PayloadAlert()
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                let path = Self.path(prefix, key)
                switch key {
                case "title": alert.title = string(value, path)
                case "subtitle": alert.subtitle = string(value, path)
                case "body": alert.body = string(value, path)
                case "launch-image": alert.launchImage = string(value, path)
                case "title-loc-key": alert.titleLocKey = string(value, path)
                case "title-loc-args": alert.titleLocArgs = strings(value, path)
                case "subtitle-loc-key": alert.subtitleLocKey = string(value, path)
                case "subtitle-loc-args": alert.subtitleLocArgs = strings(value, path)
                case "loc-key": alert.locKey = string(value, path)
                case "loc-args": alert.locArgs = strings(value, path)
                case "summary-arg": alert.summaryArg = string(value, path)
                case "summary-arg-count": alert.summaryArgCount = integer(value, path, expected: "an integer ≥ 0")
                case "action-loc-key":
                    switch value {
                    case .string(let key): alert.actionLocKey = .key(key)
                    case .null: alert.actionLocKey = .okOnly
                    default: wrongType(path, "a string or null", value)
                    }
                default:
                    unknownKey(
                        key, path, known: Self.alertKeys, elsewhere: APSDictionary.knownKeys, elsewherePath: apsPath)
                }
            }
            let argsAndKeys = [
                ("title-loc-args", alert.titleLocArgs, alert.titleLocKey, "title-loc-key"),
                ("subtitle-loc-args", alert.subtitleLocArgs, alert.subtitleLocKey, "subtitle-loc-key"),
                ("loc-args", alert.locArgs, alert.locKey, "loc-key"),
            ]
            for (argsKey, args, locKey, locKeyName) in argsAndKeys where args != nil && locKey == nil {
                warn(Self.path(prefix, argsKey), .locArgsWithoutKey(key: locKeyName))
            }
            return alert
        default:
            wrongType(prefix, "a string or a dictionary", value)
            return nil
        }
    }

    private mutating func sound(_ value: JSONValue, _ prefix: String) -> NotificationSound? {
        switch value {
        case .string(let name):
            return name == "default" ? .default : .named(name)
        case .object(let members):
            var critical = false
            var name: String?
            var volume: Double?
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                let path = Self.path(prefix, key)
                switch key {
                case "critical": critical = flag(value, path)
                case "name": name = string(value, path)
                case "volume":
                    volume = number(value, path)
                    if let level = volume, !(0...1).contains(level) {
                        invalid(path, "a number from 0 to 1", value)
                        volume = nil
                    }
                default: unknownKey(key, path, known: Self.soundKeys)
                }
            }
            if critical { return .critical(name: name, volume: volume) }
            return name.map { $0 == "default" ? .default : .named($0) } ?? .default
        default:
            wrongType(prefix, "a string or a dictionary", value)
            return nil
        }
    }

    // MARK: Checks across keys

    private mutating func checkCoherence(_ aps: APSDictionary, _ prefix: String, pushType: PushType?, nested: Bool) {
        if let alert = aps.alert, !alert.isPlainText, alert.title != nil || alert.titleLocKey != nil, !alert.hasBody {
            warn(Self.path(prefix, "alert"), .titleWithoutBody)
        }
        guard !nested else { return }
        let visible = [("alert", aps.alert != nil), ("badge", aps.badge != nil), ("sound", aps.sound != nil)]
            .filter(\.1).map(\.0)
        if aps.contentAvailable && !visible.isEmpty {
            warn(Self.path(prefix, "content-available"), .contentAvailableWithVisibleContent(keys: visible))
        }
        if aps.mutableContent && !(aps.alert?.hasVisibleText ?? false) {
            warn(Self.path(prefix, "mutable-content"), .mutableContentWithoutAlert)
        }
        switch pushType {
        case .background?:
            if !visible.isEmpty {
                warn(
                    prefix,
                    .pushTypeMismatch(
                        pushType: .background,
                        reason: "a background push must not carry \(visible.joined(separator: ", "))"))
            }
            if !aps.contentAvailable {
                warn(
                    prefix,
                    .pushTypeMismatch(pushType: .background, reason: "a background push needs content-available: 1"))
            }
        case .alert?:
            if aps.contentAvailable && visible.isEmpty {
                warn(
                    prefix,
                    .pushTypeMismatch(
                        pushType: .alert, reason: "a silent push should be sent with push type background"))
            }
        case .voip?, nil:
            break
        }
    }

    // MARK: Typed values

    private mutating func string(_ value: JSONValue, _ path: String) -> String? {
        if case .string(let text) = value { return text }
        wrongType(path, "a string", value)
        return nil
    }

    private mutating func nonEmptyString(_ value: JSONValue, _ path: String) -> String? {
        guard case .string(let text) = value else {
            wrongType(path, "a non-empty string", value)
            return nil
        }
        guard !text.isEmpty else {
            invalid(path, "a non-empty string", value)
            return nil
        }
        return text
    }

    private mutating func strings(_ value: JSONValue, _ path: String) -> [String]? {
        guard case .array(let items) = value else {
            wrongType(path, "an array of strings", value)
            return nil
        }
        var texts: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                wrongType("\(path)[\(index)]", "a string", item)
                return nil
            }
            texts.append(text)
        }
        return texts
    }

    private mutating func integer(_ value: JSONValue, _ path: String, expected: String) -> Int? {
        guard value.numberValue != nil else {
            wrongType(path, expected, value)
            return nil
        }
        guard let integer = value.integerValue, integer >= 0 else {
            invalid(path, expected, value)
            return nil
        }
        return integer
    }

    private mutating func number(_ value: JSONValue, _ path: String) -> Double? {
        guard let number = value.numberValue else {
            wrongType(path, "a number", value)
            return nil
        }
        return number
    }

    /// `content-available`, `mutable-content`, `sound.critical`: the number 1 (on) or 0 (off).
    private mutating func flag(_ value: JSONValue, _ path: String) -> Bool {
        switch value {
        case .bool(let on):
            warn(path, .flagAsBoolean(on))
            return on
        case .integer(let number) where number == 0 || number == 1:
            return number == 1
        case .integer, .number:
            invalid(path, "the number 1 (or 0)", value)
            return false
        default:
            wrongType(path, "the number 1", value)
            return false
        }
    }

    private mutating func object(_ value: JSONValue, _ path: String) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        wrongType(path, "a dictionary", value)
        return nil
    }

    private mutating func oneOf<Value: RawRepresentable & CaseIterable>(_ value: JSONValue, _ path: String) -> Value?
    where Value.RawValue == String {
        let expected = "one of " + Value.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let text) = value else {
            wrongType(path, expected, value)
            return nil
        }
        guard let result = Value(rawValue: text) else {
            invalid(path, expected, value)
            return nil
        }
        return result
    }

    // MARK: Findings

    private mutating func unknownKey(
        _ key: String, _ path: String, known: [String], elsewhere: [String] = [], elsewherePath: String = ""
    ) {
        var suggestion = Suggester.suggestion(for: key, among: known)
        if suggestion == nil, let other = Suggester.suggestion(for: key, among: elsewhere),
            other == Suggester.normalize(key)
        {
            suggestion = Self.path(elsewherePath, other)
        }
        warn(path, .unknownKey(suggestion: suggestion))
    }

    private mutating func wrongType(_ path: String, _ expected: String, _ found: JSONValue) {
        errors.append(.wrongType(file: file, keyPath: path, expected: expected, found: found.summary))
    }

    private mutating func invalid(_ path: String, _ expected: String, _ found: JSONValue) {
        errors.append(.invalidValue(file: file, keyPath: path, expected: expected, found: found.summary))
    }

    private mutating func warn(_ path: String, _ kind: PayloadWarning.Kind) {
        warnings.append(PayloadWarning(file: file, keyPath: path, kind: kind))
    }

    static func path(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : "\(prefix).\(key)"
    }
}
