import Foundation
import RichPreview
import Testing

struct PayloadWarningTests {
    static func warnings(_ json: String, pushType: PushType? = nil) -> [PayloadWarning] {
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
        #expect(warning.kind == .unknownKey(suggestion: meant))
        #expect(warning.suggestion == meant)
        #expect(warning.file == "w.json")
    }

    @Test func unknownKeysWithoutAnyLikeKeyHaveNoSuggestion() throws {
        let warning = try #require(Self.warnings(#"{"aps": {"alert": "x", "acme": 1}}"#).first)
        #expect(warning.kind == .unknownKey(suggestion: nil))
    }

    @Test func keysInTheWrongDictionaryPointToTheRightOne() throws {
        let warnings = Self.warnings(
            #"{"aps": {"title": "T", "alert": {"body": "b", "sound": "default", "link_url": "x"}}}"#)
        #expect(
            warnings.contains(
                PayloadWarning(file: "w.json", keyPath: "aps.title", kind: .unknownKey(suggestion: "aps.alert.title"))))
        #expect(
            warnings.contains(
                PayloadWarning(file: "w.json", keyPath: "aps.alert.sound", kind: .unknownKey(suggestion: "aps.sound"))))
        #expect(
            warnings.contains(
                PayloadWarning(file: "w.json", keyPath: "aps.alert.link_url", kind: .unknownKey(suggestion: nil))))
    }

    @Test func fcmStyleTopLevelKeysPointIntoAPS() throws {
        let warnings = Self.warnings(
            #"{"aps": {"alert": "x"}, "content_available": true, "mutable_content": 1, "offer_id": "1"}"#)
        #expect(warnings.map(\.keyPath).sorted() == ["content_available", "mutable_content"])
        #expect(warnings.contains { $0.kind == .apsKeyOutsideAPS(suggestion: "aps.content-available") })
    }

    @Test func flagsGivenAsBooleansWarnAndCount() throws {
        let report = PayloadDecoder().check(Data(#"{"aps": {"content-available": true}}"#.utf8), file: "f")
        #expect(
            report.warnings == [PayloadWarning(file: "f", keyPath: "aps.content-available", kind: .flagAsBoolean(true))]
        )
        #expect(report.payload?.isSilent == true)
    }

    @Test func contentAvailableWithVisibleContentIsNotSilent() throws {
        let warnings = Self.warnings(#"{"aps": {"content-available": 1, "alert": "x", "sound": "default"}}"#)
        #expect(
            warnings == [
                PayloadWarning(
                    file: "w.json", keyPath: "aps.content-available",
                    kind: .contentAvailableWithVisibleContent(keys: ["alert", "sound"]))
            ])
    }

    @Test(arguments: [
        #"{"aps": {"mutable-content": 1}}"#,
        #"{"aps": {"mutable-content": 1, "badge": 1}}"#,
        #"{"aps": {"mutable-content": 1, "alert": {}}}"#,
    ])
    func mutableContentWithoutAlertWarns(json: String) {
        #expect(
            Self.warnings(json).contains {
                $0.kind == .mutableContentWithoutAlert && $0.keyPath == "aps.mutable-content"
            })
    }

    @Test func titleWithoutBodyWarns() {
        #expect(Self.warnings(#"{"aps": {"alert": {"title": "T"}}}"#).map(\.kind) == [.titleWithoutBody])
        #expect(Self.warnings(#"{"aps": {"alert": {"title": "T", "loc-key": "K"}}}"#).isEmpty)
    }

    @Test func locArgsWithoutTheirKeyWarn() {
        #expect(
            Self.warnings(#"{"aps": {"alert": {"body": "b", "loc-args": ["x"]}}}"#).map(\.kind) == [
                .locArgsWithoutKey(key: "loc-key")
            ])
    }

    @Test func pushTypeMismatchesWarnOnlyWhenTheTypeIsGiven() {
        let visibleBackground = Self.warnings(#"{"aps": {"alert": "x"}}"#, pushType: .background)
        #expect(visibleBackground.count == 2)
        #expect(
            visibleBackground.allSatisfy { if case .pushTypeMismatch(.background, _) = $0.kind { true } else { false } }
        )
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
