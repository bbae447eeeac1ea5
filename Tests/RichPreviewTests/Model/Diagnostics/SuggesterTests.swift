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

/// `Suggester.suggestion` against a plain restatement of its documented rules (already-normalised
/// names, so normalising changes nothing), over many small random names: the banded, early-stopping
/// edit distance must choose exactly what the full table chooses.
struct SuggesterReferenceTests {
    /// Optimal string alignment distance, the whole table.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    static func isSubsequence(_ short: [UInt8], of long: [UInt8]) -> Bool {
        var rest = long[...]
        for byte in short {
            guard let found = rest.firstIndex(of: byte) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    static func reference(_ name: String, _ candidates: [String]) -> String? {
        guard !name.isEmpty else { return nil }
        let target = Array(name.utf8)
        let others = candidates.map { Array($0.utf8) }
        if let exact = others.firstIndex(of: target) { return candidates[exact] }
        let allowed = min(3, max(1, target.count / 3))
        var best: (index: Int, distance: Int)?
        for (index, other) in others.enumerated() {
            let distance = distance(target, other)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (index, distance) }
        }
        if let best { return candidates[best.index] }
        let missing = others.indices.filter {
            let shorter = min(others[$0].count, target.count), longer = max(others[$0].count, target.count)
            return shorter >= 3 && longer <= 2 * shorter
                && (isSubsequence(target, of: others[$0]) || isSubsequence(others[$0], of: target))
        }
        if let closest = missing.min(by: { distance(target, others[$0]) < distance(target, others[$1]) }) {
            return candidates[closest]
        }
        return others.firstIndex { $0.starts(with: target + [UInt8(ascii: "-")]) }.map { candidates[$0] }
    }

    @Test func randomNamesChooseAsTheFullTableDoes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let alphabet = Array("abc-".utf8)
        func word() -> String {
            String(decoding: (0..<(1 + next(12))).map { _ in alphabet[next(alphabet.count)] }, as: UTF8.self)
        }
        var disagreements: [String] = []
        for _ in 0..<3000 {
            let name = word()
            let candidates = (0..<(1 + next(6))).map { _ in word() }
            let expected = Self.reference(name, candidates)
            if Suggester.suggestion(for: name, among: candidates) != expected
                || Suggester.Candidates(candidates).suggestion(for: name) != expected
            {
                disagreements.append("\(name) among \(candidates)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
