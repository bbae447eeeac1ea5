import Foundation
import RichPreview

/// The response rules' shared case: a `chat` category with a text-input `reply` (the only action in
/// the default context) and a `like` action, and no content extension.
enum ResponseRuleFixture {
    static func responder() throws -> NotificationResponder {
        let manifest = try CategoryManifest.parse(
            Data(
                #"{"categories": [{"identifier": "chat", "actions": [{"identifier": "reply", "title": "Reply", "textInput": {"buttonTitle": "Send"}}, {"identifier": "like", "title": "Like"}], "contexts": {"default": ["reply"]}}]}"#
                    .utf8),
            file: "c.json")
        return NotificationResponder(categories: manifest, extensions: ExtensionRegistry([]))
    }

    /// The rule of the error answering `action` on `category` (with `text`), or nil when it is answered.
    static func rule(_ category: String, _ action: String, text: String? = nil) throws -> String? {
        do {
            _ = try responder().respond(category: category, action: action, text: text)
            return nil
        } catch let error as ResponseError {
            return error.finding.rule
        }
    }
}
