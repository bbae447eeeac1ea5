import Foundation
import RichPreviewTestSupport
import Testing

@testable import RichPreviewCLI

/// `ContainedGit` stops a git that gives nothing: a repository whose object store names its
/// alternates through a FIFO would keep git waiting on the open for ever.
struct ContainedGitTests {
    @Test func aGitWaitingOnAFIFOIsStopped() throws {
        let repository = try CommitSnapshotTests.repository()
        let alternates = repository.appendingPathComponent(".git/objects/info/alternates")
        try? FileManager.default.removeItem(at: alternates)
        #expect(mkfifo(alternates.path, 0o644) == 0)
        var git = ContainedGit(scratch: try TestPaths.temporaryFolder(), directory: repository)
        git.idleLimit = .seconds(1)
        #expect {
            _ = try git.output(["cat-file", "-p", "HEAD"])
        } throws: { error in
            guard let failure = error as? ContainedGit.Failure else { return false }
            return failure.stalled && failure.reason.hasPrefix("git cat-file gave nothing for 1 s and was stopped")
        }
    }

    @Test func aGitThatAnswersIsNotStopped() throws {
        let repository = try CommitSnapshotTests.repository()
        var git = ContainedGit(scratch: try TestPaths.temporaryFolder(), directory: repository)
        git.idleLimit = .seconds(1)
        let head = try git.output(["rev-parse", "HEAD"])
        #expect(head.count == 41)
    }
}
