import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActivityAttributesTypeUnknown`: a push-to-start naming a type the app does not declare, and
/// the near misses (the exact name; a project declaring no ActivityAttributes type at all).
struct ActivityAttributesTypeUnknownTests {
    static let attributes = """
        struct RaceAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var lap: Int }
            var track: String
        }
        """

    static func start(_ type: String) -> String {
        #"{"aps": {"timestamp": 1765000000, "event": "start", "attributes-type": "\#(type)", "attributes": {"track": "Monza"}, "content-state": {"lap": 1}, "alert": {"title": "Race", "body": "Started"}}}"#
    }

    @Test func triggers() throws {
        let fixture = try LintFixture(["App/Race.swift": Self.attributes, "start.json": Self.start("RaceAttribute")])
        let found = fixture.findings("activity-attributes-type-unknown")
        #expect(found.map(\.severity) == [.error] && found.first?.suggestion == "RaceAttributes", "\(found)")
        #expect(found.first?.keyPath == "aps.attributes-type")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let exact = try LintFixture(["App/Race.swift": Self.attributes, "start.json": Self.start("RaceAttributes")])
        #expect(exact.findings("activity-attributes-type-unknown").isEmpty)
        let noTypes = try LintFixture(["start.json": Self.start("RaceAttribute")])
        #expect(noTypes.findings("activity-attributes-type-unknown").isEmpty)
    }
}
