import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TooManyActions`: a case that triggers the rule and a near miss that must not.
struct TooManyActionsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "three.json": Samples.manifest(["three"], actions: 3),
            "eleven.json": Samples.manifest(["eleven"], actions: 11),
        ])
        let findings = fixture.findings("too-many-actions").sorted { ($0.file ?? "") < ($1.file ?? "") }
        #expect(findings.count == 2, "\(findings)")
        // Banners show the first two: a note; an iOS 10 category shows up to ten: a warning past them.
        #expect(findings.map(\.severity) == [.warning, .note])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["two.json": Samples.manifest(["two"], actions: 2)])
        #expect(fixture.findings("too-many-actions").isEmpty, "\(fixture.findings("too-many-actions"))")
    }

    @Test func aCardNamesTheActionsItLeavesOut() throws {
        let categories = try #require(
            CategoryManifest.check(Data(Samples.manifest(["five"], actions: 12).utf8)).manifest)
        let builder = NotificationCardBuilder(categories: categories, extensions: ExtensionRegistry([]))
        let payload = try #require(
            PayloadDecoder().check(Data(#"{"aps": {"alert": "x", "category": "five"}}"#.utf8)).payload)
        let full = builder.card(for: payload, context: .default)
        #expect(full.hiddenActions.map(\.identifier) == ["five-a10", "five-a11"])
        #expect(full.findings.map(\.rule) == ["too-many-actions"] && full.findings.map(\.severity) == [.warning])
        let minimal = builder.card(for: payload, context: .minimal)
        #expect(minimal.hiddenActions.count == 10 && minimal.hiddenActions.first?.identifier == "five-a2")
        // Banners and the minimal context showing two is what a manifest's note says too.
        #expect(minimal.findings.map(\.severity) == [.note])
        #expect(builder.card(for: payload, state: .banner).findings.isEmpty)
    }
}

extension TooManyActionsTests {
    @Test func iOS8CategoriesKeepTheirFourAndiOS10OnesShowTen() throws {
        // Five actions: a note for an iOS 10 category (banners show two), a warning for an iOS 8 one.
        let actions = (0..<5).map { "UNNotificationAction(identifier: \"a\($0)\", title: \"A\", options: [])" }
        let legacy = (0..<5).map { "let l\($0) = UIMutableUserNotificationAction(); l\($0).identifier = \"l\($0)\"" }
        let fixture = try LintFixture([
            "App/Modern.swift": """
            import UserNotifications
            func register() {
                let c = UNNotificationCategory(identifier: "modern", actions: [\(actions.joined(separator: ", "))], intentIdentifiers: [], options: [])
                UNUserNotificationCenter.current().setNotificationCategories([c])
            }
            """,
            "App/Legacy.swift": """
            import UIKit
            func registerLegacy() {
                \(legacy.joined(separator: "\n    "))
                let c = UIMutableUserNotificationCategory()
                c.identifier = "legacy"
                c.setActions([l0, l1, l2, l3, l4], for: .default)
                UIApplication.shared.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert], categories: [c]))
            }
            """,
        ])
        let findings = fixture.findings("too-many-actions")
        let modern = findings.filter { $0.file?.hasSuffix("Modern.swift") == true }
        let legacyFindings = findings.filter { $0.file?.hasSuffix("Legacy.swift") == true }
        #expect(modern.map(\.severity) == [.note], "\(findings)")
        #expect(legacyFindings.contains { $0.severity == .warning }, "\(findings)")
    }
}
