import Foundation
import RichPreviewSystem

/// One input scaled into one output file, as `richpreview scale` does for each of its inputs:
/// read, decoded, oriented, resized, encoded and written atomically, never over the input. Safe to
/// run on any thread.
public struct ScaleJob: Sendable {
    /// The input's path, or what `ScaleFileAccess.read` takes for another source (`-`).
    public var input: String
    /// How reports name the input before it is read (`<stdin>` for standard input).
    public var inputName: String
    /// The file to write, or `-` for `ScaleFileAccess.writeStandardOutput`.
    public var output: String
    /// The box, mode, filter and limits.
    public var request: ScaleRequest
    /// PNG or JPEG, and their settings.
    public var encoding: ImageEncoding

    /// A job reading `input` (named `inputName` in its report, the path by default) and writing
    /// `output` as `encoding` says.
    public init(input: String, inputName: String? = nil, output: String, request: ScaleRequest, encoding: ImageEncoding)
    {
        self.input = input
        self.inputName = inputName ?? input
        self.output = output
        self.request = request
        self.encoding = encoding
    }

    /// Why a job wrote nothing: the file concerned and what went wrong.
    public struct Failure: Error, Sendable, Equatable {
        /// The input or the output the failure concerns.
        public var file: String
        /// One line for users.
        public var message: String

        /// The failure of `file`, `message` saying why.
        public init(file: String, message: String) {
            self.file = file
            self.message = message
        }
    }

    /// What a job did: its report, and its failure if it failed.
    public struct Outcome: Sendable, Equatable {
        /// The `--json` report.
        public var report: ScaleOutputReport
        /// Why nothing was written; nil when the output was.
        public var failure: Failure?
    }

    /// Reads, scales, encodes and writes; never throws: a failure is in the outcome.
    public func run(files: ScaleFileAccess = .files) -> Outcome {
        func failed(_ file: String, _ message: String) -> Outcome {
            Outcome(
                report: ScaleOutputReport(input: inputName, output: output, error: message),
                failure: Failure(file: file, message: message))
        }
        let toStandardOutput = output == "-"
        if !toStandardOutput, let problem = Self.outputProblem(input: input, output: output) {
            return failed(output, problem)
        }
        let clock = ContinuousClock()
        let started = clock.now
        let read: (name: String, data: Data)
        do {
            read = try files.read(input)
        } catch {
            return failed(error.file, error.message)
        }
        let scaled: ScaledImageData
        do {
            scaled = try ImageScaler.scale(read.data, to: request, encodingAs: encoding)
        } catch {
            switch error {
            case .decoding(let reason): return failed(read.name, reason.description)
            case .encoding(let reason): return failed(output, reason.description)
            }
        }
        let writeStart = clock.now
        if toStandardOutput {
            files.writeStandardOutput(scaled.data)
        } else {
            do {
                try AtomicFile.write(scaled.data, to: output)
            } catch {
                return failed(output, "cannot write: \(error.reason)")
            }
        }
        let encodeTime = scaled.encodeMilliseconds + (clock.now - writeStart).milliseconds
        return Outcome(
            report: ScaleOutputReport(
                input: read.name, output: output, scale: scaled.report, encoded: scaled.encoded,
                encodeMilliseconds: encodeTime, totalMilliseconds: (clock.now - started).milliseconds),
            failure: nil)
    }

    /// Why `output` (a file, not standard output) cannot take what is made of `input`: it is the
    /// input, or it cannot be written; nil when it can.
    public static func outputProblem(input: String, output: String) -> String? {
        if input != "-" && AtomicFile.sameFile(input, output) { return "the output would overwrite the input" }
        do {
            try AtomicFile.checkWritable(output)
        } catch {
            return "cannot write: \(error.reason)"
        }
        return nil
    }
}

/// How scale jobs read their inputs and write an output named `-`: files by default; a command
/// line reads `-` from standard input and writes the image to standard output.
public struct ScaleFileAccess: Sendable {
    /// The name (as reports give it) and bytes of an input; throws the failure to report.
    public var read: @Sendable (String) throws(ScaleJob.Failure) -> (name: String, data: Data)
    /// Takes the image of an output named `-`.
    public var writeStandardOutput: @Sendable (Data) -> Void

    /// Access that reads with `read` and hands `-` outputs to `writeStandardOutput`.
    public init(
        read: @escaping @Sendable (String) throws(ScaleJob.Failure) -> (name: String, data: Data),
        writeStandardOutput: @escaping @Sendable (Data) -> Void
    ) {
        self.read = read
        self.writeStandardOutput = writeStandardOutput
    }

    /// Inputs read from files (mapped, at most 128 MiB); a `-` output is dropped.
    public static let files = ScaleFileAccess(
        read: { path throws(ScaleJob.Failure) in
            do throws(FileContents.ReadFailure) {
                return (path, try FileContents.read(path: path, limit: FileContents.mediaLimit, mapped: true))
            } catch {
                throw ScaleJob.Failure(file: path, message: error.reason)
            }
        }, writeStandardOutput: { _ in })
}
