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
}
