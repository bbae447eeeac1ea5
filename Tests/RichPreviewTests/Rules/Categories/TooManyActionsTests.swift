import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TooManyActions`: a case that triggers the rule and a near miss that must not.
struct TooManyActionsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "three.json": Samples.manifest(["three"], actions: 3), "five.json": Samples.manifest(["five"], actions: 5),
        ])
        let findings = fixture.findings("too-many-actions")
        #expect(findings.count == 2, "\(findings)")
        #expect(Set(findings.map(\.severity)) == [.note, .warning])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["two.json": Samples.manifest(["two"], actions: 2)])
        #expect(fixture.findings("too-many-actions").isEmpty, "\(fixture.findings("too-many-actions"))")
    }

    @Test func aCardNamesTheActionsItLeavesOut() throws {
        let categories = try #require(
            CategoryManifest.check(Data(Samples.manifest(["five"], actions: 5).utf8)).manifest)
        let builder = NotificationCardBuilder(categories: categories, extensions: ExtensionRegistry([]))
        let payload = try #require(
            PayloadDecoder().check(Data(#"{"aps": {"alert": "x", "category": "five"}}"#.utf8)).payload)
        let full = builder.card(for: payload, context: .default)
        #expect(full.hiddenActions.map(\.identifier) == ["five-a4"])
        #expect(full.findings.map(\.rule) == ["too-many-actions"] && full.findings.map(\.severity) == [.warning])
        let minimal = builder.card(for: payload, context: .minimal)
        #expect(minimal.hiddenActions.map(\.identifier) == ["five-a2", "five-a3", "five-a4"])
        // Banners and the minimal context showing two is what a manifest's note says too.
        #expect(minimal.findings.map(\.severity) == [.note])
        #expect(builder.card(for: payload, state: .banner).findings.isEmpty)
    }
}
