import Foundation
import RichPreview
import RichPreviewImaging

/// `richpreview scale INPUT -o OUTPUT --fit WxH`, or `scale INPUT... --output-dir DIR --fit WxH`:
/// decode, orient, resize and encode one image, or many on several cores.
enum ScaleCommand: Command {
    static let name = "scale"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Decode images, orient them as iOS shows them, resize them into a box and write PNG or JPEG.",
        discussion: """
            Modes follow UIKit's content modes: fit (the whole image inside the box; the output is the
            fitted size, each side round(side x min(W/w, H/h)), at least 1), fill (covers the box,
            centred crop; the output is the box) and stretch. With -o the output format follows the
            output's extension (.png, .jpg, .jpeg). With --output-dir every input is written into DIR
            under its own name, in --format (default: JPEG for a JPEG input and for a HEIC, AVIF or
            WebP photo without alpha, PNG otherwise), --jobs at a time; a file that fails is reported
            and the others go on. An ICC profile is converted to sRGB (--keep-profile embeds it
            instead). Outputs are written atomically and never over an input.
            """,
        options: [
            output, outputDir, fit, mode, filter, format, keepExtension, quality, jobs, threads, noOrient, noEnlarge,
            keepProfile,
        ]
            + CommonOptions.imageLimits(
                memory:
                    "; with --output-dir, the budget of the whole run: images wait for room in it") + [json],
        positionals: [
            PositionalDeclaration(
                "INPUT", help: "PNG, JPEG, GIF, HEIC, AVIF or WebP files; '-' reads standard input (with -o).",
                repeated: true)
        ]
    )

    static let output = Option.repeated(
        "output", short: "o", placeholder: "OUTPUT", values: .nonEmptyText,
        help:
            "The file to write (one input); '-' writes the image to standard output. Repeated with --fit: one decode, one file per box."
    )
    static let outputDir = Option.value(
        "output-dir", placeholder: "DIR", values: .nonEmptyText,
        help: "The folder to write every input into, under its own name (created if missing).")
    static let fit = Option.repeated(
        "fit", placeholder: "WxH", required: true,
        help: "The box in pixels, for example 1179x1179; one per -o when -o is repeated.")
    static let mode = Option.oneOf(
        "mode", ScaleMode.allCases.map(\.rawValue), help: "How the image meets the box (default fit)."
    ).map { $0.flatMap(ScaleMode.init(rawValue:)) }

    static let filter = Option.oneOf(
        "filter", ResamplingFilter.allCases.map(\.rawValue), help: "Resampling filter (default lanczos3)."
    ).map { $0.flatMap(ResamplingFilter.init(rawValue:)) }

    static let format = Option.oneOf(
        "format", ["png", "jpeg", "jpg"],
        help: "The format written with --output-dir or -o - (default: the input's, PNG for GIF).")

    static let json = Option.flag(
        "json", help: "Print what was done as one JSON object (with --output-dir, an array of them in input order).")

    static let keepExtension = Option.flag(
        "keep-extension",
        help:
            "With --output-dir, keep the input's extension before the new one (photo.gif becomes photo.gif.png), so that inputs differing only in extension do not collide."
    )
    static let quality = Option.wholeNumber(
        "quality", placeholder: "Q", range: 1...100, help: "JPEG quality 1-100 (default 85).")
    static let jobs = Option.wholeNumber(
        "jobs", short: "j", placeholder: "N", range: 1...maximumJobs,
        help:
            "Images scaled at once with --output-dir, at most \(maximumJobs) (default: the number of cores, here \(defaultJobs))."
    )
    static let threads = Option.wholeNumber(
        "threads", placeholder: "N", range: 1...maximumThreads,
        help:
            "Threads per image, at most \(maximumThreads): 1 decodes and resamples on one; 2 or more resample on a helper while decoding (default: the number of cores, here \(ScaleRequest.defaultThreads), shared among --jobs). The pixels are the same."
    )
    static let noOrient = Option.flag("no-orient", help: "Keep the stored pixels; ignore the EXIF orientation.")
    static let noEnlarge = Option.flag(
        "no-enlarge", help: "Never scale an image up: one smaller than the box keeps its size (fill crops it).")
    static let keepProfile = Option.flag(
        "keep-profile",
        help:
            "Keep the pixels as stored and embed the input's ICC profile in the output, instead of converting them to sRGB."
    )

    /// The most images scaled at once, whatever `--jobs` says: each holds its input and buffers.
    static let maximumJobs = 64

    /// The most threads per image `--threads` accepts.
    static let maximumThreads = 64

    /// Cores this process may use: the default for `--jobs`.
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        let inputs = arguments.positionals
        var request = try parseRequest(arguments, fit: arguments[Self.fit].last ?? "")
        let quality = arguments[Self.quality] ?? 85
        let jobs = arguments[Self.jobs] ?? min(defaultJobs, maximumJobs)
        let threads = arguments[Self.threads]
        try arguments.checkStandardInputReadOnce()
        if let folder = arguments[Self.outputDir] {
            guard arguments[Self.output].isEmpty else { throw UsageError("give either -o or --output-dir, not both") }
            guard arguments[Self.fit].count == 1 else { throw UsageError("--output-dir takes one --fit") }
            let format = outputFormat(arguments)
            // Images running side by side share the cores: by default each gets its share.
            request.threads = threads ?? max(1, ScaleRequest.defaultThreads / min(jobs, max(1, inputs.count)))
            // One budget for the run: images scaled side by side wait for room in it.
            if jobs > 1, inputs.count > 1 { request.sharedBudget = MemoryBudget(bytes: request.limits.maxMemory) }
            let batch: ScaleBatch
            do {
                batch = try ScaleBatch(
                    inputs, into: folder, format: format, keepingExtension: arguments[Self.keepExtension],
                    request: request, quality: quality)
                try batch.prepareFolder()
            } catch .outputFolder(let folder, let reason) {
                console.report(.error, file: folder, reason)
                if arguments[Self.json] { console.out("[]\n") }
                return .failure
            } catch {
                throw UsageError(error.description)
            }
            return run(batch, printing: .folder, width: jobs, json: arguments[Self.json], console: console)
        }
        let outputs = arguments[Self.output]
        let fits = arguments[Self.fit]
        if outputs.count > 1 || fits.count > 1 {
            guard outputs.count == fits.count else {
                throw UsageError("give one --fit per -o: \(outputs.count) outputs and \(fits.count) boxes")
            }
            guard inputs.count == 1 else { throw UsageError("several -o write one input; \(inputs.count) were given") }
            if arguments[Self.format] != nil {
                throw UsageError("with several -o, each output's extension names its format; --format is not for them")
            }
            var requests: [ScaleRequest] = []
            for fit in fits {
                var one = try parseRequest(arguments, fit: fit)
                one.threads = 1
                requests.append(one)
            }
            let job = try severalOutputs(inputs[0], outputs: outputs, requests: requests, quality: quality)
            return run(
                ScaleBatch(jobs: [job]), printing: .severalOutputs, width: 1, json: arguments[Self.json],
                console: console)
        }
        guard let output = arguments[Self.output].last else { throw UsageError("missing --output (or --output-dir)") }
        request.threads = threads ?? ScaleRequest.defaultThreads
        guard inputs.count == 1 else {
            throw UsageError("-o writes one file; \(inputs.count) inputs need --output-dir")
        }
        if arguments[Self.keepExtension] { throw UsageError("--keep-extension goes with --output-dir") }
        let format: OutputFormat
        if output == "-" {
            // Standard output has no name: --format says what to write (PNG by default).
            format = outputFormat(arguments) ?? .png
        } else {
            if arguments[Self.format] != nil {
                throw UsageError(
                    "--format goes with --output-dir or -o -; with -o FILE the output's extension names the format")
            }
            guard let named = OutputFormat(path: output) else {
                throw UsageError("the output's name must end in .png, .jpg or .jpeg, not '\(output)'")
            }
            format = named
        }
        let job = ScaleJob(
            input: inputs[0], inputName: inputName(inputs[0]), output: output, request: request,
            encoding: format == .jpeg ? .jpeg(quality: quality) : .png())
        return run(
            ScaleBatch(jobs: [job]), printing: .oneOutput, width: 1, json: arguments[Self.json], console: console)
    }

    /// The format `--format` names, or nil to follow each input.
    static func outputFormat(_ arguments: ParsedArguments) -> OutputFormat? {
        arguments[Self.format].map { $0 == "png" ? .png : .jpeg }
    }

    /// How a run's results are printed.
    enum Printing {
        /// `-o FILE` or `-o -`: one line, or one JSON object (on standard error when the image
        /// took standard output).
        case oneOutput
        /// `-o A -o B …`: a line per output, or a JSON array of them.
        case severalOutputs
        /// `--output-dir`: each input's result in input order with a progress line on a terminal,
        /// and a JSON array of them.
        case folder
    }

    /// Runs the batch `width` jobs at a time and prints what each did as `printing` says; exit 1
    /// when any failed.
    static func run(_ batch: ScaleBatch, printing: Printing, width: Int, json: Bool, console: Console) -> ExitStatus {
        var failures = 0
        let progress =
            printing == .folder ? BatchProgress(total: batch.jobs.count, verb: "scaled", console: console) : nil
        let reports = batch.run(
            width: width, files: files(console), completed: { progress?.update(done: $0, failed: failures) },
            emit: { outcome in
                if outcome.failure != nil { failures += 1 }
                switch printing {
                case .oneOutput: printOneOutput(outcome, json: json, console: console)
                case .severalOutputs:
                    if let failure = outcome.failure { console.report(.error, file: failure.file, failure.message) }
                    if let first = outcome.reports.first(where: \.succeeded) {
                        warnAboutColour(first, console: console)
                    }
                    if !json {
                        for report in outcome.reports where report.succeeded { console.record(summary(report)) }
                    }
                case .folder:
                    progress?.clear()
                    if let failure = outcome.failure {
                        console.report(.error, file: failure.file, failure.message)
                    } else {
                        for report in outcome.reports {
                            warnAboutColour(report, console: console)
                            if !json { console.record(summary(report)) }
                        }
                    }
                }
            })
        progress?.finish()
        if json, printing != .oneOutput { console.out(JSONOutput.encode(reports)) }
        return failures == 0 ? .success : .failure
    }

    /// Prints the result of `-o FILE` or `-o -`.
    static func printOneOutput(_ outcome: ScaleJob.Outcome, json: Bool, console: Console) {
        for report in outcome.reports {
            warnAboutColour(report, console: console)
            if json {
                // The image took standard output: the report goes to standard error.
                let text = JSONOutput.encode(report)
                if report.output == "-" { console.err(text) } else { console.out(text) }
            } else if let failure = outcome.failure {
                console.report(.error, file: failure.file, failure.message)
            } else if report.output != "-" {
                console.record(summary(report))
            }
        }
    }

    static func parseRequest(_ arguments: ParsedArguments, fit: String) throws(UsageError) -> ScaleRequest {
        let parts = fit.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw UsageError("--fit needs WxH with positive whole numbers, not '\(fit)'")
        }
        var request = ScaleRequest(box: PixelSize(width: width, height: height))
        if let mode = arguments[Self.mode] { request.mode = mode }
        if let filter = arguments[Self.filter] { request.filter = filter }
        request.applyOrientation = !arguments[Self.noOrient]
        request.enlarging = !arguments[Self.noEnlarge]
        request.keepsProfile = arguments[Self.keepProfile]
        request.limits = arguments.imageLimits()
        // fill and stretch always produce the box itself (unless never enlarging): a box over the
        // pixel budget fits no image.
        if request.mode != .fit, request.enlarging, request.box.pixelCount > request.limits.maxPixels {
            throw UsageError(
                "--fit \(fit) with --mode \(request.mode.rawValue) makes a \(request.box) output, over the pixel limit of \(request.limits.maxPixels)"
            )
        }
        return request
    }
}
