import Foundation

/// A value of a property list or a JSON document with its type made explicit, so that readers check
/// types by case instead of by Foundation's bridging (where `<integer>1</integer>` also reads as
/// `true`): the one raw value tree under every document richpreview reads (payloads, extension
/// plists, category manifests). JSON has no dates or data; whole JSON numbers are `integer`,
/// others `real`.
public enum PropertyValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A whole number (`<integer>`, or a JSON number read as an integer).
    case integer(Int)
    /// Any other number (`<real>`, or a JSON number with a fraction or an exponent).
    case real(Double)
    /// `<true/>` or `<false/>`, JSON `true` or `false`.
    case boolean(Bool)
    /// `<date>` (property lists only).
    case date(Date)
    /// `<data>` (property lists only).
    case data(Data)
    /// An array, in order.
    case array([PropertyValue])
    /// A dictionary or JSON object; member order is not kept.
    case dictionary([String: PropertyValue])
    /// JSON `null` (property lists have none).
    case null

    /// The form a property list file was written in.
    enum FileFormat: Sendable {
        case xml, binary, openStep, json
    }

    /// Why bytes could not be read as a property list or JSON; `reason` is the parser's own text.
    struct ParseFailure: Error {
        var reason: String
    }

    /// Reads an XML, binary or old-style (OpenStep) property list.
    static func parsePropertyList(_ data: Data) throws(ParseFailure) -> (value: PropertyValue, format: FileFormat) {
        guard !data.isEmpty else { throw ParseFailure(reason: "empty file") }
        if data.starts(with: Array("bplist".utf8)), let index = BinaryPropertyListSets.firstSet(in: data) {
            throw ParseFailure(
                reason: "binary property list holds a set (object \(index)), which property list files do not use")
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        // CoreFoundation's old-style parser logs its best explanation ("missing semicolon in
        // dictionary on line 2") to standard error and returns a vaguer one: for text that is not
        // XML, the log is captured and becomes the reason.
        let isXML = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
        let parsed: Result<Any, Error>
        var logged = ""
        if isXML || data.starts(with: Array("bplist".utf8)) {
            parsed = Result { try PropertyListSerialization.propertyList(from: data, options: [], format: &format) }
        } else {
            (parsed, logged) = StandardErrorCapture.capturing {
                Result { try PropertyListSerialization.propertyList(from: data, options: [], format: &format) }
            }
        }
        do {
            let object = try parsed.get()
            let fileFormat: FileFormat =
                switch format {
                case .binary: .binary
                case .openStep: .openStep
                default: .xml
                }
            return (PropertyValue(object), fileFormat)
        } catch {
            // Foundation falls back to its old-style parser when the binary reader gives up, and
            // reports that parser's complaint about the "b" of "bplist".
            if data.starts(with: Array("bplist".utf8)) {
                throw ParseFailure(
                    reason:
                        "damaged binary property list: its object table or trailer cannot be read (truncated or corrupt)"
                )
            }
            if let explanation = Self.oldStyleExplanation(logged) {
                throw ParseFailure(reason: "\(explanation) (old-style syntax)")
            }
            throw ParseFailure(reason: Self.reason(error))
        }
    }

    /// The old-style parser's logged complaint without its prefix and debugging advice:
    /// "missing semicolon in dictionary on line 2".
    private static func oldStyleExplanation(_ log: String) -> String? {
        guard let range = log.range(of: "Old-style plist parser: ") else { return nil }
        var text = log[range.upperBound...].prefix { $0 != "\n" }
        if let end = text.range(of: ". Parsing will be abandoned") { text = text[..<end.lowerBound] }
        if text.hasSuffix(".") { text = text.dropLast() }
        return text.isEmpty ? nil : String(text)
    }

    /// Classifies a Foundation object as the property list and JSON readers return them.
    init(_ object: Any) {
        switch object {
        case let value as String:
            self = .string(value)
        case let value as Bool where type(of: object) == Bool.self:
            self = .boolean(value)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": self = .boolean(number.boolValue)
            case "f", "d": self = .real(number.doubleValue)
            default: self = .integer(number.intValue)
            }
        case let value as Date:
            self = .date(value)
        case let value as Data:
            self = .data(value)
        case let values as [Any]:
            self = .array(values.map(PropertyValue.init))
        case let values as [AnyHashable: Any]:
            var dictionary: [String: PropertyValue] = [:]
            for (key, value) in values {
                dictionary[(key.base as? String) ?? "\(key.base)"] = PropertyValue(value)
            }
            self = .dictionary(dictionary)
        default:
            self = .null
        }
    }

    /// The type's name as property list users know it, for messages ("string", "dictionary", …).
    var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        case .null: "null"
        }
    }

    /// The type and a short rendering of the value, for "found" in messages (`string "YES"`).
    var summary: String {
        switch self {
        case .string(let value): "string \"\(value.count > 60 ? value.prefix(57) + "..." : value)\""
        case .integer(let value): "integer \(value)"
        case .real(let value): "real \(NumberText.format(value))"
        case .boolean(let value): "boolean \(value)"
        case .array(let values): values.isEmpty ? "empty array" : "array of \(values.count)"
        case .dictionary(let values): values.isEmpty ? "empty dictionary" : "dictionary"
        case .date, .data, .null: typeName
        }
    }

    var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    var array: [PropertyValue]? {
        if case .array(let values) = self { values } else { nil }
    }

    var dictionary: [String: PropertyValue]? {
        if case .dictionary(let values) = self { values } else { nil }
    }

    /// Every string in the value, values replaced through `transform`; keys are left alone.
    func mapStrings(_ transform: (String) -> String) -> PropertyValue {
        switch self {
        case .string(let value): .string(transform(value))
        case .array(let values): .array(values.map { $0.mapStrings(transform) })
        case .dictionary(let values): .dictionary(values.mapValues { $0.mapStrings(transform) })
        default: self
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
