import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActionUnknown`: a case that triggers the rule and a near miss that must not.
struct ActionUnknownTests {
    @Test func triggers() throws {
        #expect(try ResponseRuleFixture.rule("chat", "replies", text: "hi") == "action-unknown")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try ResponseRuleFixture.rule("chat", "default") == nil)
    }
}
