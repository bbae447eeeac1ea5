import Foundation
import RichPreview
import Testing

/// The payload rules that warn, matched on their rule ids, key paths and suggestions.
struct PayloadWarningTests {
    static func warnings(_ json: String, pushType: PushType? = nil) -> [Finding] {
        let report = PayloadDecoder(pushType: pushType).check(Data(json.utf8), file: "w.json")
        #expect(report.isValid, "\(report.errors)")
        return report.warnings
    }

    @Test(arguments: [
        ("mutable_content", "mutable-content"), ("content_available", "content-available"), ("thread_id", "thread-id"),
        ("interruption_level", "interruption-level"), ("threadId", "thread-id"), ("categroy", "category"),
        ("Badge", "badge"), ("relevance_score", "relevance-score"), ("thread", "thread-id"),
    ])
    func unknownAPSKeysSuggestTheRealOne(typo: String, meant: String) throws {
        let warnings = Self.warnings(#"{"aps": {"alert": "x", "\#(typo)": 1}}"#)
        let warning = try #require(warnings.first { $0.keyPath == "aps.\(typo)" })
        #expect(warning.rule == "aps-unknown-key")
        #expect(warning.suggestion == meant)
        #expect(warning.file == "w.json")
    }

    @Test func unknownKeysWithoutAnyLikeKeyHaveNoSuggestion() throws {
        let warning = try #require(Self.warnings(#"{"aps": {"alert": "x", "acme": 1}}"#).first)
        #expect(warning.rule == "custom-key-in-aps" && warning.suggestion == nil)
    }

    @Test func keysInTheWrongDictionaryPointToTheRightOne() throws {
        let warnings = Self.warnings(
            #"{"aps": {"title": "T", "alert": {"body": "b", "sound": "default", "link_url": "x"}}}"#)
        let found = warnings.map { [$0.rule, $0.keyPath ?? "", $0.suggestion ?? "-"] }
        #expect(found.contains(["aps-unknown-key", "aps.title", "aps.alert.title"]))
        #expect(found.contains(["alert-unknown-key", "aps.alert.sound", "aps.sound"]))
        #expect(found.contains(["alert-unknown-key", "aps.alert.link_url", "-"]))
    }

    @Test func fcmStyleTopLevelKeysPointIntoAPS() throws {
        let warnings = Self.warnings(
            #"{"aps": {"alert": "x"}, "content_available": true, "mutable_content": 1, "offer_id": "1"}"#)
        #expect(warnings.compactMap(\.keyPath).sorted() == ["content_available", "mutable_content"])
        #expect(
            warnings.contains { $0.rule == "aps-key-outside-aps" && $0.suggestion == "aps.content-available" })
    }

    @Test func flagsGivenAsBooleansWarnAndCount() throws {
        let report = PayloadDecoder().check(Data(#"{"aps": {"content-available": true}}"#.utf8), file: "f")
        #expect(report.warnings.map { [$0.rule, $0.keyPath] } == [["aps-type", "aps.content-available"]])
        #expect(report.warnings.first?.severity == .warning)
        #expect(report.payload?.isSilent == true)
    }

    @Test func contentAvailableWithVisibleContentIsNotSilent() throws {
        let warnings = Self.warnings(#"{"aps": {"content-available": 1, "alert": "x", "sound": "default"}}"#)
        #expect(warnings.map { [$0.rule, $0.keyPath] } == [["silent-with-alert", "aps.content-available"]])
        #expect(warnings.first?.message.hasPrefix("content-available with alert, sound") == true)
    }

    @Test(arguments: [
        #"{"aps": {"mutable-content": 1}}"#,
        #"{"aps": {"mutable-content": 1, "badge": 1}}"#,
        #"{"aps": {"mutable-content": 1, "alert": {}}}"#,
    ])
    func mutableContentWithoutAlertWarns(json: String) {
        #expect(
            Self.warnings(json).contains {
                $0.rule == "mutable-content-no-alert" && $0.keyPath == "aps.mutable-content"
            })
    }

    @Test func titleWithoutBodyWarns() {
        #expect(Self.warnings(#"{"aps": {"alert": {"title": "T"}}}"#).map(\.rule) == ["alert-title-without-body"])
        #expect(Self.warnings(#"{"aps": {"alert": {"title": "T", "loc-key": "K"}}}"#).isEmpty)
    }

    @Test func locArgsWithoutTheirKeyWarn() {
        #expect(
            Self.warnings(#"{"aps": {"alert": {"body": "b", "loc-args": ["x"]}}}"#).map { [$0.rule, $0.keyPath] } == [
                ["loc-args-without-key", "aps.alert.loc-args"]
            ])
    }

    @Test func pushTypeMismatchesWarnOnlyWhenTheTypeIsGiven() {
        let visibleBackground = Self.warnings(#"{"aps": {"alert": "x"}}"#, pushType: .background)
        #expect(visibleBackground.count == 2)
        #expect(
            visibleBackground.allSatisfy {
                $0.rule == "push-type-mismatch" && $0.message.hasSuffix("(push type background)")
            })
        let silentAlert = Self.warnings(#"{"aps": {"content-available": 1}}"#, pushType: .alert)
        #expect(silentAlert.count == 1)
        #expect(Self.warnings(#"{"aps": {"content-available": 1}}"#).isEmpty)
        #expect(Self.warnings(#"{"aps": {"content-available": 1}}"#, pushType: .background).isEmpty)
    }

    @Test func cleanPayloadsHaveNoWarnings() {
        #expect(
            Self.warnings(
                #"{"aps": {"alert": {"title": "T", "body": "B"}, "badge": 1, "sound": "default", "category": "c", "mutable-content": 1}, "id": "x"}"#
            ).isEmpty)
    }
}
