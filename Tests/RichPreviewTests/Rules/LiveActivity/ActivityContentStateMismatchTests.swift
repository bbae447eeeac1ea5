import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActivityContentStateMismatch`: content states against the app's `ContentState`, as
/// `JSONDecoder` reads them on the device.
struct ActivityContentStateMismatchTests {
    static let attributes = """
        struct RaceAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var lap: Int
                var leader: String?
                var gap: Double
                var updatedAt: Date
                static let laps = 53
            }
            var track: String
        }
        """

    static func update(_ state: String) -> String {
        #"{"aps": {"timestamp": 1765000000, "event": "update", "content-state": \#(state)}}"#
    }

    @Test func triggers() throws {
        let fixture = try LintFixture([
            "App/Race.swift": Self.attributes,
            "update.json": Self.update(#"{"lap": 2.5, "gap": "1.2", "updatedAt": 786000000, "leadr": "Ana"}"#),
        ])
        let found = fixture.findings("activity-content-state-mismatch").sorted {
            ($0.keyPath ?? "") < ($1.keyPath ?? "")
        }
        #expect(
            found.map { "\($0.keyPath ?? "") \($0.severity)" } == [
                "aps.content-state.gap error", "aps.content-state.lap error", "aps.content-state.leadr note",
            ], "\(found)")
        #expect(found.last?.suggestion == "leader")
    }

    /// The app and its widget extension each compile a copy of the attributes file: one type to
    /// the payloads, checked as the only one.
    @Test func aTypeDeclaredOnceInTheAppAndOnceInTheWidgetIsChecked() throws {
        let fixture = try LintFixture([
            "App/Race.swift": Self.attributes, "Widget/Race.swift": Self.attributes,
            "update.json": Self.update(#"{"lap": "2", "gap": 1.5, "updatedAt": 786000000}"#),
        ])
        let found = fixture.findings("activity-content-state-mismatch")
        #expect(found.map(\.keyPath) == ["aps.content-state.lap"], "\(found)")
        // Copies that differ: nothing says which decodes the payload, so neither is used.
        let differing = try LintFixture([
            "App/Race.swift": Self.attributes,
            "Widget/Race.swift": Self.attributes.replacingOccurrences(of: "var gap: Double", with: "var gap: Int"),
            "update.json": Self.update(#"{"lap": "2", "gap": 1.5, "updatedAt": 786000000}"#),
        ])
        let unchecked = differing.findings("activity-content-state-mismatch")
        #expect(unchecked.map(\.severity) == [.note] && unchecked.first?.cause == "differing-copies", "\(unchecked)")
        #expect(unchecked.first?.notes.count == 2)
    }

    /// A header error (a topic without its suffix) leaves the payload to be checked all the same.
    @Test func aHeaderErrorDoesNotHideTheContract() throws {
        let fixture = try LintFixture([
            "App/Race.swift": Self.attributes,
            "request.json":
                #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.race"}, "payload": {"aps": {"timestamp": 1765000000, "event": "update", "content-state": {"lap": "2", "gap": 1.5, "updatedAt": 786000000}}}}"#,
        ])
        #expect(fixture.findings("topic-push-type-mismatch").count == 1)
        let found = fixture.findings("activity-content-state-mismatch")
        #expect(found.map(\.keyPath) == ["aps.content-state.lap"], "\(found)")
        #expect(found.first?.line == 1 && (found.first?.column ?? 0) > 100, "\(found)")
    }

    @Test func aMissingFieldIsAnErrorAndAnOptionalOneIsNot() throws {
        let fixture = try LintFixture([
            "App/Race.swift": Self.attributes, "update.json": Self.update(#"{"lap": 2, "gap": 1.5}"#),
        ])
        let found = fixture.findings("activity-content-state-mismatch")
        #expect(
            found.map(\.message) == [
                "no 'updatedAt' (Date), which RaceAttributes.ContentState requires: the device cannot decode it"
            ], "\(found)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "App/Race.swift": Self.attributes,
            "update.json": Self.update(#"{"lap": 2, "leader": null, "gap": 1, "updatedAt": 786000000.5}"#),
        ])
        #expect(
            fixture.findings("activity-content-state-mismatch").isEmpty,
            "\(fixture.findings("activity-content-state-mismatch"))")
        // Keys renamed by CodingKeys are not the fields' names: not checked.
        let renamed = try LintFixture([
            "App/Race.swift": Self.attributes.replacingOccurrences(
                of: "static let laps = 53",
                with:
                    "static let laps = 53\n enum CodingKeys: String, CodingKey { case lap = \"l\", leader, gap, updatedAt }"
            ),
            "update.json": Self.update(#"{"l": 2, "gap": 1, "updatedAt": 0}"#),
        ])
        #expect(renamed.findings("activity-content-state-mismatch").isEmpty)
    }
}
