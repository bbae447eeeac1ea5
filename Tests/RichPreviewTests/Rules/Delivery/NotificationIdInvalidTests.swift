import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `NotificationIdInvalid`: a case that triggers the rule and a near miss that must not.
struct NotificationIdInvalidTests {
    /// The findings about a push of `json` received by a center that allows everything.
    static func receive(_ json: String) throws -> [Finding] {
        var center = UserNotificationCenter(now: Date(timeIntervalSinceReferenceDate: 0), authorization: .all)
        let payload = try #require(PayloadDecoder().check(Data(json.utf8), file: "p").payload)
        do {
            return try center.receive(payload, pushType: .alert).findings(file: "p")
        } catch {
            return [error.finding(file: "p")]
        }
    }

    @Test func triggers() throws {
        let findings = try Self.receive(#"{"aps": {"alert": "x"}, "id": 1.5}"#)
        #expect(findings.map(\.rule) == ["notification-id-invalid"])
        #expect(findings.first?.keyPath == "id" && findings.first?.severity == .error && findings.first?.file == "p")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try Self.receive(#"{"aps": {"alert": "x"}, "id": 15}"#).isEmpty)
    }
}
