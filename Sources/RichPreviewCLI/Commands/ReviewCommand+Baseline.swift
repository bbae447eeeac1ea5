import Foundation
import RichPreview
import RichPreviewRendering
import RichPreviewSystem

extension ReviewCommand {
    /// Why the baseline cannot be had: the file it concerns and the reason.
    struct BaselineFailure: Error {
        var file: String?
        var reason: String
    }

    /// The baseline `--baseline` or `--baseline-ref` names; nil when neither is given.
    static func readBaseline(
        _ arguments: ParsedArguments, paths: [String], reviewer: ProjectReviewer, console: Console
    ) throws(BaselineFailure) -> ReviewBaseline? {
        if let path = arguments[Self.baseline] { return try baselinePage(path) }
        if let reference = arguments[Self.baselineRef] {
            return try baselineAtCommit(reference, paths: paths, reviewer: reviewer, console: console)
        }
        return nil
    }

    /// The pictures of the page at `path`, or of `review.html` in the folder at `path`.
    static func baselinePage(_ path: String) throws(BaselineFailure) -> ReviewBaseline {
        var isFolder: ObjCBool = false
        let file =
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? (path as NSString).appendingPathComponent("review.html") : path
        let data: Data
        do {
            data = try FileContents.read(path: file, limit: baselinePageLimit, mapped: true)
        } catch .tooLarge(let size?, _) {
            throw BaselineFailure(
                file: file,
                reason: "the baseline page is \(size) bytes, over the limit of \(baselinePageLimit >> 20) MiB")
        } catch {
            throw BaselineFailure(file: file, reason: "the baseline page cannot be read: \(error.reason)")
        }
        do {
            return try ReviewBaseline(page: data)
        } catch {
            throw BaselineFailure(file: file, reason: error.description)
        }
    }

    /// The pictures of the same paths in the tree at the git commit `reference`, whose files are
    /// written into a private temporary folder by `CommitSnapshot` (no worktree, no checkout:
    /// nothing the repository configures runs) and removed afterwards.
    static func baselineAtCommit(
        _ reference: String, paths: [String], reviewer: ProjectReviewer, console: Console
    ) throws(BaselineFailure) -> ReviewBaseline {
        let scratch: URL
        do {
            scratch = try PrivateTree.makeTemporaryFolder(prefix: "richpreview-baseline-")
        } catch {
            throw BaselineFailure(file: nil, reason: "no private temporary folder for the baseline: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let git = ContainedGit(scratch: scratch)
        func ask(_ arguments: [String], failure: String? = nil) throws(BaselineFailure) -> String {
            do {
                var answer = String(decoding: try git.output(arguments), as: UTF8.self)
                if answer.hasSuffix("\n") { answer.removeLast() }
                return answer
            } catch {
                throw BaselineFailure(file: nil, reason: error.stalled ? error.reason : failure ?? error.reason)
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
                throw BaselineFailure(
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
            throw BaselineFailure(file: nil, reason: failure.reason)
        } catch {
            throw BaselineFailure(
                file: nil, reason: "the baseline's files cannot be written: \(error.localizedDescription)")
        }
        // Each path is reviewed at its place in the copy.
        let mapped = insides.map { $0.isEmpty ? folder.path : folder.path + "/" + $0 }
        let review: ProjectReview
        do {
            review = try reviewer.review(mapped)
        } catch {
            throw BaselineFailure(file: nil, reason: "the baseline cannot be drawn: \(error)")
        }
        // The copy's names are given back as the walk names the files of each path as given (the
        // files of "." bare, of "x" and "x/" as "x/…"), so that both reviews name a file alike.
        let inputs = zip(mapped, paths).sorted { $0.0.count > $1.0.count }
        return ReviewBaseline(review: review) { file in
            for (copy, given) in inputs {
                if file == copy { return given }
                guard file.hasPrefix(copy + "/") else { continue }
                let rest = String(file.dropFirst(copy.count + 1))
                return given == "." ? rest : given.hasSuffix("/") ? given + rest : given + "/" + rest
            }
            return file
        }
    }

    /// What `--json` prints: every key always present (null without a value), documented in the README.
    struct Summary: Encodable {
        struct Card: Encodable {
            var file: String
            @Nullable var category: String?
            @Nullable var contentExtension: String?
            @Nullable var thread: String?
            var views: [String]
            var errors: Int
            var warnings: Int
            var notes: Int
            @Nullable var problem: String?
            @Nullable var change: String?
        }
        struct Thread: Encodable {
            @Nullable var thread: String?
            var files: [String]
            @Nullable var summary: String?
        }

        var output: String
        var outputBytes: Int
        var title: String
        var payloads: Int
        var pictures: Int
        var errors: Int
        var warnings: Int
        var notes: Int
        @Nullable var added: [String]?
        @Nullable var removed: [String]?
        @Nullable var changed: [String]?
        var cards: [Card]
        var threads: [Thread]
        var milliseconds: Double

        init(review: ProjectReview, output: String, bytes: Int, milliseconds: Double) {
            self.output = output
            outputBytes = bytes
            title = review.title
            payloads = review.cards.count
            pictures = review.cards.reduce(0) { $0 + $1.pictures.count }
            errors = review.lint.count(.error)
            warnings = review.lint.count(.warning)
            notes = review.lint.count(.note)
            added = review.changes?.added
            removed = review.changes?.removed
            changed = review.changes.map { $0.changed.keys.sorted() }
            cards = review.cards.map { card in
                let change: String? =
                    review.changes.flatMap { changes in
                        changes.added.contains(card.file)
                            ? "added" : changes.changed[card.file] != nil ? "changed" : nil
                    }
                return Card(
                    file: card.file, category: card.category, contentExtension: card.extensionFile,
                    thread: card.threadIdentifier, views: card.pictures.map(\.view.key),
                    errors: card.findings.filter { $0.severity == .error }.count,
                    warnings: card.findings.filter { $0.severity == .warning }.count,
                    notes: card.findings.filter { $0.severity == .note }.count, problem: card.problem, change: change)
            }
            threads = review.threads.map {
                Thread(thread: $0.threadIdentifier, files: $0.files, summary: $0.summary)
            }
            self.milliseconds = (milliseconds * 10).rounded() / 10
        }
    }
}
