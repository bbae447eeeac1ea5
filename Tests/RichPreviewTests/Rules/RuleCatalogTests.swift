import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// The rule catalogue itself: ids unique and well formed, and every rule with its own test file.
struct RuleCatalogTests {
    @Test func everyRuleHasATestFile() throws {
        let folder = TestPaths.packageFile("Tests/RichPreviewTests/Rules")
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).map {
            ($0 as NSString).lastPathComponent
        }
        for rule in Rules.all {
            let type = rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            #expect(names.contains("\(type)Tests.swift"), "no test file for \(rule.id)")
        }
    }

    /// The project rules' source queries fit the lexer's word table together.
    @Test func theRulesSourceQueriesFit() {
        #expect(Rules.sourceQueries != nil)
    }

    /// A finding's severity is its rule's or one of its declared causes': no rule file gives one
    /// of its own, so `--list-rules`, the README and the configuration can name every severity.
    @Test func severitiesComeFromTheDescriptorsOnly() throws {
        let folder = TestPaths.packageFile("Sources/RichPreview/Rules")
        var seen = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            seen += 1
            for line in text.split(separator: "\n") where line.contains("severity:") {
                #expect(line.contains("id: \""), "\(path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(seen > 70)
        for rule in Rules.all {
            #expect(Set(rule.causes.map(\.id)).count == rule.causes.count, "\(rule.id)")
            #expect(rule.causes.allSatisfy { $0.severity != rule.severity && $0.summary.hasSuffix(".") }, "\(rule.id)")
        }
    }

    @Test func idsAreUniqueAndDescribed() {
        #expect(Set(Rules.all.map(\.id)).count == Rules.all.count)
        for rule in Rules.all {
            #expect(!rule.summary.isEmpty && rule.summary.hasSuffix("."), "\(rule.id)")
            #expect(rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id)")
            #expect(Rules.descriptor(id: rule.id) == rule)
        }
    }
}
