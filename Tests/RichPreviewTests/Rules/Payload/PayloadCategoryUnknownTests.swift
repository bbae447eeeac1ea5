import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PayloadCategoryUnknown`: a case that triggers the rule and a near miss that must not.
struct PayloadCategoryUnknownTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "c.json": Samples.manifest(["image_category"]),
            "push.json": #"{"aps": {"alert": "x", "category": "imagecategory"}}"#,
        ])
        let findings = fixture.findings("payload-category-unknown")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "image_category" && findings.first?.severity == .error)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "c.json": Samples.manifest(["image_category"]),
            "push.json": #"{"aps": {"alert": "x", "category": "image_category"}}"#,
        ])
        #expect(fixture.findings("payload-category-unknown").isEmpty, "\(fixture.findings("payload-category-unknown"))")
    }

    /// The card of `payload` built from the manifest `manifest` (none: no categories given).
    static func cardFindings(_ payload: String, manifest: String?) throws -> [Finding] {
        let categories = try manifest.map { try #require(CategoryManifest.check(Data($0.utf8)).manifest) }
        let decoded = try #require(PayloadDecoder().check(Data(payload.utf8), file: "push.json").payload)
        let builder = NotificationCardBuilder(
            categories: categories ?? CategoryManifest(), extensions: ExtensionRegistry([]))
        return builder.card(for: decoded, file: "push.json").findings
    }

    @Test func aCardOfAnUnregisteredCategoryIsTheSameFinding() throws {
        let payload = #"{"aps": {"alert": "x", "category": "imagecategory"}}"#
        let given = try Self.cardFindings(payload, manifest: Samples.manifest(["image_category"]))
        #expect(given.map(\.rule) == ["payload-category-unknown"] && given.map(\.severity) == [.error])
        #expect(given.first?.suggestion == "image_category" && given.first?.keyPath == "aps.category")
        // Without categories the app's are unknown: said, as a note.
        let none = try Self.cardFindings(payload, manifest: nil)
        #expect(none.map(\.rule) == ["payload-category-unknown"] && none.map(\.severity) == [.note])
        let registered = #"{"aps": {"alert": "x", "category": "image_category"}}"#
        #expect(try Self.cardFindings(registered, manifest: Samples.manifest(["image_category"])).isEmpty)
    }
}
