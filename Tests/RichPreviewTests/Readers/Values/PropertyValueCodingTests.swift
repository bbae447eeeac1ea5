import Foundation
import RichPreview
import Testing

/// `PropertyValue` read back from the JSON it writes: each JSON type to its case.
struct PropertyValueCodingTests {
    @Test func eachJSONTypeReadsToItsCase() throws {
        let json = #"{"a": [1, 1.5, true, null, "x"], "b": {"c": -2}}"#
        let value = try JSONDecoder().decode(PropertyValue.self, from: Data(json.utf8))
        #expect(
            value
                == .dictionary([
                    "a": .array([.integer(1), .real(1.5), .boolean(true), .null, .string("x")]),
                    "b": .dictionary(["c": .integer(-2)]),
                ]))
        #expect(try JSONDecoder().decode(PropertyValue.self, from: JSONEncoder().encode(value)) == value)
    }
}
