import Foundation

/// A JSON value as `JSONSerialization` read it, kept as it was: custom payload keys, user info,
/// Live Activity state. Whole numbers stay integers; other numbers are doubles.
public enum JSONValue: Sendable, Hashable, Encodable {
    /// A JSON string.
    case string(String)
    /// A whole JSON number (one `JSONSerialization` read as an integer).
    case integer(Int)
    /// Any other JSON number, as a double.
    case number(Double)
    /// JSON `true` or `false`.
    case bool(Bool)
    /// JSON `null`.
    case null
    /// A JSON array, in order.
    case array([JSONValue])
    /// A JSON object; member order is not kept.
    case object([String: JSONValue])

    /// Converts what `JSONSerialization` returns; `nil` for anything it never returns.
    ///
    /// Containers are tried before the class types: casting a Swift array or dictionary to
    /// `NSNumber` or `NSNull` would bridge it to Foundation first, only to fail.
    init?(foundation value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let dictionary as [String: Any]:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                guard let converted = JSONValue(foundation: item) else { return nil }
                members[key] = converted
            }
            self = .object(members)
        case let array as [Any]:
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let converted = JSONValue(foundation: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let number as NSNumber:
            if JSONValue.isBoolean(number) {
                self = .bool(number.boolValue)
            } else if JSONValue.isIntegerType(number), let integer = Int(exactly: number.int64Value) {
                self = .integer(integer)
            } else {
                self = .number(number.doubleValue)
            }
        case is NSNull:
            self = .null
        default:
            return nil
        }
    }

    /// The class Foundation uses for `true` and `false`.
    private static let booleanType: AnyClass = type(of: NSNumber(value: true))

    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == booleanType
    }

    /// Whether the number's Objective-C type code is one of `char`, `int`, `short`, `long`,
    /// `long long` (`"cislq".contains` it); a one-letter code is checked without a string.
    private static func isIntegerType(_ number: NSNumber) -> Bool {
        let code = number.objCType
        let first = UInt8(bitPattern: code[0])
        guard first != 0, code[1] == 0 else { return "cislq".contains(String(cString: code)) }
        return "cislq".utf8.contains(first)
    }

    /// The value as a number when it is one (integer or not).
    public var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The value as a whole number when it is one, including doubles such as `3.0`.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    /// A short description for messages: the kind and, for scalars, the value.
    public var summary: String {
        switch self {
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string \"\(shown)\""
        case .integer(let value): return "number \(value)"
        case .number(let value): return "number \(NumberText.format(value))"
        case .bool(let value): return "\(value)"
        case .null: return "null"
        case .array(let items): return items.count == 1 ? "an array of 1 item" : "an array of \(items.count) items"
        case .object: return "a dictionary"
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }
}
