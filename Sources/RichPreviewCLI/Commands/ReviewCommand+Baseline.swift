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
        if let path = arguments.value("baseline") { return try baselinePage(path) }
        if let reference = arguments.value("baseline-ref") {
            return try baselineAtCommit(reference, paths: paths, reviewer: reviewer)
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

    /// The pictures of the same paths in the tree at the git commit `reference`, checked out in a
    /// temporary worktree that is removed afterwards.
    static func baselineAtCommit(_ reference: String, paths: [String], reviewer: ProjectReviewer)
        throws(BaselineFailure) -> ReviewBaseline
    {
        let top = try git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = try git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let commit = try git(
            ["rev-parse", "--verify", "--quiet", reference + "^{commit}"],
            failure: "no commit '\(reference.echoed)' in this repository"
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "richpreview-baseline-\(UUID().uuidString)")
        _ = try git(["-C", top, "worktree", "add", "--detach", "--quiet", folder.path, commit])
        defer {
            _ = try? git(["-C", top, "worktree", "remove", "--force", folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
        let root = folder.appendingPathComponent(prefix).path
        let current = FileManager.default.currentDirectoryPath
        var mapped: [String] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current + "/"))
                .standardizedFileURL.path
            guard absolute == top || absolute.hasPrefix(top + "/") else {
                throw BaselineFailure(
                    file: path, reason: "--baseline-ref reviews paths inside the repository; this one is outside \(top)"
                )
            }
            let inside = String(absolute.dropFirst(top.count)).drop { $0 == "/" }
            let relativeToCurrent = path.hasPrefix("/") ? nil : path
            mapped.append(relativeToCurrent.map { root + "/" + $0 } ?? folder.path + "/" + inside)
        }
        let review: ProjectReview
        do {
            review = try reviewer.review(mapped)
        } catch {
            throw BaselineFailure(file: nil, reason: "the baseline cannot be drawn: \(error)")
        }
        // A relative path's cards are named relative to the current folder, an absolute path's
        // absolutely: the worktree's names are mapped back to those this checkout's review gives.
        let absoluteInputs = zip(paths, mapped).filter { $0.0.hasPrefix("/") }.map(\.1)
        return ReviewBaseline(review: review) { file in
            if absoluteInputs.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) {
                return top + file.dropFirst(folder.path.count)
            }
            return file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
        }
    }

    /// Runs git with `arguments`, returning its standard output.
    @discardableResult
    static func git(_ arguments: [String], failure: String? = nil) throws(BaselineFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        // Standard error goes to a file, so that git never waits on a full pipe nobody reads yet.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "richpreview-git-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let err = try? FileHandle(forWritingTo: errorFile)
        else { throw BaselineFailure(file: nil, reason: "no temporary file for git's messages") }
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BaselineFailure(
                file: nil, reason: "--baseline-ref needs git, which cannot be run: \(error.localizedDescription)")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = (try? Data(contentsOf: errorFile)) ?? Data()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw BaselineFailure(
                file: nil, reason: failure ?? "git \(arguments.joined(separator: " ")) failed: \(said)")
        }
        return String(decoding: output, as: UTF8.self)
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
