import Foundation
import RichPreviewSystem

/// What `richpreview scale` runs, in every form: jobs (one input each, into one output or
/// several), several at a time, with their reports in input order. For `--output-dir`, the
/// planning too: one job per input, its output named and its format chosen, in a folder made
/// when missing.
public struct ScaleBatch: Sendable {
    /// The jobs, in input order.
    public var jobs: [ScaleJob]
    /// The folder the jobs write into, made by `prepareFolder`; nil when their outputs are named
    /// one by one.
    public var folder: String?

    /// A batch of `jobs`, their outputs named by the caller.
    public init(jobs: [ScaleJob]) {
        self.jobs = jobs
        folder = nil
    }

    /// The batch that writes every input of `inputs` into `folder` with `request`: in `format`,
    /// or, when nil, the input's own format (JPEG for a HEIC, AVIF or WebP photo without alpha,
    /// PNG otherwise). An input whose format changes is named with the new extension in place of
    /// its own, or after it when `keepingExtension`.
    /// - Throws: `ScaleBatchError.standardInputHasNoName` for `-`, `.sameOutput` for two inputs
    ///   that would write one file.
    public init(
        _ inputs: [String], into folder: String, format: OutputFormat?, keepingExtension: Bool,
        request: ScaleRequest, quality: Int
    ) throws(ScaleBatchError) {
        var claimed: [String: String] = [:]
        var jobs: [ScaleJob] = []
        for input in inputs {
            if input == "-" { throw .standardInputHasNoName }
            let written = format ?? OutputFormat(path: input) ?? Self.transcodedFormat(input) ?? .png
            let output = (folder as NSString).appendingPathComponent(
                Self.outputName(of: input, writtenAs: written, keepingExtension: keepingExtension))
            if let earlier = claimed[output] {
                throw .sameOutput(
                    earlier: earlier, input: input, output: output, keepingExtension: keepingExtension)
            }
            claimed[output] = input
            jobs.append(
                ScaleJob(
                    input: input, output: output, request: request,
                    encoding: written == .jpeg ? .jpeg(quality: quality) : .png()))
        }
        self.jobs = jobs
        self.folder = folder
    }

    /// The name `input` is written under as `format`: its own when its extension names that
    /// format, else its name with `.png` or `.jpg` in place of its extension (after it when
    /// `keepingExtension`).
    public static func outputName(of input: String, writtenAs format: OutputFormat, keepingExtension: Bool) -> String {
        let url = URL(fileURLWithPath: input)
        if OutputFormat(path: input) == format { return url.lastPathComponent }
        let suffix = format == .png ? ".png" : ".jpg"
        return (keepingExtension ? url.lastPathComponent : url.deletingPathExtension().lastPathComponent) + suffix
    }

    /// What a photo iOS does not document (HEIC, AVIF, WebP) is written as by default: JPEG, or
    /// PNG when it has alpha, from its header (the file mapped, only its header's pages read); nil
    /// for any other input, or one whose header does not read (its job then says why).
    static func transcodedFormat(_ input: String) -> OutputFormat? {
        guard let data = try? FileContents.read(path: input, limit: nil, mapped: true),
            let header = try? ImageHeader.read(data), [.heic, .avif, .webp].contains(header.format)
        else { return nil }
        return header.hasAlpha ? .png : .jpeg
    }

    /// Creates the output folder when it is missing (its parent must exist); nothing without one.
    /// - Throws: `ScaleBatchError.outputFolder` when it is not a folder or cannot be made.
    public func prepareFolder() throws(ScaleBatchError) {
        guard let folder else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            if isFolder.boolValue { return }
            throw .outputFolder(folder, reason: "not a folder")
        }
        do {
            try DirectoryListing.makeFolder(folder)
        } catch {
            // Another run may have made it since: a folder that exists now is as good.
            if error.code == EEXIST, FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
                isFolder.boolValue
            {
                return
            }
            throw .outputFolder(folder, reason: "cannot create the output folder: \(error.text)")
        }
    }

    /// Runs the jobs `width` at a time (on the calling thread alone when 1). `emit` gets each
    /// job's outcome in input order on the calling thread, and `completed` then hears how many
    /// jobs have finished. Returns every output's report, in order.
    public func run(
        width: Int, files: ScaleFileAccess = .files, completed: (Int) -> Void = { _ in },
        emit: (ScaleJob.Outcome) -> Void = { _ in }
    ) -> [ScaleOutputReport] {
        var reports: [ScaleOutputReport] = []
        let jobs = self.jobs
        OrderedJobs.run(
            count: jobs.count, width: width, job: { jobs[$0].run(files: files) }, completed: completed,
            emit: { _, outcome in
                emit(outcome)
                reports += outcome.reports
            })
        return reports
    }
}

/// Why a batch cannot be planned or its folder used.
public enum ScaleBatchError: Error, Sendable, Equatable, CustomStringConvertible, CaseNamingError {
    /// Standard input (`-`) has no name to write under in the folder.
    case standardInputHasNoName
    /// `earlier` and `input` would both be written to `output`.
    case sameOutput(earlier: String, input: String, output: String, keepingExtension: Bool)
    /// The output folder is not a folder or cannot be made.
    case outputFolder(String, reason: String)

    /// One line for users.
    public var description: String {
        switch self {
        case .standardInputHasNoName:
            "standard input ('-') has no name to write under in --output-dir; use -o"
        case .sameOutput(let earlier, let input, let output, let keepingExtension):
            "'\(earlier)' and '\(input)' would both be written to '\(output)'"
                + (keepingExtension ? "" : " (--keep-extension writes NAME.gif.png and the like)")
        case .outputFolder(_, let reason): reason
        }
    }

    /// The name of a case without values.
    public var nameOfCaseWithoutValues: String? {
        self == .standardInputHasNoName ? "standardInputHasNoName" : nil
    }
}
