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

    @Test func idsAreUniqueAndDescribed() {
        #expect(Set(Rules.all.map(\.id)).count == Rules.all.count)
        for rule in Rules.all {
            #expect(!rule.summary.isEmpty && rule.summary.hasSuffix("."), "\(rule.id)")
            #expect(rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id)")
            #expect(Rules.descriptor(id: rule.id) == rule)
        }
    }
}
