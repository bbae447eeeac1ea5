import Foundation
import RichPreview
import Testing

/// `ReportJSON`: the commands' JSON, keys sorted and slashes unescaped, and characters that must
/// not reach a terminal raw written as `\u` escapes that decode to the same text.
struct ReportJSONTests {
    @Test func keysSortedSlashesKeptAndTerminalControlsEscaped() throws {
        let report = ResponseReport(category: "a/b", action: "x\u{202E}y\u{85}", error: "no")
        let json = try ReportJSON.encode(report)
        #expect(json.hasSuffix("}\n"))
        #expect(json.contains(#""category" : "a/b""#))
        #expect(json.contains(#""action" : "x\u202ey\u0085""#))
        let action = try #require(json.range(of: "\"action\""))
        let category = try #require(json.range(of: "\"category\""))
        #expect(action.lowerBound < category.lowerBound)
        #expect(try JSONDecoder().decode(ResponseReport.self, from: Data(json.utf8)) == report)
    }

    @Test func aValueJSONCannotHoldIsAnError() {
        #expect(throws: JSONEncodingError.self) { try ReportJSON.encode([Double.nan]) }
        do {
            _ = try ReportJSON.encode(["a": [1.0, .infinity]])
            Issue.record("an infinity was written")
        } catch {
            #expect(error.codingPath == "a.1" && error.description.hasPrefix("cannot write JSON at a.1: "))
        }
    }
}
