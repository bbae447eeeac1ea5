import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewSystem
import Synchronization

/// `richpreview review [PATH]... -o review.html`: every notification of a project drawn on one
/// self-contained page, with its findings, and what changed since a baseline.
enum ReviewCommand: Command {
    static let name = "review"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Draw every notification of a project on one HTML page, with lint's findings beside each.",
        discussion: """
            Walks and lints the paths as 'lint' does (same .richpreview.json), finds every payload,
            and writes one self-contained page: each payload drawn light and dark, as a banner and
            expanded (and in the minimal context when its category has more than two buttons), the
            payloads with an error first, then the changed ones, then the rest by category, with its
            attachment, content extension, buttons and findings. --baseline compares the pictures
            with an earlier page (or the tree at a git commit, --baseline-ref): changed cards show
            before and after at one scale, the changed region outlined, and the payload fields that
            changed. --summary writes the same in brief as Markdown. Exit 0 when the page is written
            (1 with --fail-on-change and a change), 1 when it cannot be, 2 for usage errors.
            """,
        options: [
            output, baseline, baselineRef, failOnChange, json, summary, linkFormat, appName, width, scale,
            CommonOptions.style,
            CommonOptions.exclude,
            CommonOptions.attachmentsFolder,
            CommonOptions.assumeServiceExtension,
        ],
        positionals: [
            PositionalDeclaration(
                "PATH", help: "Files and folders to review (default: .).", repeated: true, optional: true)
        ]
    )

    static let output = Option.value(
        "output", short: "o", placeholder: "FILE", values: .nonEmptyText,
        help: "The page to write (default review.html).")
    static let baseline = Option.value(
        "baseline", placeholder: "PAGE|DIR", values: .nonEmptyText,
        help: "An earlier review page (or the folder holding review.html) to compare with.")
    static let baselineRef = Option.value(
        "baseline-ref", placeholder: "GIT_REF", values: .nonEmptyText,
        help:
            "Compare with the same paths at this git commit (read from git's objects; nothing of the repository runs).")
    static let failOnChange = Option.flag(
        "fail-on-change", help: "Exit 1 when a payload was added, removed or drawn differently.")
    static let json = Option.flag("json", help: "Print a summary of the page as JSON on standard output.")
    static let summary = Option.value(
        "summary", placeholder: "FILE", values: .nonEmptyText,
        help:
            "Also write a short Markdown summary (counts, the broken, changed, added and removed payloads) to FILE, - for standard output: for a CI job to post."
    )
    static let linkFormat = Option.value(
        "link-format", placeholder: "FORMAT",
        help:
            "Where findings link: relative (to the page, the default), vscode, or a template with {path}, {absolute}, {line} and {column}."
    )
    static let appName = Option.value(
        "app-name", placeholder: "NAME", help: "The app's name in the header (default: its Info.plist's, else App).")
    static let width = Option.wholeNumber(
        "width", placeholder: "POINTS", range: 200...1024, help: "The cards' width in points (default 375).")
    static let scale = Option.oneOf("scale", ["1", "2", "3"], help: "Pixels per point (default 2).").map {
        $0.flatMap { Int($0) }
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let output = arguments[Self.output] ?? "review.html"
        if arguments[Self.baseline] != nil, arguments[Self.baselineRef] != nil {
            throw UsageError("--baseline and --baseline-ref cannot be combined: give one baseline")
        }
        if arguments[Self.failOnChange], arguments[Self.baseline] == nil, arguments[Self.baselineRef] == nil {
            throw UsageError("--fail-on-change needs --baseline or --baseline-ref")
        }
        do {
            try ReviewPageWriter.checkOutput(output, against: paths)
        } catch .unwritable(let file, let reason) {
            console.report(.error, file: file, "the page cannot be written: \(reason)")
            return .failure
        } catch {
            throw UsageError(error.description)
        }
        let summaryFile = arguments[Self.summary]
        if let summaryFile, summaryFile != "-" {
            if summaryFile == output || AtomicFile.sameFile(summaryFile, output) {
                throw UsageError("--summary and -o name the same file: give the summary its own")
            }
            if paths.contains(where: { AtomicFile.sameFile(summaryFile, $0) }) || mayBeInput(summaryFile, of: paths) {
                throw UsageError(
                    "--summary would overwrite an input: a file under the reviewed paths is written over only when it ends in .md, .markdown or .txt"
                )
            }
        }
        if summaryFile == "-", arguments[Self.json] {
            throw UsageError("--summary - and --json both print on standard output: give the summary a file")
        }
        let links = try linkFormat(arguments[Self.linkFormat], output: output)
        var configuration = LintConfiguration(
            excludes: arguments[CommonOptions.exclude].map(GlobPattern.init),
            attachmentsRoot: arguments[CommonOptions.attachmentsFolder]
        )
        // The page itself is never a payload of the next review.
        configuration.excludes.append(GlobPattern((output as NSString).lastPathComponent))
        var reviewer = ProjectReviewer(
            linter: Linter(configuration: configuration, imageProbe: ImageValidator.attachmentProbe()),
            appName: arguments[Self.appName], width: arguments[Self.width] ?? 375, scale: arguments[Self.scale] ?? 2)
        reviewer.style = arguments[CommonOptions.style] ?? .default
        if arguments[CommonOptions.assumeServiceExtension] {
            reviewer.remoteImages = CommonOptions.remoteImages(arguments, project: nil)
        }
        let baseline: ReviewBaselineSource? =
            arguments[Self.baseline].map { .page($0) }
            ?? arguments[Self.baselineRef].map { .tree(CommitBaselineTree(reference: $0, console: console)) }
        let writer = ReviewPageWriter(reviewer: reviewer, output: output, links: links, baseline: baseline)
        let progress = ReviewProgress(console: console)
        let written: ReviewPageWriter.Written
        do {
            written = try writer.write(paths) { done, total in progress.update(done: done, total: total) }
        } catch {
            progress.finish()
            console.report(.error, file: error.file, error.description)
            return .failure
        }
        progress.finish()
        let review = written.review
        for path in review.lint.unreadablePaths { console.report(.error, file: path, "cannot be read") }
        if arguments[Self.json] { console.out(JSONOutput.encode(written.report)) }
        if let summaryFile {
            let markdown = ReviewSummary(review: review, links: links, page: output).markdown
            if summaryFile == "-" {
                console.out(markdown)
            } else {
                do {
                    try AtomicFile.write(Data(markdown.utf8), to: summaryFile)
                } catch {
                    console.report(.error, file: summaryFile, "the summary cannot be written: \(error.reason)")
                    return .failure
                }
            }
        }
        console.err(
            "richpreview review: \(summary(review, output: output, bytes: written.report.outputBytes, milliseconds: written.milliseconds))\n"
        )
        if !review.lint.unreadablePaths.isEmpty { return .failure }
        if arguments[Self.failOnChange], let changes = review.changes, !changes.isEmpty { return .failure }
        return .success
    }

    /// Whether `file` exists under one of `paths` with a name the walk may read (not `.md`,
    /// `.markdown` or `.txt`): a summary is not written over it.
    static func mayBeInput(_ file: String, of paths: [String]) -> Bool {
        guard FileManager.default.fileExists(atPath: file),
            !["md", "markdown", "txt"].contains((file as NSString).pathExtension.lowercased())
        else { return false }
        let target = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        return paths.contains { path in
            let folder = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            return target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
    }

    /// `wrote review.html (1.2 MB): 4 payloads, 17 pictures, 0 errors, 2 warnings; 1 changed (850 ms)`.
    static func summary(_ review: ProjectReview, output: String, bytes: Int, milliseconds: Double) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let pictures = review.cards.reduce(0) { $0 + $1.pictures.count }
        var text =
            "wrote \(output) (\(String(format: "%.1f MB", Double(bytes) / Double(1 << 20)))): \(count(review.cards.count, "payload")), \(count(pictures, "picture")), "
            + "\(count(review.lint.count(.error), "error")), \(count(review.lint.count(.warning), "warning"))"
        if let changes = review.changes {
            text += "; \(changes.changed.count) changed, \(changes.added.count) added, \(changes.removed.count) removed"
        }
        return text + " (\(Int(milliseconds.rounded())) ms)"
    }

    static func linkFormat(_ value: String?, output: String) throws(UsageError) -> ReviewPage.LinkFormat {
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        switch value {
        case nil, "relative"?: return .relative(pageFolder: folder)
        case "vscode"?: return .vscode
        case let template?:
            guard ReviewPage.LinkFormat.isWebLink(template),
                template.contains("{path}") || template.contains("{absolute}")
            else {
                throw UsageError(
                    "--link-format is relative, vscode or an http(s) template with {path} or {absolute}, not '\(template.echoed)'"
                )
            }
            return .template(template)
        }
    }
}

/// The review's progress on standard error, when it is a terminal; safe to update from any thread.
final class ReviewProgress: Sendable {
    private let console: Console
    private let shown = Mutex(false)

    init(console: Console) { self.console = console }

    func update(done: Int, total: Int) {
        guard console.errorIsTerminal, total > 1 else { return }
        shown.withLock { shown in
            shown = true
            console.err("\r\u{1B}[Krichpreview review: drawing \(done)/\(total)")
        }
    }

    func finish() {
        shown.withLock { shown in
            if shown { console.err("\r\u{1B}[K") }
            shown = false
        }
    }
}
