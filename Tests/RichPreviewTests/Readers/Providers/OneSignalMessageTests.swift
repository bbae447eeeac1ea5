import Foundation
import RichPreview
import Testing

/// OneSignal create-notification bodies mapped to the APNs request OneSignal documents for them,
/// field by field.
struct OneSignalMessageTests {
    static let base =
        #""app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["Active"], "contents": {"en": "B"}"#

    static let fields: [FieldMapping] = [
        .init(fields: #""headings": {"en": "T"}"#, payload: #"{"aps": {"alert": {"title": "T", "body": "B"}}}"#),
        .init(fields: #""subtitle": {"en": "S"}"#, payload: #"{"aps": {"alert": {"subtitle": "S", "body": "B"}}}"#),
        .init(
            fields: #""ios_attachments": {"pic": "https://cdn.example/p.jpg"}"#,
            payload:
                #"{"aps": {"alert": {"body": "B"}, "mutable-content": 1}, "att": {"pic": "https://cdn.example/p.jpg"}}"#
        ),
        .init(
            fields: #""mutable_content": true"#, payload: #"{"aps": {"alert": {"body": "B"}, "mutable-content": 1}}"#),
        .init(
            fields: #""content_available": true"#,
            payload: #"{"aps": {"alert": {"body": "B"}, "content-available": 1}}"#
        ),
        .init(fields: #""ios_category": "reply""#, payload: #"{"aps": {"alert": {"body": "B"}, "category": "reply"}}"#),
        .init(
            fields: #""buttons": [{"id": "yes", "text": "Yes"}, {"id": "no", "text": "No", "icon": "xmark"}]"#,
            payload:
                #"{"aps": {"alert": {"body": "B"}}, "buttons": [{"i": "yes", "n": "Yes"}, {"i": "no", "n": "No"}]}"#),
        .init(fields: #""ios_sound": "ping.caf""#, payload: #"{"aps": {"alert": {"body": "B"}, "sound": "ping.caf"}}"#),
        .init(
            fields: #""ios_badgeType": "SetTo", "ios_badgeCount": 3"#,
            payload: #"{"aps": {"alert": {"body": "B"}, "badge": 3}}"#),
        .init(
            fields: #""ios_badgeType": "Increase", "ios_badgeCount": 1"#,
            payload: #"{"aps": {"alert": {"body": "B"}}, "custom": {"badge_inc": 1}}"#),
        .init(fields: #""thread_id": "chat""#, payload: #"{"aps": {"alert": {"body": "B"}, "thread-id": "chat"}}"#),
        .init(
            fields: #""ios_interruption_level": "passive""#,
            payload: #"{"aps": {"alert": {"body": "B"}, "interruption-level": "passive"}}"#),
        .init(
            fields: #""ios_relevance_score": 0.5"#,
            payload: #"{"aps": {"alert": {"body": "B"}, "relevance-score": 0.5}}"#
        ),
        .init(
            fields: #""data": {"order": 7, "kind": "ship"}"#,
            payload: #"{"aps": {"alert": {"body": "B"}}, "custom": {"a": {"order": 7, "kind": "ship"}}}"#),
        .init(
            fields: #""collapse_id": "order-7""#, payload: #"{"aps": {"alert": {"body": "B"}}}"#,
            headers: PushHeaders(collapseID: "order-7")),
        .init(
            fields: #""priority": 5"#, payload: #"{"aps": {"alert": {"body": "B"}}}"#, headers: PushHeaders(priority: 5)
        ),
        .init(
            fields: #""priority": 10"#, payload: #"{"aps": {"alert": {"body": "B"}}}"#,
            headers: PushHeaders(priority: 10)),
        .init(
            fields: #""apns_push_type_override": "voip""#, payload: #"{"aps": {"alert": {"body": "B"}}}"#,
            headers: PushHeaders(pushType: "voip")),
        .init(fields: #""big_picture": "https://cdn.example/big.jpg""#, payload: #"{"aps": {"alert": {"body": "B"}}}"#),
    ]

    @Test(arguments: fields) func eachFieldMaps(_ field: FieldMapping) throws {
        try field.check(base: Self.base)
    }

    @Test func englishIsTakenFromSeveralLanguagesAndSaidSo() throws {
        let (_, payload, findings) = try ProviderMapping.request(
            #"{"app_id": "a", "include_aliases": {"external_id": ["u1"]}, "contents": {"fr": "Bonjour", "en": "Hello", "de": "Hallo"}}"#
        )
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"alert": {"body": "Hello"}}}"#)))
        let note = try #require(findings.first { $0.rule == "provider-mapping-assumed" })
        #expect(note.keyPath == "contents")
        #expect(note.message.contains("'en'"))
    }

    @Test func withoutEnglishTheFirstSortedLanguageIsTaken() throws {
        let (_, payload, findings) = try ProviderMapping.request(
            #"{"app_id": "a", "included_segments": ["All"], "contents": {"fr": "Bonjour", "de": "Hallo"}}"#)
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"alert": {"body": "Hallo"}}}"#)))
        #expect(findings.contains { $0.rule == "provider-mapping-assumed" && $0.message.contains("'de'") })
    }

    @Test func aChosenLanguageIsTaken() throws {
        let (_, payload, findings) = try ProviderMapping.request(
            #"{"app_id": "a", "included_segments": ["All"], "headings": {"en": "Hi", "fr": "Salut"}, "contents": {"en": "Hello", "fr": "Bonjour"}}"#,
            language: "fr")
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"alert": {"title": "Salut", "body": "Bonjour"}}}"#)))
        #expect(!findings.contains { $0.rule == "provider-mapping-assumed" })
    }

    @Test func theImageIsFoundAtItsField() throws {
        let report = PayloadDecoder().preflight(
            Data(
                #"{"app_id": "a", "included_segments": ["All"], "contents": {"en": "B"}, "ios_attachments": {"p": "http://cdn.example/p.jpg"}}"#
                    .utf8))
        let insecure = try #require(report.findings.first { $0.rule == "attachment-insecure-url" })
        #expect(insecure.keyPath == "ios_attachments.p")
        #expect(!report.findings.contains { $0.rule == "mutable-content-missing" })
    }

    @Test func aBodyWithoutATargetIsNamedAsOneSignals() {
        let report = PayloadDecoder().check(Data(#"{"app_id": "a", "contents": {"en": "B"}}"#.utf8))
        let error = report.errors.first
        #expect(error?.rule == "provider-message-invalid")
        #expect(error?.message.contains("OneSignal") == true)
    }

    @Test(arguments: [
        #"{"app_id": "a", "name": "Demo", "aps": {"alert": "x"}}"#,
        #"{"app_id": "a", "included_segments": ["All"], "contents": "Hello"}"#,
        #"{"app_id": 7, "included_segments": ["All"], "contents": {"en": "Hello"}}"#,
        #"{"app_id": "a", "included_segments": ["All"], "url": "https://example.com"}"#,
    ])
    func nearMissesAreNotReadAsOneSignal(_ json: String) {
        let report = PayloadDecoder().check(Data(json.utf8))
        #expect(report.provider == .apns)
        #expect(report.messageCount == 1)
    }

    @Test func aWrongBadgeTypeIsAProblem() {
        let report = PayloadDecoder().check(
            Data(
                #"{"app_id": "a", "included_segments": ["All"], "contents": {"en": "B"}, "ios_badgeType": "Add", "ios_badgeCount": 1}"#
                    .utf8))
        #expect(report.errors.first?.keyPath == "ios_badgeType")
    }
}
