import RichPreview
import Testing

struct SuggesterTests {
    static let apsKeys = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "interruption-level", "relevance-score",
    ]
    static let alertKeys = ["title", "subtitle", "body", "loc-key", "loc-args", "title-loc-key"]

    @Test(arguments: [
        ("mutable_content", "mutable-content"), ("mutableContent", "mutable-content"),
        ("Content-Available", "content-available"), ("catagory", "category"), ("thread", "thread-id"),
        ("interuption-level", "interruption-level"), ("bagde", "badge"),
    ])
    func apsTypos(typo: String, expected: String) {
        #expect(Suggester.suggestion(for: typo, among: Self.apsKeys) == expected)
    }

    @Test(arguments: [("titel", "title"), ("tilte", "title"), ("subtitel", "subtitle"), ("bdoy", "body")])
    func transpositionsCountAsOneEdit(typo: String, expected: String) {
        #expect(Suggester.suggestion(for: typo, among: Self.alertKeys) == expected)
    }

    @Test func farNamesGetNoSuggestion() {
        #expect(Suggester.suggestion(for: "image-url", among: Self.apsKeys) == nil)
        #expect(Suggester.suggestion(for: "x", among: Self.apsKeys) == nil)
        #expect(Suggester.suggestion(for: "", among: Self.apsKeys) == nil)
        #expect(Suggester.suggestion(for: String(repeating: "a", count: 500), among: Self.apsKeys) == nil)
    }

    @Test func aWordLeftOutIsFound() {
        #expect(
            Suggester.suggestion(for: "imagecategory", among: ["image_category", "audio_category"]) == "image_category")
        #expect(
            Suggester.suggestion(
                for: "UNNotificationExtensionInitialContentRatio",
                among: ["UNNotificationExtensionInitialContentSizeRatio"])
                == "UNNotificationExtensionInitialContentSizeRatio")
    }

    @Test func findingsCarryTheirRule() {
        let finding = Finding(
            rule: Rules.ApsUnknownKey.descriptor, message: "unknown key", file: "a.json", keyPath: "aps.catagory",
            suggestion: "category")
        #expect(finding.rule == "aps-unknown-key" && finding.severity == .warning)
        #expect(finding.detail == "aps.catagory: unknown key; did you mean 'category'?")
        #expect(Set(Rules.all.map(\.id)).count == Rules.all.count)
        #expect(Rules.all.allSatisfy { !$0.summary.isEmpty && $0.id.allSatisfy { $0.isLowercase || $0 == "-" } })
    }
}

/// Names with letters beyond ASCII are normalised like ASCII ones (the ASCII fast path and the
/// Unicode path give the same form).
struct SuggesterNormalisationTests {
    @Test(arguments: [
        ("CategoryID", ["category-id"], "category-id"), ("Über_Title", ["über-title"], "über-title"),
        ("mediaÜrl", ["media-ürl"], "media-ürl"), ("media url", ["media-url", "media-urls"], "media-url"),
        ("ÉTÉ2024Sale", ["été2024-sale"], "été2024-sale"),
    ])
    func normalisedNamesMatch(name: String, candidates: [String], expected: String) {
        #expect(Suggester.suggestion(for: name, among: candidates) == expected)
    }
}

/// A candidate list normalised once answers exactly as `suggestion(for:among:)` does, for names
/// that match exactly, by edit distance (ties to the earlier candidate), by a word left out, by a
/// suffix, and not at all.
struct SuggesterCandidatesTests {
    static let categories = [
        "com.example.reply", "com.example.replies", "com.example.photo", "com.example.photos", "alertF23", "alertF24",
        "image_category", "thread-id", "mutable-content",
    ]

    @Test(arguments: [
        "com.example.reply", "com.example.rpely", "com.example.photox", "alertF28", "alertF2", "imagecategory",
        "thread", "mutableContent", "x", "", "something.else.entirely", "com.example.repl", "alertf23",
        String(repeating: "b", count: 200),
    ])
    func answersAsTheOneShotFunction(name: String) {
        let candidates = Suggester.Candidates(Self.categories)
        #expect(candidates.suggestion(for: name) == Suggester.suggestion(for: name, among: Self.categories))
        #expect(candidates.names == Self.categories)
    }

    @Test func theNearestWinsAndTiesGoToTheEarlier() {
        let candidates = Suggester.Candidates(["abcdef-x", "abcdef-y", "abcdxx", "abcdeg"])
        #expect(candidates.suggestion(for: "abcdef") == "abcdeg")
        #expect(Suggester.Candidates(["title-b", "title-a"]).suggestion(for: "title-c") == "title-b")
        #expect(Suggester.Candidates([]).suggestion(for: "title") == nil)
    }
}
