import Foundation
import RichPreview
import RichPreviewRendering
import RichPreviewSystem

/// The reviewed paths as they are at a git commit (`review --baseline-ref`): their files written
/// by `CommitSnapshot` from git's objects (no worktree, no checkout: nothing the repository
/// configures runs).
struct CommitBaselineTree: ReviewBaselineTree {
    /// The commit, as the user named it.
    var reference: String
    /// Where the note of symbolic links left out goes.
    var console: Console

    func write(_ paths: [String], into scratch: URL) throws(ReviewFailure) -> [String] {
        let git = ContainedGit(scratch: scratch)
        func ask(_ arguments: [String], failure: String? = nil) throws(ReviewFailure) -> String {
            do {
                var answer = String(decoding: try git.output(arguments), as: UTF8.self)
                if answer.hasSuffix("\n") { answer.removeLast() }
                return answer
            } catch {
                throw .baseline(file: nil, reason: error.stalled ? error.reason : failure ?? error.reason)
            }
        }
        let top = try ask(["rev-parse", "--show-toplevel"])
        let commit = try ask(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", reference + "^{commit}"],
            failure: "no commit '\(reference.echoed)' in this repository")
        let current = FileManager.default.currentDirectoryPath
        var insides: [String] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current + "/"))
                .standardizedFileURL.path
            guard absolute == top || absolute.hasPrefix(top + "/") else {
                throw .baseline(
                    file: path,
                    reason: "--baseline-ref reviews paths inside the repository; this one is outside \(top)")
            }
            insides.append(String(String(absolute.dropFirst(top.count)).drop { $0 == "/" }))
        }
        let folder = scratch.appendingPathComponent("tree")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let snapshot = try CommitSnapshot(
                commit: commit, named: reference.echoed, paths: insides, into: folder, git: git,
                limits: CommitSnapshot.Limits())
            let leftOut = snapshot.linksLeftOut
            if !leftOut.isEmpty {
                let listed =
                    leftOut.prefix(5).map(\.echoed).joined(separator: ", ")
                    + (leftOut.count > 5 ? " and \(leftOut.count - 5) more" : "")
                console.report(
                    .note, file: nil,
                    "--baseline-ref \(reference.echoed): symbolic links left out (absolute, or leading outside the reviewed paths or in a loop): \(listed)"
                )
            }
        } catch let failure as ContainedGit.Failure {
            throw .baseline(file: nil, reason: failure.reason)
        } catch {
            throw .baseline(file: nil, reason: "the baseline's files cannot be written: \(error.localizedDescription)")
        }
        // Each path is reviewed at its place in the copy.
        return insides.map { $0.isEmpty ? folder.path : folder.path + "/" + $0 }
    }
}
