import Foundation
import RichPreview
import Testing

/// JSON manifests are read by the project's strict reader one category at a time: what RFC 8259
/// allows reads as Foundation read it, what it refuses is refused with its place, and a manifest
/// that fails late fails with the same error as one read whole.
struct CategoryManifestJSONTests {
    static func parse(_ json: String) throws(CategoryManifestError) -> CategoryManifest {
        try CategoryManifest.parse(Data(json.utf8), file: "m.json")
    }

    static func jsonReason(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            guard case .notParseable(_, let reason, _) = error else { return "other: \(error)" }
            return reason
        }
    }

    @Test func escapesNumbersAndUnicodeReadAsWritten() throws {
        let manifest = try Self.parse(
            #"{"categories":[{"identifier":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \t","actions":[{"identifier":"a","title":"Ünï 日本"}]}]}"#
        )
        #expect(manifest.categories.first?.identifier == "café 😀 \"q\" \\ / \t")
        #expect(manifest.categories.first?.actions.first?.title == "Ünï 日本")
    }

    @Test func aRepeatedKeyKeepsTheLastValueAsFoundationDid() throws {
        let manifest = try Self.parse(#"{"categories":[{"identifier":"first","identifier":"second"}]}"#)
        #expect(manifest.categories.map(\.identifier) == ["second"])
    }

    @Test func utf16AndAByteOrderMarkAreRead() throws {
        let text = #"{"categories":[{"identifier":"wide"}]}"#
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try CategoryManifest.parse(utf16).categories.map(\.identifier) == ["wide"])
        #expect(try CategoryManifest.parse(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)).categories.count == 1)
    }

    @Test(arguments: [
        (#"{"categories":[{"identifier":"a"},]}"#, "a trailing comma before ']' at line 1, column 35"),
        (#"{"categories":[{"identifier":"a",}]}"#, "a trailing comma before '}' at line 1, column 34"),
        (#"{"categories":[{"identifier":"a\u"}]}"#, "a \\u escape without four hex digits"),
        (#"{"categories":[{"identifier":"\ud800"}]}"#, "a high surrogate escape without its low half"),
        (#"{"categories":[{"identifier":"\udc00x"}]}"#, "a low surrogate escape without its high half"),
        ("{\"categories\":[{\"identifier\":\"a\tb\"}]}", "control character U+0009 inside a string"),
        (#"{"categories":[{"identifier":"a"}]} x"#, "expected the end of the document, found 'x'"),
        (#"{"categories":[01]}"#, "a number with a leading zero"),
        (#"{"categories": // note"#, "expected a value, found '/'"),
        (#"{"categories":[{"identifier":"a"#, "a string that is never closed"),
    ])
    func whatRFC8259RefusesIsRefusedWithItsPlace(json: String, reason: String) {
        let found = Self.jsonReason(json)
        #expect(found?.contains(reason) == true, "\(found ?? "parsed")")
    }

    @Test func invalidUTF8IsRefused() {
        let data = Data(#"{"categories":[{"identifier":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}]}"#.utf8)
        #expect(throws: CategoryManifestError.self) { try CategoryManifest.parse(data) }
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWithoutExhaustingTheStack() {
        let deep =
            #"{"categories":["# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "]}"
        #expect(Self.jsonReason(deep)?.contains("nested more than 512 deep") == true)
    }

    @Test func aLateProblemIsTheSameErrorAsInAManifestReadWhole() {
        let categories = (0..<500).map { #"{"identifier":"c\#($0)","actions":[{"identifier":"a","title":"A"}]}"# }
        let late = #"{"categories":["# + categories.joined(separator: ",") + #",{"identifier":"c7"}]}"#
        #expect(throws: CategoryManifestError.self) { try Self.parse(late) }
        do {
            _ = try Self.parse(late)
        } catch {
            #expect(error.finding.rule == "category-registered-twice")
            #expect(error.finding.keyPath == "categories[500].identifier")
            #expect(error.finding.message == "category 'c7' is already declared at m.json: categories[7]")
        }
        let badAction =
            #"{"categories":[{"identifier":"x","actions":["#
            + String(repeating: #"{"identifier":"a","title":"A"},"#, count: 1)
            + #"{"identifier":7,"title":"B"}]}]}"#
        do {
            _ = try Self.parse(badAction)
            Issue.record("parsed")
        } catch {
            #expect(error.finding.keyPath == "categories[0].actions[1].identifier", "\(error)")
        }
    }

    @Test func topLevelKeysAreCheckedBeforeTheCategories() {
        do {
            _ = try Self.parse(#"{"categories":[{"identifier":7}],"categoris":[]}"#)
            Issue.record("parsed")
        } catch {
            #expect(error.finding.keyPath == "categoris" && error.finding.suggestion == "categories", "\(error)")
        }
    }
}
