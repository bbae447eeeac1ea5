import Foundation
import RichPreviewSystem

/// One input scaled into one output file, or into several from one decode, as `richpreview
/// scale` does for each of its inputs: read, decoded, oriented, resized, encoded and written
/// atomically, never over the input. Safe to run on any thread.
public struct ScaleJob: Sendable {
    /// The input's path, or what `ScaleFileAccess.read` takes for another source (`-`).
    public var input: String
    /// How reports name the input before it is read (`<stdin>` for standard input).
    public var inputName: String
    /// Every output, in order: one, or several scaled from one decode (at the least JPEG DCT
    /// reduction any of them allows).
    public var outputs: [Output]

    /// One output: the file, its box and its encoding.
    public struct Output: Sendable {
        /// The file to write; `-`, as a job's only output, goes to
        /// `ScaleFileAccess.writeStandardOutput`.
        public var path: String
        /// The box, mode, filter and limits.
        public var request: ScaleRequest
        /// PNG or JPEG, and their settings.
        public var encoding: ImageEncoding

        /// The output `path`, scaled as `request` says and encoded as `encoding`.
        public init(path: String, request: ScaleRequest, encoding: ImageEncoding) {
            self.path = path
            self.request = request
            self.encoding = encoding
        }
    }

    /// A job reading `input` (named `inputName` in its reports, the path by default) into `outputs`.
    public init(input: String, inputName: String? = nil, outputs: [Output]) {
        self.input = input
        self.inputName = inputName ?? input
        self.outputs = outputs
    }

    /// A job reading `input` (named `inputName` in its report, the path by default) and writing
    /// `output` as `encoding` says.
    public init(input: String, inputName: String? = nil, output: String, request: ScaleRequest, encoding: ImageEncoding)
    {
        self.init(
            input: input, inputName: inputName, outputs: [Output(path: output, request: request, encoding: encoding)])
    }

    /// Why a job wrote nothing more: the file concerned and what went wrong.
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

    /// What a job did: a report per output, and the failure that stopped it.
    public struct Outcome: Sendable, Equatable {
        /// One per output, in order; those not written carry the failure's message.
        public var reports: [ScaleOutputReport]
        /// Why the outputs after the last written were not; nil when all were.
        public var failure: Failure?
    }

    /// Reads, scales, encodes and writes; never throws: a failure stops the job and is in the
    /// outcome.
    public func run(files: ScaleFileAccess = .files) -> Outcome {
        if outputs.count == 1 { return runOne(outputs[0], files: files) }
        return runSeveral(files: files)
    }

    /// One output, scaled for it alone.
    private func runOne(_ output: Output, files: ScaleFileAccess) -> Outcome {
        func failed(_ file: String, _ message: String) -> Outcome {
            Outcome(
                reports: [ScaleOutputReport(input: inputName, output: output.path, error: message)],
                failure: Failure(file: file, message: message))
        }
        let toStandardOutput = output.path == "-"
        if !toStandardOutput, let problem = Self.outputProblem(input: input, output: output.path) {
            return failed(output.path, problem)
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
            scaled = try ImageScaler.scale(read.data, to: output.request, encodingAs: output.encoding)
        } catch {
            switch error {
            case .decoding(let reason): return failed(read.name, reason.description)
            case .encoding(let reason): return failed(output.path, reason.description)
            case .cancelled: return failed(read.name, error.description)
            }
        }
        let writeStart = clock.now
        if toStandardOutput {
            files.writeStandardOutput(scaled.data)
        } else {
            do {
                try AtomicFile.write(scaled.data, to: output.path)
            } catch {
                return failed(output.path, "cannot write: \(error.reason)")
            }
        }
        let encodeTime = scaled.encodeMilliseconds + (clock.now - writeStart).milliseconds
        return Outcome(
            reports: [
                ScaleOutputReport(
                    input: read.name, output: output.path, scale: scaled.report, encoded: scaled.encoded,
                    encodeMilliseconds: encodeTime, totalMilliseconds: (clock.now - started).milliseconds)
            ], failure: nil)
    }

    /// Several outputs from one decode.
    private func runSeveral(files: ScaleFileAccess) -> Outcome {
        var reports = outputs.map { ScaleOutputReport(input: inputName, output: $0.path) }
        func finish(_ failure: Failure?) -> Outcome {
            if let failure {
                for index in reports.indices where !reports[index].succeeded {
                    reports[index].error = failure.message
                }
            }
            return Outcome(reports: reports, failure: failure)
        }
        for output in outputs {
            if let problem = Self.outputProblem(input: input, output: output.path) {
                return finish(Failure(file: output.path, message: problem))
            }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let read: (name: String, data: Data)
        do {
            read = try files.read(input)
        } catch {
            return finish(error)
        }
        let scaled: ScaledImages
        do {
            scaled = try ImageScaler.scale(read.data, to: outputs.map(\.request))
        } catch {
            return finish(Failure(file: read.name, message: error.description))
        }
        for (index, output) in outputs.enumerated() {
            let encodeStart = clock.now
            do {
                let encoded = try ImageEncoder.encode(
                    scaled.images[index], as: output.encoding, iccProfile: scaled.iccProfile)
                try AtomicFile.write(encoded.data, to: output.path)
                reports[index] = ScaleOutputReport(
                    input: read.name, output: output.path, scale: scaled.reports[index], encoded: encoded,
                    encodeMilliseconds: (clock.now - encodeStart).milliseconds,
                    totalMilliseconds: (clock.now - started).milliseconds)
            } catch let error as ImageEncodingError {
                return finish(Failure(file: output.path, message: error.description))
            } catch let error as AtomicFile.WriteError {
                return finish(Failure(file: output.path, message: "cannot write: \(error.reason)"))
            } catch {
                return finish(Failure(file: output.path, message: "\(error)"))
            }
        }
        return finish(nil)
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
