import Foundation
import RichPreview
import Testing

struct PayloadDecoderTests {
    static func check(_ json: String, pushType: PushType? = nil) -> PayloadReport {
        PayloadDecoder(pushType: pushType).check(Data(json.utf8), file: "test.json")
    }

    /// The error's case name and key path, so tests match on cases rather than message text.
    static func shape(_ error: PayloadError) -> (String, String?) {
        switch error {
        case .notJSON: ("notJSON", error.keyPath)
        case .topLevelNotObject: ("topLevelNotObject", error.keyPath)
        case .missingAPS: ("missingAPS", error.keyPath)
        case .wrongType: ("wrongType", error.keyPath)
        case .invalidValue: ("invalidValue", error.keyPath)
        case .tooLarge: ("tooLarge", error.keyPath)
        case .streamTooLarge: ("streamTooLarge", error.keyPath)
        }
    }

    static let invalidPayloads: [(String, String, String?)] = [
        (#"{"aps": {"alert": "x"}"#, "notJSON", nil),
        (#"{"aps": {"alert": "x",}}"#, "notJSON", nil),
        (#"{"aps": {"alert": "x"}, "id": [1, 2,]}"#, "notJSON", nil),
        ("", "notJSON", nil),
        (#"[{"aps": {}}]"#, "topLevelNotObject", nil),
        (#""just a string""#, "topLevelNotObject", nil),
        (#"{"id": 1}"#, "missingAPS", "aps"),
        (#"{"aps": "alert"}"#, "wrongType", "aps"),
        (#"{"aps": {"alert": 5}}"#, "wrongType", "aps.alert"),
        (#"{"aps": {"alert": {"title": 5}}}"#, "wrongType", "aps.alert.title"),
        (#"{"aps": {"alert": {"subtitle": true}}}"#, "wrongType", "aps.alert.subtitle"),
        (#"{"aps": {"alert": {"body": null}}}"#, "wrongType", "aps.alert.body"),
        (#"{"aps": {"alert": {"loc-key": "K", "loc-args": "Ann"}}}"#, "wrongType", "aps.alert.loc-args"),
        (#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["Ann", 2]}}}"#, "wrongType", "aps.alert.loc-args[1]"),
        (
            #"{"aps": {"alert": {"title-loc-key": "K", "title-loc-args": [null]}}}"#, "wrongType",
            "aps.alert.title-loc-args[0]"
        ),
        (#"{"aps": {"alert": {"body": "b", "action-loc-key": 3}}}"#, "wrongType", "aps.alert.action-loc-key"),
        (#"{"aps": {"alert": {"body": "b", "summary-arg-count": -2}}}"#, "invalidValue", "aps.alert.summary-arg-count"),
        (#"{"aps": {"badge": "1"}}"#, "wrongType", "aps.badge"),
        (#"{"aps": {"badge": -1}}"#, "invalidValue", "aps.badge"),
        (#"{"aps": {"badge": 1.5}}"#, "invalidValue", "aps.badge"),
        (#"{"aps": {"sound": 1}}"#, "wrongType", "aps.sound"),
        (#"{"aps": {"sound": {"critical": 1, "volume": 1.5}}}"#, "invalidValue", "aps.sound.volume"),
        (#"{"aps": {"sound": {"critical": 1, "name": 7}}}"#, "wrongType", "aps.sound.name"),
        (#"{"aps": {"sound": {"critical": "yes"}}}"#, "wrongType", "aps.sound.critical"),
        (#"{"aps": {"alert": "x", "category": 5}}"#, "wrongType", "aps.category"),
        (#"{"aps": {"alert": "x", "category": ""}}"#, "invalidValue", "aps.category"),
        (#"{"aps": {"content-available": "1"}}"#, "wrongType", "aps.content-available"),
        (#"{"aps": {"content-available": 2}}"#, "invalidValue", "aps.content-available"),
        (#"{"aps": {"alert": "x", "mutable-content": "1"}}"#, "wrongType", "aps.mutable-content"),
        (#"{"aps": {"alert": "x", "thread-id": 4}}"#, "wrongType", "aps.thread-id"),
        (#"{"aps": {"alert": "x", "target-content-id": {}}}"#, "wrongType", "aps.target-content-id"),
        (#"{"aps": {"alert": "x", "interruption-level": "urgent"}}"#, "invalidValue", "aps.interruption-level"),
        (#"{"aps": {"alert": "x", "interruption-level": 2}}"#, "wrongType", "aps.interruption-level"),
        (#"{"aps": {"alert": "x", "relevance-score": 2}}"#, "invalidValue", "aps.relevance-score"),
        (#"{"aps": {"alert": "x", "relevance-score": "high"}}"#, "wrongType", "aps.relevance-score"),
        (#"{"aps": {"alert": "x", "filter-criteria": 1}}"#, "wrongType", "aps.filter-criteria"),
        (
            #"{"aps": {"event": "update", "stale-date": "tomorrow", "content-state": {}}}"#, "wrongType",
            "aps.stale-date"
        ),
        (#"{"aps": {"event": "update", "content-state": [1]}}"#, "wrongType", "aps.content-state"),
        (#"{"aps": {"event": "pause", "content-state": {}}}"#, "invalidValue", "aps.event"),
        (#"{"aps": {"event": "end", "dismissal-date": null}}"#, "wrongType", "aps.dismissal-date"),
        (#"{"aps": {"event": "start", "timestamp": "now"}}"#, "wrongType", "aps.timestamp"),
        (#"{"aps": {"event": "start", "attributes-type": 1}}"#, "wrongType", "aps.attributes-type"),
        (#"{"aps": {"event": "start", "attributes": "x"}}"#, "wrongType", "aps.attributes"),
        (#"{"aps": {"alert": "x"}, "Simulator Target Bundle": 3}"#, "wrongType", "Simulator Target Bundle"),
        (
            #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": {"title": 1}}}}"#, "wrongType",
            "payload.aps.alert.title"
        ),
    ]

    @Test(arguments: invalidPayloads.indices)
    func invalidPayloadsFailWithTheirCaseAndKeyPath(index: Int) throws {
        let (json, expectedCase, expectedPath) = Self.invalidPayloads[index]
        let report = Self.check(json)
        #expect(!report.isValid)
        #expect(report.payload == nil)
        let error = try #require(report.errors.first)
        #expect(error.file == "test.json")
        let (name, path) = Self.shape(error)
        #expect(name == expectedCase, "\(json)")
        #expect(path == expectedPath, "\(json)")
        #expect(throws: PayloadError.self) { try PayloadDecoder().decode(Data(json.utf8), file: "test.json") }
    }

    @Test func wrongTypeSaysWhatWasExpectedAndFound() throws {
        let error = try #require(Self.check(#"{"aps": {"alert": "x", "category": 42}}"#).errors.first)
        guard case .wrongType(let file, let keyPath, let expected, let found) = error else {
            Issue.record("expected wrongType, got \(error)")
            return
        }
        #expect(file == "test.json")
        #expect(keyPath == "aps.category")
        #expect(expected.contains("string"))
        #expect(found.contains("42"))
    }

    @Test func everyErrorIsReportedNotOnlyTheFirst() {
        let report = Self.check(#"{"aps": {"badge": -1, "category": 5, "alert": {"title": 1}}}"#)
        #expect(Set(report.errors.compactMap(\.keyPath)) == ["aps.badge", "aps.category", "aps.alert.title"])
    }

    @Test func malformedJSONGivesTheParserPosition() throws {
        let missingComma = "{\n  \"aps\": {\"alert\": \"x\"}\n  \"id\": 1\n}"
        guard case .notJSON(_, _, let line, let column) = try #require(Self.check(missingComma).errors.first) else {
            Issue.record("expected notJSON")
            return
        }
        #expect(line == 3)
        #expect(column == 3)
        let trailing = "{\"aps\": {\n\"alert\": \"x\",\n}}"
        guard case .notJSON(_, _, let line, let column) = try #require(Self.check(trailing).errors.first) else {
            Issue.record("expected notJSON")
            return
        }
        #expect(line == 2)
        #expect(column == 13)
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
        guard case .notJSON? = report.errors.first else {
            Issue.record("expected notJSON, got \(report.errors)")
            return
        }
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
        #expect(!atLimit.errors.contains { if case .tooLarge = $0 { true } else { false } })
        let over = decoder.check(Self.payload(ofSize: limit + 1), file: "over")
        #expect(over.bytes == limit + 1)
        #expect(over.errors.contains(.tooLarge(file: "over", bytes: limit + 1, limit: limit, pushType: pushType)))
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
        #expect(report.errors == [.tooLarge(file: "big", bytes: data.count, limit: 4096, pushType: .alert)])
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
                "id": .integer(7), "meta": .object(["n": .array([.integer(1), .number(2.5), .bool(true), .null])]),
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
        #expect(report.warnings.map(\.kind) == [.flagAsBoolean(true)])
        let first = try #require(report.payload)
        let encoded = try JSONEncoder().encode(first)
        let again = try PayloadDecoder().decode(encoded, file: "again")
        #expect(again.payload == first)
        #expect(again.warnings.isEmpty)
    }
}
