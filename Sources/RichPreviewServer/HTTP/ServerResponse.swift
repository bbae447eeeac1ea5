import Foundation
import RichPreview

/// An answer: status, headers and body.
struct ServerResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data
    /// The problem's kind for the request log, for an error answer.
    var problemKind: String?

    init(status: Int, contentType: String, body: Data, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// `value` as JSON, written as the command line's `--json` writes it.
    static func json<Value: Encodable>(_ value: Value, status: Int = 200) -> ServerResponse {
        let text: String
        do {
            text = try ReportJSON.encode(value)
        } catch {
            return problem(500, "internal", "the answer could not be written as JSON: \(error)")
        }
        return ServerResponse(status: status, contentType: "application/json", body: Data(text.utf8))
    }

    /// An error answer: `{"error": {"status", "kind", "message"}}`, with more fields when given.
    static func problem(
        _ status: Int, _ kind: String, _ message: String, headers: [(name: String, value: String)] = []
    ) -> ServerResponse {
        var response = json(ProblemBody(error: Problem(status: status, kind: kind, message: message)), status: status)
        response.headers += headers
        response.problemKind = kind
        return response
    }

    /// An error answer that also carries the findings behind it.
    static func problem(_ status: Int, _ kind: String, _ message: String, findings: [Finding]) -> ServerResponse {
        var response = json(
            ProblemBody(error: Problem(status: status, kind: kind, message: message, findings: findings)),
            status: status)
        response.problemKind = kind
        return response
    }

    /// Plain text.
    static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> ServerResponse
    {
        ServerResponse(status: status, contentType: contentType, body: Data(text.utf8))
    }
}

/// The JSON body of an error answer.
struct ProblemBody: Encodable {
    var error: Problem
}

/// What went wrong: the status, a stable kind (`body-too-large`, `queue-full`, …), one line for
/// people, and the findings when the error comes from checking the input.
struct Problem: Encodable {
    var status: Int
    var kind: String
    var message: String
    var findings: [Finding]? = nil
}
