import Foundation
import RichPreview
import RichPreviewSystem

/// A project reviewed onto one self-contained HTML page, as `richpreview review` does: the
/// paths linted and every payload drawn (`ProjectReviewer`), compared with a baseline when one is
/// given, the page written atomically (never over an input, nor over a file that is not an
/// earlier page), and its summary (`ReviewReport`, the `--json` output) returned.
public struct ReviewPageWriter: Sendable {
    /// The lint and drawing of the project (and of a baseline tree).
    public var reviewer: ProjectReviewer
    /// The page to write.
    public var output: String
    /// Where findings link.
    public var links: ReviewPage.LinkFormat
    /// What the pictures are compared with; nil for no comparison.
    public var baseline: ReviewBaselineSource?

    /// Pages larger than this are not read as a baseline: a page of 200 payloads is about 12 MB.
    public static let baselinePageLimit = 64 << 20

    /// A writer of `output` drawing with `reviewer`, linking findings as `links` says, comparing
    /// with `baseline`.
    public init(
        reviewer: ProjectReviewer, output: String, links: ReviewPage.LinkFormat,
        baseline: ReviewBaselineSource? = nil
    ) {
        self.reviewer = reviewer
        self.output = output
        self.links = links
        self.baseline = baseline
    }

    /// The page written: the review, its summary and its size.
    public struct Written: Sendable {
        /// The review drawn, with its changes against the baseline.
        public var review: ProjectReview
        /// The `--json` summary.
        public var report: ReviewReport
        /// Milliseconds from the review's start to the page written (unrounded).
        public var milliseconds: Double
    }

    /// Checks, before anything is drawn, that a page can be written at `output`: it would not
    /// overwrite one of `paths`, a file there is an earlier review page, and the folder takes it.
    /// - Throws: `ReviewFailure.overwritesInput`, `.notAReviewPage`, `.unwritable`.
    public static func checkOutput(_ output: String, against paths: [String]) throws(ReviewFailure) {
        if paths.contains(where: { AtomicFile.sameFile(output, $0) }) { throw .overwritesInput }
        // Only an earlier page is written over: any other file there may be one the walk reads.
        let existing = try? FileManager.default.attributesOfItem(atPath: output)[.type] as? FileAttributeType
        if let existing, existing != .typeDirectory {
            let start =
                existing == .typeRegular ? FileHandle(forReadingAtPath: output)?.readData(ofLength: 256) : nil
            guard ReviewPage.isReviewPage(start: start ?? Data()) else { throw .notAReviewPage(output) }
        }
        do {
            try AtomicFile.checkWritable(output)
        } catch {
            throw .unwritable(output, reason: error.reason)
        }
    }

    /// Reviews `paths` and writes the page. `progress` is called with the cards drawn so far and
    /// the total, from any thread, while the project (not the baseline) is drawn.
    /// - Throws: `ReviewFailure`: the page cannot be written, the baseline cannot be had, no fonts,
    ///   an unusable `.richpreview.json`.
    public func write(_ paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil)
        throws(ReviewFailure) -> Written
    {
        try Self.checkOutput(output, against: paths)
        let baselinePictures = try baseline.map { source throws(ReviewFailure) in try pictures(of: source, paths) }
        let started = ContinuousClock.now
        var review: ProjectReview
        do {
            review = try reviewer.review(paths, progress: progress)
        } catch {
            throw .notDrawn(error.description)
        }
        if let error = review.lint.configurationError { throw .configuration(file: error.file, reason: error.reason) }
        if let baselinePictures { review.changes = ReviewChanges(from: baselinePictures, to: review) }
        let page = Data(ReviewPage(review: review, links: links, scale: reviewer.scale).html.utf8)
        do {
            try AtomicFile.write(page, to: output)
        } catch {
            throw .unwritable(output, reason: error.reason)
        }
        let milliseconds = (ContinuousClock.now - started).milliseconds
        return Written(
            review: review,
            report: ReviewReport(review: review, output: output, bytes: page.count, milliseconds: milliseconds),
            milliseconds: milliseconds)
    }

    /// The baseline's pictures.
    private func pictures(of source: ReviewBaselineSource, _ paths: [String]) throws(ReviewFailure) -> ReviewBaseline {
        switch source {
        case .page(let path): return try Self.baselinePage(path)
        case .tree(let tree): return try baselineTree(tree, paths: paths)
        }
    }

    /// The pictures of the page at `path`, or of `review.html` in the folder at `path`.
    static func baselinePage(_ path: String) throws(ReviewFailure) -> ReviewBaseline {
        var isFolder: ObjCBool = false
        let file =
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? (path as NSString).appendingPathComponent("review.html") : path
        let data: Data
        do {
            data = try FileContents.read(path: file, limit: baselinePageLimit, mapped: true)
        } catch .tooLarge(let size?, _) {
            throw .baseline(
                file: file,
                reason: "the baseline page is \(size) bytes, over the limit of \(baselinePageLimit >> 20) MiB")
        } catch {
            throw .baseline(file: file, reason: "the baseline page cannot be read: \(error.reason)")
        }
        do {
            return try ReviewBaseline(page: data)
        } catch {
            throw .baseline(file: file, reason: error.description)
        }
    }

    /// The pictures of the same paths in the tree `tree` writes into a private temporary folder,
    /// removed afterwards; its files named as this review names them.
    private func baselineTree(_ tree: any ReviewBaselineTree, paths: [String]) throws(ReviewFailure)
        -> ReviewBaseline
    {
        let scratch: URL
        do {
            scratch = try PrivateTree.makeTemporaryFolder(prefix: "richpreview-baseline-")
        } catch {
            throw .baseline(file: nil, reason: "no private temporary folder for the baseline: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let mapped = try tree.write(paths, into: scratch)
        let review: ProjectReview
        do {
            review = try reviewer.review(mapped)
        } catch {
            throw .baseline(file: nil, reason: "the baseline cannot be drawn: \(error)")
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
}

/// What a review compares its pictures with.
public enum ReviewBaselineSource: Sendable {
    /// An earlier review page, or the folder holding its `review.html`.
    case page(String)
    /// Another version of the reviewed paths (a git commit's, say), drawn as this review is.
    case tree(any ReviewBaselineTree)
}

/// Another version of the reviewed paths, written out to be drawn as a baseline.
public protocol ReviewBaselineTree: Sendable {
    /// Writes the baseline's version of each of `paths` under `scratch` (a private folder, removed
    /// afterwards) and returns where each one is, in order.
    /// - Throws: `ReviewFailure.baseline` when they cannot be had.
    func write(_ paths: [String], into scratch: URL) throws(ReviewFailure) -> [String]
}

/// Why a review page was not written.
public enum ReviewFailure: Error, Sendable, Equatable, CustomStringConvertible, CaseNamingError {
    /// The page would overwrite one of the reviewed paths.
    case overwritesInput
    /// A file that is not an earlier review page is where the page would go.
    case notAReviewPage(String)
    /// The page cannot be written there.
    case unwritable(String, reason: String)
    /// The baseline cannot be had: the file it concerns (if one) and why.
    case baseline(file: String?, reason: String)
    /// The project cannot be drawn (no fonts).
    case notDrawn(String)
    /// The `.richpreview.json` is unusable.
    case configuration(file: String, reason: String)

    /// The file the failure concerns, if one.
    public var file: String? {
        switch self {
        case .overwritesInput, .notDrawn: nil
        case .notAReviewPage(let file), .unwritable(let file, _), .configuration(let file, _): file
        case .baseline(let file, _): file
        }
    }

    /// One line for users.
    public var description: String {
        switch self {
        case .overwritesInput: "the output would overwrite an input"
        case .notAReviewPage(let file):
            "\(file) exists and is not a page richpreview review wrote: it is not written over"
        case .unwritable(_, let reason): "the page cannot be written: \(reason)"
        case .baseline(_, let reason), .configuration(_, let reason): reason
        case .notDrawn(let reason): reason
        }
    }

    /// The name of a case without values.
    public var nameOfCaseWithoutValues: String? {
        self == .overwritesInput ? "overwritesInput" : nil
    }
}
