import Foundation
import RichPreview
import Testing

/// Braze `apple_push` objects mapped to the APNs request Braze documents for them, field by field.
struct BrazeMessageTests {
    /// A messaging body whose `apple_push` holds `fields`, as `FieldMapping` reads it.
    static func push(_ fields: String, payload: String, headers: PushHeaders = PushHeaders()) -> FieldMapping {
        FieldMapping(
            fields: #""messages": {"apple_push": {"alert": "A", \#(fields)}}"#, payload: payload, headers: headers)
    }

    static let base = #""external_user_ids": ["u1"]"#

    static let fields: [FieldMapping] = [
        .init(fields: #""messages": {"apple_push": {"alert": "A"}}"#, payload: #"{"aps": {"alert": "A"}}"#),
        .init(
            fields: #"""
                "messages": {"apple_push": {"alert": {"title": "T", "body": "B", "title_loc_key": "TK",
                  "title_loc_args": ["x"], "action_loc_key": "AK", "loc_key": "LK", "loc_args": ["y"]}}}
                """#,
            payload: #"""
                {"aps": {"alert": {"title": "T", "body": "B", "title-loc-key": "TK", "title-loc-args": ["x"],
                                   "action-loc-key": "AK", "loc-key": "LK", "loc-args": ["y"]}}}
                """#),
        push(#""badge": 2"#, payload: #"{"aps": {"alert": "A", "badge": 2}}"#),
        push(#""sound": "default""#, payload: #"{"aps": {"alert": "A", "sound": "default"}}"#),
        push(#""extra": {"deal": "d1", "n": 2}"#, payload: #"{"aps": {"alert": "A"}, "deal": "d1", "n": 2}"#),
        push(#""category": "ab_cat_yes_no""#, payload: #"{"aps": {"alert": "A", "category": "ab_cat_yes_no"}}"#),
        push(
            #""asset_url": "https://cdn.example/b.png", "asset_file_type": "png""#,
            payload:
                #"{"aps": {"alert": "A", "mutable-content": 1}, "ab": {"att": {"url": "https://cdn.example/b.png", "type": "png"}}}"#
        ),
        push(#""content-available": true"#, payload: #"{"aps": {"alert": "A", "content-available": 1}}"#),
        push(#""mutable_content": true"#, payload: #"{"aps": {"alert": "A", "mutable-content": 1}}"#),
        push(
            #""expiry": "2026-12-07T10:00:00.000Z""#, payload: #"{"aps": {"alert": "A"}}"#,
            headers: PushHeaders(expiration: 1_796_637_600)),
        push(#""apns_priority": 5"#, payload: #"{"aps": {"alert": "A"}}"#, headers: PushHeaders(priority: 5)),
        push(#""collapse_id": "deal""#, payload: #"{"aps": {"alert": "A"}}"#, headers: PushHeaders(collapseID: "deal")),
        push(
            #""interruption_level": "critical""#, payload: #"{"aps": {"alert": "A", "interruption-level": "critical"}}"#
        ),
        push(#""relevance_score": 1.0"#, payload: #"{"aps": {"alert": "A", "relevance-score": 1.0}}"#),
        push(#""notification_group_thread_id": "deals""#, payload: #"{"aps": {"alert": "A", "thread-id": "deals"}}"#),
    ]

    @Test(arguments: fields) func eachFieldMaps(_ field: FieldMapping) throws {
        try field.check(base: Self.base)
    }

    @Test func aBareApplePushObjectIsRead() throws {
        let (_, payload, _) = try ProviderMapping.request(
            #"{"apple_push": {"alert": "A", "badge": 1}, "android_push": {"alert": "A"}}"#)
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"alert": "A", "badge": 1}}"#)))
    }

    @Test(arguments: ["ab", "aps"]) func extraMustNotHoldBrazesOwnKeys(_ key: String) throws {
        let report = PayloadDecoder().check(
            Data(#"{"messages": {"apple_push": {"alert": "A", "extra": {"\#(key)": {"x": 1}}}}}"#.utf8))
        let invalid = try #require(report.errors.first { $0.rule == "provider-message-invalid" })
        #expect(invalid.keyPath == "messages.apple_push.extra.\(key)")
    }

    @Test func anAssetNeedsItsFileType() {
        let report = PayloadDecoder().check(
            Data(#"{"messages": {"apple_push": {"alert": "A", "asset_url": "https://cdn.example/b.png"}}}"#.utf8))
        #expect(report.errors.first?.keyPath == "messages.apple_push.asset_url")
    }

    @Test(arguments: [
        #"{"messages": {"android_push": {"alert": "A"}}, "external_user_ids": ["u"]}"#,
        #"{"apple_push": {"alert": "A"}, "user": "u"}"#,
        #"{"messages": [{"apple_push": {"alert": "A"}}], "external_user_ids": ["u"]}"#,
    ])
    func nearMissesAreNotReadAsBraze(_ json: String) {
        let report = PayloadDecoder().check(Data(json.utf8))
        #expect(report.provider == .apns)
        #expect(report.errors.contains { $0.rule == "provider-message-invalid" && $0.message.contains("Braze") })
    }
}
