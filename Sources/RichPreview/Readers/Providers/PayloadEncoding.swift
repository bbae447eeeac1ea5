import Foundation

/// A payload's JSON as APNs receives it from a provider: no white space, slashes not escaped,
/// keys sorted so that the same message always gives the same bytes.
enum PayloadEncoding {
    /// The JSON of `value`.
    static func data(_ value: PropertyValue) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        // A tree of strings, numbers, booleans, arrays and objects always encodes; a real that is
        // not finite cannot come from parsed JSON.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
