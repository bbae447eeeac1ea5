import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PushTypeMismatch`: a case that triggers the rule and a near miss that must not.
struct PushTypeMismatchTests {
    @Test func triggers() {
        let report = PayloadDecoder(pushType: .background).check(
            Data(#"{"aps": {"alert": "x", "content-available": 1}}"#.utf8), file: "p")
        #expect(report.findings.contains { $0.rule == "push-type-mismatch" })
    }

    @Test func nearMissDoesNotTrigger() {
        let report = PayloadDecoder(pushType: .background).check(
            Data(#"{"aps": {"content-available": 1}}"#.utf8), file: "p")
        #expect(!report.findings.contains { $0.rule == "push-type-mismatch" })
    }
}
