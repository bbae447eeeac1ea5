import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TextInputMismatch`: a case that triggers the rule and a near miss that must not.
struct TextInputMismatchTests {
    @Test func triggers() throws {
        #expect(try ResponseRuleFixture.rule("chat", "reply") == "text-input-mismatch")
        #expect(try ResponseRuleFixture.rule("chat", "default", text: "hi") == "text-input-mismatch")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try ResponseRuleFixture.rule("chat", "reply", text: "hi") == nil)
    }
}
