/// Reads the raw values of a payload into the typed model, leniently: a value the model cannot
/// take (of the wrong type, out of range) is left out and recorded with its key path, and so is a
/// flag written `true`/`false`, for the rules (`aps-type`) to report. Decides nothing else.
struct PayloadReader {
    private(set) var rejectedValues: [PayloadDocument.RejectedValue] = []
    private(set) var booleanFlags: [PayloadDocument.BooleanFlag] = []

    // MARK: The payload

    /// The payload in `members`; `prefix` is the key path of a nested payload ("" at the top).
    mutating func payload(_ members: [String: PropertyValue], prefix: String, nestedKey: String?) -> APNsPayload {
        let apsPath = Self.path(prefix, "aps")
        var custom: [String: PropertyValue] = [:]
        var targetBundle: String?
        var nested: NestedPayload?
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where key != "aps" {
            let path = Self.path(prefix, key)
            if key == APNsPayload.simulatorTargetBundleKey && prefix.isEmpty {
                targetBundle = string(value, path)
                continue
            }
            custom[key] = value
            if key == nestedKey, case .dictionary(let inner) = value, inner["aps"] != nil {
                nested = NestedPayload(key: key, payload: payload(inner, prefix: path, nestedKey: nil))
            }
        }
        var aps: APSDictionary?
        switch members["aps"] {
        case .dictionary(let apsMembers)?:
            aps = self.aps(apsMembers, apsPath)
        case let value?:
            wrongType(apsPath, "a dictionary", value)
        case nil:
            break
        }
        return APNsPayload(aps: aps, custom: custom, simulatorTargetBundle: targetBundle, nested: nested)
    }

    private mutating func aps(_ members: [String: PropertyValue], _ prefix: String) -> APSDictionary {
        var aps = APSDictionary()
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let path = Self.path(prefix, key)
            switch key {
            case "alert": break  // after the rest: a Live Activity's alert has a shape of its own
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
            case "content-changed": aps.contentChanged = boolean(value, path)
            case "input-push-token": aps.inputPushToken = flag(value, path)
            case "input-push-channel": aps.inputPushChannel = string(value, path)
            default:
                break
            }
        }
        if let value = members["alert"] {
            aps.alert = alert(value, Self.path(prefix, "alert"), liveActivity: aps.isLiveActivity)
        }
        if let score = aps.relevanceScore, !aps.isLiveActivity, !(0...1).contains(score) {
            invalid(
                Self.path(prefix, "relevance-score"), "a number from 0 to 1 (any number only for Live Activities)",
                .real(score))
            aps.relevanceScore = nil
        }
        return aps
    }

    /// `aps.alert`. A Live Activity's alert (ActivityKit's `AlertConfiguration`) carries its own
    /// `sound`, and its `title` and `body` may each be `{"loc-key": …, "loc-args": […]}`, read here
    /// as the `title-loc-key` and `loc-key` forms.
    private mutating func alert(_ value: PropertyValue, _ prefix: String, liveActivity: Bool) -> PayloadAlert? {
        switch value {
        case .string(let body):
            return .text(body)
        case .dictionary(let members):
            var alert = PayloadAlert()
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                let path = Self.path(prefix, key)
                switch key {
                case "title" where liveActivity && value.dictionary != nil:
                    (alert.titleLocKey, alert.titleLocArgs) = localized(value, path)
                case "body" where liveActivity && value.dictionary != nil:
                    (alert.locKey, alert.locArgs) = localized(value, path)
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
                    break
                }
            }
            return alert
        default:
            wrongType(prefix, "a string or a dictionary", value)
            return nil
        }
    }

    /// A Live Activity alert's `{"loc-key": KEY, "loc-args": [ARG…]}`: the key and its arguments.
    private mutating func localized(_ value: PropertyValue, _ prefix: String) -> (String?, [String]?) {
        guard case .dictionary(let members) = value else { return (nil, nil) }
        var key: String?
        var arguments: [String]?
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let path = Self.path(prefix, name)
            switch name {
            case "loc-key": key = string(member, path)
            case "loc-args": arguments = strings(member, path)
            default: break
            }
        }
        if key == nil { invalid(prefix, #"{"loc-key": KEY, "loc-args": [ARGUMENTS]}"#, value) }
        return (key, arguments)
    }

    private mutating func sound(_ value: PropertyValue, _ prefix: String) -> NotificationSound? {
        switch value {
        case .string(let name):
            return name == "default" ? .default : .named(name)
        case .dictionary(let members):
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
                default: break
                }
            }
            if critical { return .critical(name: name, volume: volume) }
            return name.map { $0 == "default" ? .default : .named($0) } ?? .default
        default:
            wrongType(prefix, "a string or a dictionary", value)
            return nil
        }
    }

    // MARK: Typed values

    private mutating func string(_ value: PropertyValue, _ path: String) -> String? {
        if case .string(let text) = value { return text }
        wrongType(path, "a string", value)
        return nil
    }

    private mutating func nonEmptyString(_ value: PropertyValue, _ path: String) -> String? {
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

    private mutating func strings(_ value: PropertyValue, _ path: String) -> [String]? {
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

    private mutating func integer(_ value: PropertyValue, _ path: String, expected: String) -> Int? {
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

    private mutating func number(_ value: PropertyValue, _ path: String) -> Double? {
        guard let number = value.numberValue else {
            wrongType(path, "a number", value)
            return nil
        }
        return number
    }

    /// `content-available`, `mutable-content`, `sound.critical`: the number 1 (on) or 0 (off).
    private mutating func flag(_ value: PropertyValue, _ path: String) -> Bool {
        switch value {
        case .boolean(let on):
            booleanFlags.append(PayloadDocument.BooleanFlag(keyPath: path, value: on))
            return on
        case .integer(let number) where number == 0 || number == 1:
            return number == 1
        case .integer, .real:
            invalid(path, "the number 1 (or 0)", value)
            return false
        default:
            wrongType(path, "the number 1", value)
            return false
        }
    }

    /// `content-changed` is JSON `true` in Apple's examples (not the number 1 of the older flags).
    private mutating func boolean(_ value: PropertyValue, _ path: String) -> Bool {
        switch value {
        case .boolean(let on): return on
        case .integer(1): return true
        default:
            wrongType(path, "true", value)
            return false
        }
    }

    private mutating func object(_ value: PropertyValue, _ path: String) -> [String: PropertyValue]? {
        if case .dictionary(let members) = value { return members }
        wrongType(path, "a dictionary", value)
        return nil
    }

    private mutating func oneOf<Value: RawRepresentable & CaseIterable>(_ value: PropertyValue, _ path: String)
        -> Value?
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

    // MARK: What the model could not take

    /// A value of the wrong JSON type.
    private mutating func wrongType(_ path: String, _ expected: String, _ found: PropertyValue) {
        rejectedValues.append(.init(keyPath: path, expected: expected, found: found.jsonSummary))
    }

    /// A value of the right type outside what Apple allows (a negative badge, an unknown level).
    private mutating func invalid(_ path: String, _ expected: String, _ found: PropertyValue) {
        rejectedValues.append(.init(keyPath: path, expected: expected, found: found.jsonSummary))
    }

    static func path(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : "\(prefix).\(key)"
    }
}
