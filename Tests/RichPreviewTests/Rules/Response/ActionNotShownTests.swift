import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActionNotShown`: a case that triggers the rule and a near miss that must not.
struct ActionNotShownTests {
    @Test func triggers() throws {
        #expect(try ResponseRuleFixture.rule("chat", "like") == "action-not-shown")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try ResponseRuleFixture.rule("chat", "reply", text: "hi") == nil)
    }
}
