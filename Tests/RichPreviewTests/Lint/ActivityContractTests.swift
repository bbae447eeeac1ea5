import Foundation
import RichPreview
import Testing

/// `ActivityContract`: an app's `ActivityAttributes` read from Swift text, and pushes checked
/// against them in memory, with the findings `lint` gives the same files.
struct ActivityContractTests {
    static let delivery = """
        import ActivityKit
        struct DeliveryAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var stopsAway: Int
                var eta: Date
                var courier: String?
            }
            var orderNumber: String
        }
        """

    /// The app's file and the widget extension's copy of it.
    static let swift = ["App/Delivery.swift": delivery, "Widget/Delivery.swift": delivery]

    @Test func pushesAreCheckedAgainstTheAppsTypes() throws {
        let contract = ActivityContract(swiftFiles: Self.swift)
        #expect(contract.attributeTypeNames == ["DeliveryAttributes"])
        let good = Data(
            #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.eats.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1796576000, "event": "update", "content-state": {"stopsAway": 3, "eta": 818268800}}}}"#
                .utf8)
        #expect(contract.check(good).isEmpty, "\(contract.check(good))")
        let bad = Data(
            #"{"aps": {"timestamp": 1796576000, "event": "start", "attributes-type": "Delivery", "attributes": {"orderNumber": 7}, "content-state": {"stopsAway": "3", "eta": "2026-12-06T10:00:00Z"}, "alert": {"title": "On its way", "body": "3 stops"}}}"#
                .utf8)
        let found = contract.check(bad, file: "start.json")
        #expect(found.allSatisfy { $0.file == "start.json" })
        let rules = Set(found.map(\.rule))
        #expect(rules.isSuperset(of: ["activity-attributes-type-unknown"]), "\(found)")
        // The same files through lint give the same findings about the push.
        var files = Self.swift.mapValues { Data($0.utf8) }
        files["start.json"] = bad
        #expect(Linter().lint(files: files).findings.filter { $0.file == "start.json" } == found)
    }

    @Test func noTypesMeansThePayloadRulesAlone() {
        let contract = ActivityContract(swiftFiles: [:])
        #expect(contract.attributeTypeNames.isEmpty)
        let found = contract.check(
            Data(#"{"aps": {"timestamp": 1796576000000, "event": "update", "content-state": {}}}"#.utf8))
        #expect(found.map(\.rule).contains("activity-date-in-milliseconds"), "\(found)")
    }
}
