import Foundation
import RichPreviewTestSupport
import Testing

/// `lint --baseline-ref REF` through the built binary: the commit's files are the baseline a Live
/// Activity's content state is compared with; a commit that does not exist is one error line.
struct LintBaselineRefTests {
    static let shipped = """
        import ActivityKit

        struct RideAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var etaMinutes: Int
            }
        }
        """

    @Test func aRequiredFieldAddedSinceTheCommitIsAWarning() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("RideAttributes.swift")
        try Data(Self.shipped.utf8).write(to: file)
        try ReviewCommandTests.commitEverything(in: folder)
        try Data(
            Self.shipped.replacingOccurrences(
                of: "var etaMinutes: Int", with: "var etaMinutes: Int\n        var driver: String"
            ).utf8
        )
        .write(to: file)

        let run = try ToolRun.binary(["lint", "--baseline-ref", "HEAD", "."], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.err.contains(
                "RideAttributes.swift:6:13: warning: RideAttributes.ContentState requires 'driver', which it did not have at HEAD"
            ),
            "\(run.err)")
        let without = try ToolRun.binary(["lint", "."], workingDirectory: folder)
        #expect(!without.err.contains("activity-content-state-field-added"), "\(without.err)")

        let missing = try ToolRun.binary(["lint", "--baseline-ref", "no-such-ref", "."], workingDirectory: folder)
        #expect(missing.status == 1, "\(missing.err)")
        #expect(missing.err.contains("--baseline-ref: no commit 'no-such-ref'"), "\(missing.err)")
        let empty = try ToolRun.binary(["lint", "--baseline-ref", "", "."], workingDirectory: folder)
        #expect(empty.status == 2, "\(empty.err)")
    }
}
