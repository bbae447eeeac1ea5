import Foundation
import RichPreviewSourceScan
import RichPreviewTestSupport
import Testing

/// Damaged and hostile sources never crash the scanner, never hang it, and every location it
/// reports lies inside its file.
struct SourceScannerRobustnessTests {
    /// The fixture sources, and the corpus's Swift and Objective-C category files when present.
    static func seeds() throws -> [(name: String, bytes: Data, language: SourceLanguage)] {
        var seeds: [(String, Data, SourceLanguage)] = []
        let fixtures = TestPaths.fixture("sources")
        let enumerator = FileManager.default.enumerator(atPath: fixtures.path)
        while let path = enumerator?.nextObject() as? String {
            guard let language = SourceLanguage(path: path) else { continue }
            seeds.append((path, try Data(contentsOf: fixtures.appendingPathComponent(path)), language))
        }
        if let corpus = TestPaths.corpusFolder("real-world/categories") {
            for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
                guard let language = SourceLanguage(path: name) else { continue }
                seeds.append((name, try Data(contentsOf: corpus.appendingPathComponent(name)), language))
            }
        }
        return seeds.sorted { $0.0 < $1.0 }
    }

    /// Every kind of question, about names the seeds spell.
    static let queries = try? SourceQueries([
        SourceQuery(
            calls: ["request", "setNotificationCategories", "initWithSuiteName", "UserDefaults", "NSLog", "print"],
            conformances: ["ActivityAttributes", "NSObject", "Codable", "String"], conditionalRegions: true)
    ])

    /// Scans `bytes` (decoded leniently), asking every query, and checks every reported location
    /// against the text.
    static func scanChecked(_ bytes: Data, _ language: SourceLanguage, name: String) -> SourceScan {
        let text = String(decoding: bytes, as: UTF8.self)
        let scan = SourceScanner.scan(
            [SourceFile(path: name, text: text, language: language)], queries: Self.queries ?? .none)
        let lineCount = text.utf8.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
        var locations = scan.categories.map(\.location) + scan.assignments.map(\.location) + scan.dismissActionUses
        locations += scan.categories.flatMap { $0.actions.map(\.location) }
        locations += scan.notes.compactMap(\.location)
        locations += scan.calls.flatMap { [$0.location] + $0.arguments.map(\.location) }
        locations += scan.types.flatMap { [$0.location] + $0.properties.map(\.location) }
        for region in scan.conditionalRegions {
            #expect(region.lines.lowerBound >= 1 && region.lines.upperBound <= lineCount + 1, "\(name): \(region)")
        }
        for location in locations {
            #expect(location.line >= 1 && location.line <= lineCount && location.column >= 1, "\(name): \(location)")
        }
        return scan
    }

    /// A reproducible generator.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return bound > 0 ? Int(truncatingIfNeeded: state >> 33) % bound : 0
        }
    }

    @Test func mutatedSlicedAndGarbageSourcesAreHandled() throws {
        let clock = ContinuousClock()
        let started = clock.now
        var generator = Generator(state: 2024)
        var scans = 0
        for seed in try Self.seeds() {
            for round in 0..<24 {
                let mutated = ByteMutation.mutated(seed.bytes, seed: UInt64(round) &* 7919 &+ UInt64(seed.bytes.count))
                _ = Self.scanChecked(mutated, seed.language, name: seed.name)
                let start = generator.next(seed.bytes.count + 1)
                let end = start + generator.next(seed.bytes.count - start + 1)
                _ = Self.scanChecked(seed.bytes.subdata(in: start..<end), seed.language, name: seed.name)
                scans += 2
            }
        }
        for round in 0..<64 {
            let garbage = Data((0..<generator.next(4096)).map { _ in UInt8(truncatingIfNeeded: generator.next(256)) })
            _ = Self.scanChecked(garbage, round.isMultiple(of: 2) ? .swift : .objectiveC, name: "garbage\(round)")
            scans += 1
        }
        #expect(scans > 100)
        // Generous for a debug build on a loaded machine; a hang or quadratic blow-up takes far longer.
        #expect(clock.now - started < .seconds(120))
    }

    @Test(arguments: [
        ("deep brackets", String(repeating: "[{(", count: 2000)),
        ("deep interpolation", String(repeating: "\"\\(", count: 500)),
        ("unclosed comments", String(repeating: "/* /* ", count: 5000)),
        ("closers only", String(repeating: ")]}", count: 20000)),
        ("assignments on one line", String(repeating: "a.categoryIdentifier = ", count: 20000) + "\"x\""),
        ("constructor storm", String(repeating: "UNNotificationCategory(identifier: x, actions: [y, ", count: 3000)),
        ("quotes", String(repeating: "\"\"\"#\"##\"'", count: 20000)),
        (
            "same-named locals",
            String(repeating: "{ NSString *x = @\"a\"; [content setCategoryIdentifier:x]; x = y; }\n", count: 20000)
        ),
        ("unclosed #if", String(repeating: "#if os(iOS)\n#elseif A\n", count: 20000)),
        ("nested calls", String(repeating: "request(a: print(", count: 20000)),
        ("types in types", String(repeating: "struct A: Codable { let x: Int?\n", count: 2000)),
        (
            "labels in one message",
            "[center " + String(repeating: "setNotificationCategories:a setCategoryIdentifier:b ", count: 20000) + "]"
        ),
    ])
    func pathologicalInputFinishes(name: String, text: String) {
        let clock = ContinuousClock()
        let started = clock.now
        for language in [SourceLanguage.swift, .objectiveC] {
            _ = Self.scanChecked(Data(text.utf8), language, name: name)
        }
        #expect(clock.now - started < .seconds(60))
    }
}
