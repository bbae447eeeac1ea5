import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TextInputMismatch`: a case that triggers the rule and a near miss that must not.
struct TextInputMismatchTests {
    static func responder() throws -> NotificationResponder {
        let manifest = try CategoryManifest.parse(
            Data(
                #"{"categories": [{"identifier": "chat", "actions": [{"identifier": "reply", "title": "Reply", "textInput": {"buttonTitle": "Send"}}, {"identifier": "like", "title": "Like"}], "contexts": {"default": ["reply"]}}]}"#
                    .utf8),
            file: "c.json")
        return NotificationResponder(categories: manifest, extensions: ExtensionRegistry([]))
    }

    static func rule(_ category: String, _ action: String, text: String? = nil) throws -> String? {
        do {
            _ = try responder().respond(category: category, action: action, text: text)
            return nil
        } catch let error as ResponseError {
            return error.finding.rule
        }
    }

    @Test func triggers() throws {
        #expect(try Self.rule("chat", "reply") == "text-input-mismatch")
        #expect(try Self.rule("chat", "default", text: "hi") == "text-input-mismatch")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try Self.rule("chat", "reply", text: "hi") == nil)
    }
}
