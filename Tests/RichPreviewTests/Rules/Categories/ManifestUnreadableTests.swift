import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ManifestUnreadable`: a case that triggers the rule and a near miss that must not.
struct ManifestUnreadableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["categories.json": #"{"categories": [{"identifier": "a",}"#])
        let findings = fixture.findings("manifest-unreadable")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["categories.json": Samples.manifest(["a"])])
        #expect(fixture.findings("manifest-unreadable").isEmpty, "\(fixture.findings("manifest-unreadable"))")
    }

    /// An app's own test data with "categories" of its own (a product list, a trailing comma, a
    /// top-level array) is not a manifest: no finding.
    @Test func testDataWithCategoriesOfItsOwnIsNotAManifest() throws {
        let fixture = try LintFixture([
            "Tests/Responses/product.json":
                #"{"product": {"categories": [{"id": 3, "name": "Toys", "slug": "toys"},]}}"#,
            "Tests/Responses/products.json": #"[{"id": 1, "categories": [{"id": 3, "name": "Toys"}]}]"#,
        ])
        let found = fixture.findings("manifest-unreadable") + fixture.findings("manifest-invalid")
        #expect(found.isEmpty, "\(found)")
    }
}
