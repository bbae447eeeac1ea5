import Foundation
import RichPreview
import Testing

/// `PayloadDecoder.preflight` runs at send time every rule that needs only the payload, and
/// `encode` gives the bytes APNs counts.
struct PayloadPreflightTests {
    @Test func anInsecureAttachmentURLAndAMissingMutableContentAreFoundFromTheBytesAlone() {
        let data = Data(#"{"aps": {"alert": "New photo"}, "attachment-url": "http://cdn.example.com/a.jpg"}"#.utf8)
        let report = PayloadDecoder().preflight(data)
        let rules = Set(report.findings.map(\.rule))
        #expect(rules.isSuperset(of: ["mutable-content-missing", "attachment-insecure-url"]), "\(rules)")
        #expect(report.findings.first { $0.rule == "attachment-insecure-url" }?.line == 1)
        // `check` alone leaves the URL's own rules to the project.
        #expect(!PayloadDecoder().check(data).findings.contains { $0.rule == "attachment-insecure-url" })
        let secure = Data(
            #"{"aps": {"alert": "New photo", "mutable-content": 1}, "attachment-url": "https://cdn.example.com/a.jpg"}"#
                .utf8)
        #expect(PayloadDecoder().preflight(secure).findings.allSatisfy { $0.severity != .error })
    }

    @Test func aPayloadIsEncodedAsAPNsCountsIt() throws {
        let data = Data(
            #"{"aps": {"alert": {"title": "A/B", "body": "https://example.com/x/y/z"}, "mutable-content": 1}, "image": "https://cdn.example.com/p/q.jpg"}"#
                .utf8)
        let payload = try #require(PayloadDecoder().check(data).payload)
        let (bytes, report) = try PayloadDecoder().encode(payload)
        #expect(!String(decoding: bytes, as: UTF8.self).contains(#"\/"#), "no escaped slashes")
        let plain = try JSONEncoder().encode(payload)
        #expect(bytes.count < plain.count, "\(bytes.count) against \(plain.count)")
        #expect(try #require(PayloadDecoder().check(bytes).payload) == payload)
        #expect(report.findings.allSatisfy { $0.severity != .error }, "\(report.findings)")
    }
}
