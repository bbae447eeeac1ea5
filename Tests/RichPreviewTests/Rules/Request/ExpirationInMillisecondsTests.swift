import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ExpirationInMilliseconds`: an expiration in milliseconds; the same in seconds.
struct ExpirationInMillisecondsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "request.json": #"{"headers": {"apns-expiration": "1800000000000"}, "payload": {"aps": {"alert": "x"}}}"#
        ])
        let findings = fixture.findings("expiration-in-milliseconds")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.allSatisfy { $0.line != nil }, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "request.json": #"{"headers": {"apns-expiration": "1800000000"}, "payload": {"aps": {"alert": "x"}}}"#
        ])
        #expect(
            fixture.findings("expiration-in-milliseconds").isEmpty, "\(fixture.findings("expiration-in-milliseconds"))")
    }
}
