import Foundation
import RichPreview
import Testing

/// Airship push objects mapped to the APNs request Airship documents for them, field by field.
struct AirshipMessageTests {
    /// A push whose `notification.ios` holds `fields`, as `FieldMapping` reads it.
    static func ios(_ fields: String, payload: String, headers: PushHeaders = PushHeaders()) -> FieldMapping {
        FieldMapping(
            fields: #""notification": {"alert": "A", "ios": {\#(fields)}}"#, payload: payload, headers: headers)
    }

    static let base = #""audience": {"named_user": "u1"}, "device_types": ["ios"]"#

    static let fields: [FieldMapping] = [
        .init(fields: #""notification": {"alert": "A"}"#, payload: #"{"aps": {"alert": "A"}}"#),
        ios(#""alert": "Only iOS""#, payload: #"{"aps": {"alert": "Only iOS"}}"#),
        ios(#""alert": {"title": "T", "body": "AB"}"#, payload: #"{"aps": {"alert": {"title": "T", "body": "AB"}}}"#),
        ios(#""title": "T""#, payload: #"{"aps": {"alert": {"title": "T", "body": "A"}}}"#),
        ios(#""subtitle": "S""#, payload: #"{"aps": {"alert": {"subtitle": "S", "body": "A"}}}"#),
        ios(
            #""alert": {"body": "AB", "subtitle": "Mine"}, "subtitle": "Ignored""#,
            payload: #"{"aps": {"alert": {"body": "AB", "subtitle": "Mine"}}}"#),
        ios(#""badge": 4"#, payload: #"{"aps": {"alert": "A", "badge": 4}}"#),
        ios(#""sound": "bell.caf""#, payload: #"{"aps": {"alert": "A", "sound": "bell.caf"}}"#),
        ios(#""content-available": true"#, payload: #"{"aps": {"alert": "A", "content-available": 1}}"#),
        ios(#""mutable_content": true"#, payload: #"{"aps": {"alert": "A", "mutable-content": 1}}"#),
        ios(#""category": "news""#, payload: #"{"aps": {"alert": "A", "category": "news"}}"#),
        ios(
            #""interactive": {"type": "ua_yes_no_foreground"}"#,
            payload: #"{"aps": {"alert": "A", "category": "ua_yes_no_foreground"}}"#),
        ios(#""thread_id": "t1""#, payload: #"{"aps": {"alert": "A", "thread-id": "t1"}}"#),
        ios(
            #""interruption_level": "time-sensitive""#,
            payload: #"{"aps": {"alert": "A", "interruption-level": "time-sensitive"}}"#),
        ios(#""relevance_score": 0.25"#, payload: #"{"aps": {"alert": "A", "relevance-score": 0.25}}"#),
        ios(#""target_content_id": "c2""#, payload: #"{"aps": {"alert": "A", "target-content-id": "c2"}}"#),
        ios(
            #""media_attachment": {"url": "https://cdn.example/m.png", "options": {"crop": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#,
            payload: #"""
                {"aps": {"alert": "A", "mutable-content": 1},
                 "com.urbanairship.media_attachment": {"url": ["https://cdn.example/m.png"],
                                                       "options": {"crop": {"x": 0, "y": 0, "width": 1, "height": 1}}}}
                """#),
        ios(#""extra": {"story": "42", "n": 1}"#, payload: #"{"aps": {"alert": "A"}, "story": "42", "n": 1}"#),
        ios(
            #""expiry": "2026-12-07T10:00:00Z""#, payload: #"{"aps": {"alert": "A"}}"#,
            headers: PushHeaders(expiration: 1_796_637_600)),
        ios(#""expiry": 0"#, payload: #"{"aps": {"alert": "A"}}"#, headers: PushHeaders(expiration: 0)),
        ios(#""priority": 5"#, payload: #"{"aps": {"alert": "A"}}"#, headers: PushHeaders(priority: 5)),
        ios(
            #""collapse_id": "score""#, payload: #"{"aps": {"alert": "A"}}"#, headers: PushHeaders(collapseID: "score")),
    ]

    @Test(arguments: fields) func eachFieldMaps(_ field: FieldMapping) throws {
        try field.check(base: Self.base)
    }

    @Test func expiryInSecondsIsCountedFromTheSendTime() throws {
        let (request, _, findings) = try ProviderMapping.request(
            #"{"audience": "all", "device_types": "all", "notification": {"alert": "A"}, "options": {"expiry": 3600}}"#)
        #expect(request.headers.expiration == nil)
        #expect(findings.contains { $0.rule == "provider-mapping-assumed" && $0.keyPath == "options.expiry" })
    }

    @Test func theMediaURLIsFoundAtItsField() throws {
        let report = PayloadDecoder().preflight(
            Data(
                #"{"audience": "all", "device_types": "all", "notification": {"ios": {"alert": "A", "media_attachment": {"url": "http://cdn.example/m.jpg"}}}}"#
                    .utf8))
        let insecure = try #require(report.findings.first { $0.rule == "attachment-insecure-url" })
        #expect(insecure.keyPath == "notification.ios.media_attachment.url")
    }

    @Test func anOddPriorityIsAProblem() {
        let report = PayloadDecoder().check(
            Data(
                #"{"audience": "all", "device_types": "all", "notification": {"ios": {"alert": "A", "priority": 7}}}"#
                    .utf8))
        #expect(report.errors.first?.keyPath == "notification.ios.priority")
    }

    @Test(arguments: [
        #"{"audience": "all", "notification": {"alert": "A"}}"#,
        #"{"audience": "all", "device_types": "all", "notification": "A"}"#,
        #"{"audience": {"tag": "x"}, "device_types": 3, "notification": {"alert": "A"}}"#,
    ])
    func nearMissesAreNotReadAsAirship(_ json: String) {
        let report = PayloadDecoder().check(Data(json.utf8))
        #expect(report.provider == .apns)
        #expect(report.errors.contains { $0.rule == "provider-message-invalid" && $0.message.contains("Airship") })
    }
}
