import Foundation
import RichPreviewTestSupport
import Testing

@testable import RichPreview

/// The walk's bounds on folders, names listed, time and files, with limits small enough to reach:
/// each stops the walk with one problem naming the limit, at the root, and keeps what it found.
struct ProjectWalkerLimitTests {
    /// A tree of `count` folders, each holding a payload and a file that does not matter.
    static func tree(folders count: Int) throws -> URL {
        var files: [String: String] = [:]
        for index in 0..<count {
            files["f\(index)/push.json"] = #"{"aps": {}}"#
            files["f\(index)/notes.txt"] = "x"
        }
        return try TestPaths.temporaryFolder(holding: files)
    }

    @Test func eachLimitStopsTheWalkAndSaysSo() throws {
        let root = try Self.tree(folders: 20).path
        let cases: [(ProjectWalker.Limits, PathProblem.Cause)] = [
            (.init(folders: 5), .tooManyFolders(limit: 5)),
            (.init(entries: 30), .tooManyEntries(limit: 30)),
            (.init(files: 3), .tooManyFiles(limit: 3)),
            (.init(duration: .zero), .tooLong(seconds: 0)),
        ]
        for (limits, cause) in cases {
            var walker = ProjectWalker()
            walker.limits = limits
            let (files, problems) = walker.walk(root)
            #expect(problems == [PathProblem(path: root, cause: cause)], "\(cause)")
            #expect(files.count < 20, "\(cause): \(files.count)")
        }
        let (files, problems) = ProjectWalker().walk(root)
        #expect(files.count == 20 && problems.isEmpty)
    }

    @Test func theRuleSaysWhichLimit() throws {
        var project = LintProject()
        project.pathProblems = [PathProblem(path: "tree", cause: .tooManyFolders(limit: 5))]
        let found = Rules.PathUnreadable.check(project)
        #expect(found.map(\.message) == ["more than 5 folders; the rest are not linted"])
        #expect(found.map(\.severity) == [.error])
    }
}
