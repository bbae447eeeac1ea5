import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Every plist of the shared real-world corpus against what its MANIFEST.tsv note (the `auto:`
/// part, written by the corpus's own tooling) says about it.
struct RealWorldPlistTests {
    /// The `auto:` facts of a corpus file: `parse`, `point`, `category`, `ratio`, `buildvars`, ….
    static func facts(_ name: String) -> [String: String] {
        guard let corpus = TestPaths.corpusFolder("real-world"),
            let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8),
            let row = manifest.split(separator: "\n").first(where: { $0.hasPrefix("plists/\(name)\t") }),
            let note = row.components(separatedBy: "||auto:").last
        else { return [:] }
        var facts: [String: String] = [:]
        for pair in note.components(separatedBy: "; ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { facts[parts[0]] = parts[1] }
        }
        return facts
    }

    static let names =
        TestPaths.corpusFiles("real-world/plists", extension: "plist")
        + TestPaths.corpusFiles("real-world/plists", extension: "yml")

    @Test func theCorpusIsThere() {
        guard TestPaths.corpusFolder("real-world/plists") != nil else { return }
        #expect(Self.names.count >= 50)
    }

    @Test(arguments: names)
    func plistMatchesItsManifestNote(name: String) throws {
        let url = try #require(TestPaths.corpusFolder("real-world/plists")).appendingPathComponent(name)
        let facts = Self.facts(name)
        try #require(facts["parse"] != nil, "no MANIFEST note for \(name)")
        let report = ExtensionConfig.check(try Data(contentsOf: url), file: url.relativePath)

        if facts["parse"]?.hasPrefix("FAIL") == true {
            // Fragments cut out of documentation: not a whole plist, so not an extension's.
            #expect(report.config == nil)
            #expect(
                report.findings.contains { ["plist-unreadable", "extension-point-unknown"].contains($0.rule) },
                "\(name): expected a fragment to be refused, got \(report.findings)")
            return
        }
        if facts["ratio"] == "int:0" {
            // The initial size: the extension loads, and a note says it starts with no height.
            #expect(
                report.findings.contains {
                    $0.rule == "size-ratio-invalid" && $0.severity == .note
                        && $0.keyPath?.hasSuffix("UNNotificationExtensionInitialContentSizeRatio") == true
                }, "\(name)")
            return
        }
        let config = try #require(report.config, "\(report.findings)")
        #expect(config.point == (facts["point"] == "service" ? .serviceExtension : .contentExtension))
        switch facts["category"] {
        case "string":
            #expect(config.categories.count == 1)
        case let category? where category.hasPrefix("array["):
            #expect("array[\(config.categories.count)]" == category)
        default:
            #expect(config.categories.isEmpty)
        }
        if let ratio = facts["ratio"]?.split(separator: ":").last.flatMap({ Double($0) }) {
            let read = try #require(config.contentAttributes?.initialContentSizeRatio)
            #expect(abs(read - ratio) < 1e-6)
        }
        #expect(config.unresolvedVariables == (facts["buildvars"]?.split(separator: ",").map(String.init) ?? []))
        for key in Self.listed(facts["non-bool values"]) {
            #expect(report.findings.contains { $0.rule == "bool-as-string" && $0.keyPath?.hasSuffix(key) == true })
        }
        for key in Self.listed(facts["UNKNOWN attr keys"]) {
            #expect(report.findings.contains { $0.rule == "unknown-attribute" && $0.keyPath?.hasSuffix(key) == true })
        }
    }

    /// The names in a note's `['A', 'B']` list.
    static func listed(_ value: String?) -> [String] {
        (value ?? "").components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test func theCorpusTogetherHasNoCrashAndReportsItsOverlaps() throws {
        guard let folder = TestPaths.corpusFolder("real-world/plists") else { return }
        let loadable = Self.names.map { folder.appendingPathComponent($0) }.filter {
            (try? ExtensionConfig.load(contentsOf: $0)) != nil
        }
        let registry = try ExtensionRegistry.load(loadable)
        // Several apps kept Xcode's template category; each later claim is one conflict.
        let template = registry.extensions.filter { $0.categories.contains("myNotificationCategory") }
        #expect(template.count >= 2)
        #expect(registry.conflicts.filter { $0.category == "myNotificationCategory" }.count == template.count - 1)
        #expect(registry.contentExtension(for: "myNotificationCategory")?.file == template.first?.file)
    }
}
