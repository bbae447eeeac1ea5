import Foundation
import RichPreview
import Testing

/// Unicode's own conformance file for the bidirectional algorithm, BidiCharacterTest.txt, when
/// Debian's unicode-data package has installed it: every paragraph's levels and display order.
struct BidiConformanceTests {
    static let file = URL(fileURLWithPath: "/usr/share/unicode/BidiCharacterTest.txt")

    @Test func bidiCharacterTestIfInstalled() throws {
        guard let contents = try? String(contentsOf: Self.file, encoding: .utf8) else {
            print("note: \(Self.file.path) not found (Debian package unicode-data); skipping it")
            return
        }
        var cases = 0
        var passes = 0
        var failures: [Substring] = []
        for row in contents.split(separator: "\n") where !row.hasPrefix("#") {
            let fields = row.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            let direction: TextDirection =
                switch fields[1] {
                case "0": .leftToRight
                case "1": .rightToLeft
                default: TextDirection(paragraph: text)
                }
            let expectedLevels = fields[3].split(separator: " ").map { UInt8($0) }
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
            cases += 1
            let line = BidiLine(scalars: scalars, direction: direction)
            // Characters the algorithm removes (X9, level "x") are left out of both.
            let kept = Set(expectedLevels.indices.filter { expectedLevels[$0] != nil })
            let order = line.runs.flatMap { $0.isRightToLeft ? Array($0.range.reversed()) : Array($0.range) }
                .filter(kept.contains)
            let levelsMatch = kept.allSatisfy { line.levels[$0] == expectedLevels[$0] }
            if order == expectedOrder && levelsMatch {
                passes += 1
            } else if failures.count < 10 {
                failures.append(row)
            }
        }
        print("BidiCharacterTest.txt: \(passes) of \(cases) paragraphs pass")
        #expect(cases > 90000)
        // FriBidi's Unicode tables can be older than the test file's: a few paragraphs with
        // characters assigned since may differ, nothing more.
        #expect(Double(passes) >= Double(cases) * 0.999, "first failures:\n\(failures.joined(separator: "\n"))")
    }
}
