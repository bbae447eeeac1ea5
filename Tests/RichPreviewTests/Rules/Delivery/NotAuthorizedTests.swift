import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `NotAuthorized`: a case that triggers the rule and a near miss that must not.
struct NotAuthorizedTests {
    /// The findings about a push of `json` received as `pushType` by a center with `authorization`.
    static func receive(
        _ json: String, pushType: PushType = .alert, authorization: AuthorizationOptions = .all
    ) throws -> [Finding] {
        var center = UserNotificationCenter(now: Date(timeIntervalSinceReferenceDate: 0), authorization: authorization)
        let payload = try #require(PayloadDecoder().check(Data(json.utf8), file: "p").payload)
        do {
            return try center.receive(payload, pushType: pushType).findings(file: "p")
        } catch {
            return [error.finding(file: "p")]
        }
    }

    @Test func triggers() throws {
        let remote = try Self.receive(#"{"aps": {"alert": "x"}}"#, authorization: [.badge])
        #expect(remote.map(\.rule) == ["not-authorized"] && remote.map(\.severity) == [.note])
        #expect(remote.first?.file == "p")
        let local = try Self.receive(#"{"aps": {"alert": "x"}}"#, pushType: .voip, authorization: [.badge])
        #expect(local.map(\.rule) == ["not-authorized"] && local.map(\.severity) == [.note] && local.first?.file == "p")
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try Self.receive(#"{"aps": {"alert": "x"}}"#, authorization: [.alert]).isEmpty)
    }
}
