import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryUnregistered`: a case that triggers the rule and a near miss that must not.
struct CategoryUnregisteredTests {
    @Test func triggers() throws {
        #expect(try ResponseRuleFixture.rule("chats", "reply", text: "hi") == "category-unregistered")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try ResponseRuleFixture.rule("chat", "reply", text: "hi") == nil)
    }
}
