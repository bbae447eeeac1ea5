import Foundation
import RichPreviewTestSupport
import Testing

/// Readers only read: no file under `Sources/RichPreview/Readers/` runs a rule or makes a finding
/// (the checks that do are under `Checks/`), so a reader's facts are typed and the rules speak.
struct ReaderLayeringTests {
    @Test func noReaderRunsOrNamesARule() throws {
        let folder = TestPaths.packageFile("Sources/RichPreview/Readers")
        var seen = 0
        var offenders: [String] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") {
            seen += 1
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if line.contains("Rules.") || line.contains("Finding(") || line.contains(".findings") {
                    offenders.append("\(path): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(seen > 50, "the walk found the readers")
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
