import Foundation

/// The one place JSON output is produced: keys sorted, slashes unescaped, a trailing newline.
enum JSONOutput {
    static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("output values always encode: \(error)")
        }
    }
}
