import Foundation
import RichPreview
import Testing

struct PayloadDecoderTests {
    static func check(_ json: String, pushType: PushType? = nil) -> PayloadReport {
        PayloadDecoder(pushType: pushType).check(Data(json.utf8), file: "test.json")
    }

    static let invalidPayloads: [(String, String, String?)] = [
        (#"{"aps": {"alert": "x"}"#, "payload-unreadable", nil),
        (#"{"aps": {"alert": "x",}}"#, "payload-unreadable", nil),
        (#"{"aps": {"alert": "x"}, "id": [1, 2,]}"#, "payload-unreadable", nil),
        ("", "payload-unreadable", nil),
        (#"[{"aps": {}}]"#, "payload-unreadable", nil),
        (#""just a string""#, "payload-unreadable", nil),
        (#"{"id": 1}"#, "aps-missing", "aps"),
        (#"{"aps": "alert"}"#, "aps-type", "aps"),
        (#"{"aps": {"alert": 5}}"#, "aps-type", "aps.alert"),
        (#"{"aps": {"alert": {"title": 5}}}"#, "aps-type", "aps.alert.title"),
        (#"{"aps": {"alert": {"subtitle": true}}}"#, "aps-type", "aps.alert.subtitle"),
        (#"{"aps": {"alert": {"body": null}}}"#, "aps-type", "aps.alert.body"),
        (#"{"aps": {"alert": {"loc-key": "K", "loc-args": "Ann"}}}"#, "aps-type", "aps.alert.loc-args"),
        (#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["Ann", 2]}}}"#, "aps-type", "aps.alert.loc-args[1]"),
        (
            #"{"aps": {"alert": {"title-loc-key": "K", "title-loc-args": [null]}}}"#, "aps-type",
            "aps.alert.title-loc-args[0]"
        ),
        (#"{"aps": {"alert": {"body": "b", "action-loc-key": 3}}}"#, "aps-type", "aps.alert.action-loc-key"),
        (#"{"aps": {"alert": {"body": "b", "summary-arg-count": -2}}}"#, "aps-type", "aps.alert.summary-arg-count"),
        (#"{"aps": {"badge": "1"}}"#, "aps-type", "aps.badge"),
        (#"{"aps": {"badge": -1}}"#, "aps-type", "aps.badge"),
        (#"{"aps": {"badge": 1.5}}"#, "aps-type", "aps.badge"),
        (#"{"aps": {"sound": 1}}"#, "aps-type", "aps.sound"),
        (#"{"aps": {"sound": {"critical": 1, "volume": 1.5}}}"#, "aps-type", "aps.sound.volume"),
        (#"{"aps": {"sound": {"critical": 1, "name": 7}}}"#, "aps-type", "aps.sound.name"),
        (#"{"aps": {"sound": {"critical": "yes"}}}"#, "aps-type", "aps.sound.critical"),
        (#"{"aps": {"alert": "x", "category": 5}}"#, "aps-type", "aps.category"),
        (#"{"aps": {"alert": "x", "category": ""}}"#, "aps-type", "aps.category"),
        (#"{"aps": {"content-available": "1"}}"#, "aps-type", "aps.content-available"),
        (#"{"aps": {"content-available": 2}}"#, "aps-type", "aps.content-available"),
        (#"{"aps": {"alert": "x", "mutable-content": "1"}}"#, "aps-type", "aps.mutable-content"),
        (#"{"aps": {"alert": "x", "thread-id": 4}}"#, "aps-type", "aps.thread-id"),
        (#"{"aps": {"alert": "x", "target-content-id": {}}}"#, "aps-type", "aps.target-content-id"),
        (#"{"aps": {"alert": "x", "interruption-level": "urgent"}}"#, "aps-type", "aps.interruption-level"),
        (#"{"aps": {"alert": "x", "interruption-level": 2}}"#, "aps-type", "aps.interruption-level"),
        (#"{"aps": {"alert": "x", "relevance-score": 2}}"#, "aps-type", "aps.relevance-score"),
        (#"{"aps": {"alert": "x", "relevance-score": "high"}}"#, "aps-type", "aps.relevance-score"),
        (#"{"aps": {"alert": "x", "filter-criteria": 1}}"#, "aps-type", "aps.filter-criteria"),
        (
            #"{"aps": {"event": "update", "stale-date": "tomorrow", "content-state": {}}}"#, "aps-type",
            "aps.stale-date"
        ),
        (#"{"aps": {"event": "update", "content-state": [1]}}"#, "aps-type", "aps.content-state"),
        (#"{"aps": {"event": "pause", "content-state": {}}}"#, "aps-type", "aps.event"),
        (#"{"aps": {"event": "end", "dismissal-date": null}}"#, "aps-type", "aps.dismissal-date"),
        (#"{"aps": {"event": "start", "timestamp": "now"}}"#, "aps-type", "aps.timestamp"),
        (#"{"aps": {"event": "start", "attributes-type": 1}}"#, "aps-type", "aps.attributes-type"),
        (#"{"aps": {"event": "start", "attributes": "x"}}"#, "aps-type", "aps.attributes"),
        (#"{"aps": {"alert": "x"}, "Simulator Target Bundle": 3}"#, "aps-type", "Simulator Target Bundle"),
        (
            #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": {"title": 1}}}}"#, "aps-type",
            "payload.aps.alert.title"
        ),
    ]

    @Test(arguments: invalidPayloads.indices)
    func invalidPayloadsFailWithTheirRuleAndKeyPath(index: Int) throws {
        let (json, expectedRule, expectedPath) = Self.invalidPayloads[index]
        let report = Self.check(json)
        #expect(!report.isValid)
        #expect(report.payload == nil)
        let error = try #require(report.errors.first)
        #expect(error.file == "test.json")
        #expect(error.rule == expectedRule, "\(json)")
        #expect(error.keyPath == expectedPath, "\(json)")
        #expect(throws: PayloadError.self) { try PayloadDecoder().decode(Data(json.utf8), file: "test.json") }
    }

    @Test func wrongTypeSaysWhatWasExpectedAndFound() throws {
        let error = try #require(Self.check(#"{"aps": {"alert": "x", "category": 42}}"#).errors.first)
        #expect(error.rule == "aps-type" && error.file == "test.json" && error.keyPath == "aps.category")
        #expect(error.message == "expected a non-empty string, found number 42")
    }

    @Test func everyErrorIsReportedNotOnlyTheFirst() {
        let report = Self.check(#"{"aps": {"badge": -1, "category": 5, "alert": {"title": 1}}}"#)
        #expect(Set(report.errors.compactMap(\.keyPath)) == ["aps.badge", "aps.category", "aps.alert.title"])
    }

    @Test func malformedJSONGivesTheParserPosition() throws {
        let missingComma = "{\n  \"aps\": {\"alert\": \"x\"}\n  \"id\": 1\n}"
        let missing = try #require(Self.check(missingComma).errors.first)
        #expect(missing.rule == "payload-unreadable" && missing.line == 3 && missing.column == 3)
        let trailing = "{\"aps\": {\n\"alert\": \"x\",\n}}"
        let comma = try #require(Self.check(trailing).errors.first)
        #expect(comma.rule == "payload-unreadable" && comma.line == 2 && comma.column == 13)
    }

    @Test func commasInsideStringsAreNotTrailingCommas() {
        let report = Self.check(#"{"aps": {"alert": "a,}b, ]\",}"}, "note": "x,]"}"#)
        #expect(report.isValid)
        #expect(report.payload?.aps?.alert?.body == #"a,}b, ]",}"#)
    }

    @Test func notUTF8IsNotJSON() {
        var data = Data(#"{"aps": {"alert": ""#.utf8)
        data.append(0xFF)
        data.append(contentsOf: Array(#""}}"#.utf8))
        let report = PayloadDecoder().check(data, file: "bin")
        #expect(report.errors.map(\.rule) == ["payload-unreadable"])
    }

    // MARK: Size limits

    /// A valid payload of exactly `size` bytes, padded in a custom key.
    static func payload(ofSize size: Int) -> Data {
        let head = #"{"aps":{"alert":"x"},"pad":""#
        let tail = #""}"#
        return Data((head + String(repeating: "a", count: size - head.utf8.count - tail.utf8.count) + tail).utf8)
    }

    @Test(arguments: [(PushType.alert, 4096), (.background, 4096), (.voip, 5120)])
    func sizeLimitIsInclusive(pushType: PushType, limit: Int) throws {
        let decoder = PayloadDecoder(pushType: pushType)
        let atLimit = decoder.check(Self.payload(ofSize: limit), file: "at")
        #expect(atLimit.bytes == limit)
        #expect(atLimit.limit == limit)
        #expect(!atLimit.errors.contains { $0.rule == "payload-too-large" })
        let over = decoder.check(Self.payload(ofSize: limit + 1), file: "over")
        #expect(over.bytes == limit + 1)
        #expect(
            over.errors.contains {
                $0.rule == "payload-too-large" && $0.file == "over"
                    && $0.message.hasPrefix("payload is \(limit + 1) bytes")
            })
        #expect(over.payload == nil)
    }

    @Test func sizeCountsUTF8BytesAsGiven() {
        let json = #"{"aps": {"alert": "新图片"}}"# + "\n\n"
        #expect(Self.check(json).bytes == json.utf8.count)
        #expect(json.utf8.count > json.count)
    }

    @Test func hugeInputIsOnlyMeasuredNotParsed() {
        let data = Data(repeating: UInt8(ascii: "["), count: PayloadDecoder.parseLimit + 1)
        let report = PayloadDecoder().check(data, file: "big")
        #expect(report.errors.map(\.rule) == ["payload-too-large"])
        #expect(
            report.errors.first?.message.hasPrefix("payload is \(data.count) bytes, over the 4096-byte limit") == true)
    }

    // MARK: The model

    @Test func everyAPSKeyIsTyped() throws {
        let json = #"""
            {"aps": {
              "alert": {"title": "T", "subtitle": "S", "body": "B", "launch-image": "L.png",
                        "title-loc-key": "TK", "title-loc-args": ["a"], "subtitle-loc-key": "SK",
                        "subtitle-loc-args": ["b"], "loc-key": "BK", "loc-args": ["c", "d"],
                        "action-loc-key": null, "summary-arg": "Work", "summary-arg-count": 2},
              "badge": 0, "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5},
              "thread-id": "t", "category": "c", "mutable-content": 1, "target-content-id": "w",
              "interruption-level": "time-sensitive", "relevance-score": 0.8, "filter-criteria": "work"},
             "Simulator Target Bundle": "com.example.app", "id": 7, "meta": {"n": [1, 2.5, true, null]}}
            """#
        let payload = try #require(Self.check(json).payload)
        let aps = try #require(payload.aps)
        let alert = try #require(aps.alert)
        #expect(!alert.isPlainText)
        #expect([alert.title, alert.subtitle, alert.body, alert.launchImage] == ["T", "S", "B", "L.png"])
        #expect([alert.titleLocKey, alert.subtitleLocKey, alert.locKey] == ["TK", "SK", "BK"])
        #expect(alert.titleLocArgs == ["a"] && alert.subtitleLocArgs == ["b"] && alert.locArgs == ["c", "d"])
        #expect(alert.actionLocKey == .okOnly)
        #expect(alert.summaryArg == "Work" && alert.summaryArgCount == 2)
        #expect(aps.badge == 0)
        #expect(aps.sound == .critical(name: "alarm.caf", volume: 0.5))
        #expect(
            aps.threadID == "t" && aps.category == "c" && aps.targetContentID == "w" && aps.filterCriteria == "work")
        #expect(aps.mutableContent && !aps.contentAvailable)
        #expect(aps.interruptionLevel == .timeSensitive)
        #expect(aps.relevanceScore == 0.8)
        #expect(payload.simulatorTargetBundle == "com.example.app")
        #expect(
            payload.custom == [
                "id": .integer(7),
                "meta": .dictionary(["n": .array([.integer(1), .real(2.5), .boolean(true), .null])]),
            ])
    }

    @Test func liveActivityKeysAndAnyRelevanceScore() throws {
        let json = #"""
            {"aps": {"timestamp": 1700000000, "event": "update", "relevance-score": 75,
                     "content-state": {"score": "2-1"}, "stale-date": 1700003600, "dismissal-date": 1700007200,
                     "attributes-type": "MatchAttributes", "attributes": {"team": "A"}}}
            """#
        let aps = try #require(Self.check(json).payload?.aps)
        #expect(aps.isLiveActivity)
        #expect(aps.event == .update)
        #expect(aps.relevanceScore == 75)
        #expect(aps.timestamp == 1_700_000_000 && aps.staleDate == 1_700_003_600 && aps.dismissalDate == 1_700_007_200)
        #expect(aps.contentState == ["score": .string("2-1")])
        #expect(aps.attributesType == "MatchAttributes" && aps.attributes == ["team": .string("A")])
    }

    @Test func alertStringIsTheBodyAndSoundStringsAreNames() throws {
        let aps = try #require(Self.check(#"{"aps": {"alert": "hello", "sound": "default", "badge": 3}}"#).payload?.aps)
        #expect(aps.alert == .text("hello"))
        #expect(aps.alert?.isPlainText == true)
        #expect(aps.sound == .default)
        let named = try #require(Self.check(#"{"aps": {"alert": "x", "sound": "chime.aiff"}}"#).payload?.aps)
        #expect(named.sound == .named("chime.aiff"))
        let legacy = try #require(
            Self.check(#"{"aps": {"alert": {"body": "b", "action-loc-key": "PLAY"}}}"#).payload?.aps)
        #expect(legacy.alert?.actionLocKey == .key("PLAY"))
    }

    @Test func voipPayloadsMayOmitAPS() throws {
        let report = Self.check(#"{"caller": "Ann"}"#, pushType: .voip)
        #expect(report.isValid)
        #expect(report.payload?.aps == nil)
        #expect(report.payload?.custom == ["caller": .string("Ann")])
    }

    @Test func silentPushIsDetectedAndItsTypeInferred() throws {
        let silent = Self.check(#"{"aps": {"content-available": 1}, "id": 3}"#)
        #expect(silent.payload?.isSilent == true)
        #expect(silent.pushType == .background)
        let visible = Self.check(#"{"aps": {"content-available": 1, "badge": 2}}"#)
        #expect(visible.payload?.isSilent == false)
        #expect(visible.pushType == .alert)
        #expect(Self.check(#"{"aps": {"alert": "x"}}"#).payload?.isSilent == false)
    }

    @Test func nestedPayloadOfTheSilentTechniqueIsDecodedAndKept() throws {
        let json = #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": "hello world"}, "id": 1}}"#
        let payload = try #require(Self.check(json).payload)
        let nested = try #require(payload.nested)
        #expect(nested.key == "payload")
        #expect(nested.payload.aps?.alert?.body == "hello world")
        #expect(nested.payload.custom == ["id": .integer(1)])
        #expect(payload.custom["payload"] != nil)
        let elsewhere = PayloadDecoder(nestedPayloadKey: "data").check(Data(json.utf8), file: "x").payload
        #expect(elsewhere?.nested == nil)
    }

    @Test func encodingGivesBackTheSamePayload() throws {
        let json = #"""
            {"aps": {"alert": {"title": "T", "loc-key": "K", "loc-args": ["a"], "action-loc-key": null},
                     "badge": 2, "sound": {"critical": 1, "volume": 0.25}, "mutable-content": true,
                     "interruption-level": "passive"},
             "Simulator Target Bundle": "b", "x": [1, "two", {"three": 3.5}]}
            """#
        let report = Self.check(json)
        #expect(report.warnings.map(\.message) == ["should be the number 1, not true"])
        let first = try #require(report.payload)
        let encoded = try JSONEncoder().encode(first)
        let again = try PayloadDecoder().decode(encoded, file: "again")
        #expect(again.payload == first)
        #expect(again.warnings.isEmpty)
    }
}
