import Foundation

extension PropertyValue: Encodable {
    /// Converts what `JSONSerialization` returns; nil for anything it never returns.
    ///
    /// Containers are tried before the class types: casting a Swift array or dictionary to
    /// `NSNumber` or `NSNull` would bridge it to Foundation first, only to fail.
    init?(json value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let dictionary as [String: Any]:
            var members: [String: PropertyValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                guard let converted = PropertyValue(json: item) else { return nil }
                members[key] = converted
            }
            self = .dictionary(members)
        case let array as [Any]:
            var items: [PropertyValue] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let converted = PropertyValue(json: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let number as NSNumber:
            if Self.isBoolean(number) {
                self = .boolean(number.boolValue)
            } else if Self.isIntegerType(number), let integer = Int(exactly: number.int64Value) {
                self = .integer(integer)
            } else {
                self = .real(number.doubleValue)
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
        case .real(let value): value
        default: nil
        }
    }

    /// The value as a whole number when it is one, including reals such as `3.0`.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int(exactly: value)
        default: nil
        }
    }

    /// A short description for messages about JSON, in JSON's words: the kind and, for scalars,
    /// the value (`number 7`, `string "x"`, `a dictionary`).
    public var jsonSummary: String {
        switch self {
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string \"\(shown)\""
        case .integer(let value): return "number \(value)"
        case .real(let value): return "number \(NumberText.format(value))"
        case .boolean(let value): return "\(value)"
        case .null: return "null"
        case .array(let items): return items.count == 1 ? "an array of 1 item" : "an array of \(items.count) items"
        case .dictionary: return "a dictionary"
        case .date: return "a date"
        case .data: return "data"
        }
    }

    /// Writes the value as JSON; a date as its ISO 8601 text and data as Base64, as JSON has neither.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let items): try container.encode(items)
        case .dictionary(let members): try container.encode(members)
        case .date(let date): try container.encode(ISO8601DateFormatter().string(from: date))
        case .data(let data): try container.encode(data.base64EncodedString())
        }
    }
}

extension PropertyValue: Decodable {
    /// Reads a JSON value as `encode(to:)` writes it: `true` and `false` as `boolean`, whole
    /// numbers as `integer`, other numbers as `real` (dates and data come back as the strings they
    /// were written as).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PropertyValue].self) {
            self = .array(value)
        } else {
            self = .dictionary(try container.decode([String: PropertyValue].self))
        }
    }
}
