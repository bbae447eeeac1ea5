import Foundation
import RichPreview
import Testing

/// The whole official LineBreakTest.txt, when Debian's unicode-data package has installed it.
struct LineBreakConformanceTests {
    static let officialTestFile = URL(fileURLWithPath: "/usr/share/unicode/auxiliary/LineBreakTest.txt")

    @Test func officialTestFileIfInstalled() throws {
        guard let contents = try? String(contentsOf: Self.officialTestFile, encoding: .utf8) else {
            print("note: \(Self.officialTestFile.path) not found (Debian package unicode-data); skipping it")
            return
        }
        let cases = LineBreakTestCase.parse(contents)
        var codePointPasses = 0
        var clusterPasses = 0
        var failures: [String] = []
        for testCase in cases {
            if testCase.actualCodePointBreaks == testCase.breaks { codePointPasses += 1 }
            if testCase.actualBreaksBetweenClusters == testCase.breaksBetweenClusters {
                clusterPasses += 1
            } else {
                failures.append(testCase.source)
            }
        }
        let insideClusters = cases.filter { $0.breaks != $0.breaksBetweenClusters }.count
        print(
            """
            LineBreakTest.txt: \(cases.count) cases; \(codePointPasses) pass between code points, \
            \(clusterPasses) between grapheme clusters (\(insideClusters) cases have a break inside a cluster)
            """)
        for failure in failures.prefix(20) { print("fails: \(failure)") }
        #expect(cases.count > 7000)
        #expect(Double(codePointPasses) / Double(cases.count) > 0.99)
        #expect(Double(clusterPasses) / Double(cases.count) > 0.99)
    }
}
