import Foundation
import RichPreview

/// The one place JSON output is produced, as `ReportJSON` writes it.
enum JSONOutput {
    static func encode<Value: Encodable>(_ value: Value) -> String {
        do {
            return try ReportJSON.encode(value)
        } catch {
            preconditionFailure("output values always encode: \(error)")
        }
    }
}
