import Foundation
import RichPreviewSystem

/// One input scaled into several outputs from one decode (at the least JPEG DCT reduction any of
/// them allows), each box with its own file, as `richpreview scale INPUT -o A --fit WxH -o B
/// --fit WxH …` does.
public struct MultiOutputScaleJob: Sendable {
    /// The input's path, or what `ScaleFileAccess.read` takes for another source (`-`).
    public var input: String
    /// How reports name the input before it is read (`<stdin>` for standard input).
    public var inputName: String
    /// Every output, in order.
    public var outputs: [Output]

    /// One output: the file, its box and its encoding.
    public struct Output: Sendable {
        /// The file written.
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

    /// What the job did: a report per output, in order, and the failure that stopped it.
    public struct Outcome: Sendable, Equatable {
        /// One per output; those not written carry the failure's message.
        public var reports: [ScaleOutputReport]
        /// Why the outputs after the last written were not; nil when all were.
        public var failure: ScaleJob.Failure?
    }

    /// Reads, scales once, and encodes and writes each output atomically; never throws: a failure
    /// stops the job and is in the outcome.
    public func run(files: ScaleFileAccess = .files) -> Outcome {
        var reports = outputs.map { ScaleOutputReport(input: inputName, output: $0.path) }
        func finish(_ failure: ScaleJob.Failure?) -> Outcome {
            if let failure {
                for index in reports.indices where !reports[index].succeeded {
                    reports[index].error = failure.message
                }
            }
            return Outcome(reports: reports, failure: failure)
        }
        for output in outputs {
            if let problem = ScaleJob.outputProblem(input: input, output: output.path) {
                return finish(ScaleJob.Failure(file: output.path, message: problem))
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
            return finish(ScaleJob.Failure(file: read.name, message: error.description))
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
                return finish(ScaleJob.Failure(file: output.path, message: error.description))
            } catch let error as AtomicFile.WriteError {
                return finish(ScaleJob.Failure(file: output.path, message: "cannot write: \(error.reason)"))
            } catch {
                return finish(ScaleJob.Failure(file: output.path, message: "\(error)"))
            }
        }
        return finish(nil)
    }
}
