import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `NotAuthorized`: a case that triggers the rule and a near miss that must not.
struct NotAuthorizedTests {
    static func receive(_ json: String, authorization: AuthorizationOptions = .all) -> NotificationCenterError? {
        var center = UserNotificationCenter(now: Date(timeIntervalSinceReferenceDate: 0), authorization: authorization)
        guard let payload = PayloadDecoder().check(Data(json.utf8), file: "p").payload else { return nil }
        do {
            _ = try center.receive(payload, pushType: .alert)
            return nil
        } catch {
            return error
        }
    }

    @Test func triggers() {
        #expect(Self.receive(#"{"aps": {"alert": "x"}}"#, authorization: [.badge])?.finding.rule == "not-authorized")
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(Self.receive(#"{"aps": {"alert": "x"}}"#, authorization: [.alert]) == nil)
    }
}
