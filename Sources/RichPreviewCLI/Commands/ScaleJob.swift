import Foundation
import RichPreview
import RichPreviewImaging

/// One input scaled into one output file, as `scale` does for each of its inputs; safe to run on
/// any thread.
struct ScaleJob: Sendable {
    var inputPath: String
    var outputPath: String
    var request: ScaleRequest
    var encoding: ImageEncoding

    /// What a job did: its `--json` report, and the file and message of its failure if it failed.
    struct Outcome: Sendable {
        var report: Report
        var failure: (file: String, message: String)?
    }

    /// The `--json` output for one input: every key always present, null when it has no value (on
    /// failure, all but `input`, `output` and `error`).
    struct Report: Encodable, Sendable {
        var input: String
        var output: String
        @Nullable var format: MediaFormat?
        @Nullable var inputSize: PixelSize?
        @Nullable var orientation: Int?
        @Nullable var gamma: Double?
        @Nullable var iccProfile: Bool?
        @Nullable var orientationApplied: Bool?
        @Nullable var jpegScaleDenominator: Int?
        @Nullable var mode: ScaleMode?
        @Nullable var filter: ResamplingFilter?
        @Nullable var outputSize: PixelSize?
        @Nullable var outputFormat: OutputFormat?
        @Nullable var outputBytes: Int?
        @Nullable var jpegQuality: Int?
        @Nullable var png: PNGSettings?
        @Nullable var milliseconds: Timings?
        @Nullable var error: String?

        /// Milliseconds per stage; decode and resample interleave, so their sum is below the total.
        struct Timings: Encodable, Sendable {
            var decode: Double
            var resample: Double
            var orient: Double
            var encode: Double
            var total: Double
        }
    }

    /// Reads, scales, encodes and writes; never throws: a failure is in the outcome.
    func run(console: Console) -> Outcome {
        let displayInput = inputPath == "-" ? InputFile.standardInputName : inputPath
        func failed(_ file: String, _ message: String) -> Outcome {
            var report = Report(input: displayInput, output: outputPath)
            report.error = message
            return Outcome(report: report, failure: (file, message))
        }
        let toStandardOutput = outputPath == "-"
        if !toStandardOutput {
            if inputPath != "-" && AtomicFile.sameFile(inputPath, outputPath) {
                return failed(outputPath, "the output would overwrite the input")
            }
            do {
                try AtomicFile.checkWritable(outputPath)
            } catch {
                return failed(outputPath, "cannot write: \(error.reason)")
            }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let input: InputFile
        do {
            input = try InputFile.read(inputPath, limit: InputFile.mediaLimit, console: console)
        } catch {
            return failed(error.path, error.reason)
        }
        let scaled: ScaledImageData
        do {
            scaled = try ImageScaler.scale(input.data, to: request, encodingAs: encoding)
        } catch {
            switch error {
            case .decoding(let reason): return failed(input.path, reason.description)
            case .encoding(let reason): return failed(outputPath, reason.description)
            }
        }
        let writeStart = clock.now
        if toStandardOutput {
            console.outBytes(scaled.data)
        } else {
            do {
                try AtomicFile.write(scaled.data, to: outputPath)
            } catch {
                return failed(outputPath, "cannot write: \(error.reason)")
            }
        }
        let encodeTime = scaled.encodeMilliseconds + (clock.now - writeStart).milliseconds
        let facts = scaled.report
        return Outcome(
            report: Report(
                input: input.path, output: outputPath, format: facts.format, inputSize: facts.inputSize,
                orientation: facts.orientation?.rawValue, gamma: facts.gamma, iccProfile: facts.iccProfile,
                orientationApplied: facts.orientationApplied, jpegScaleDenominator: facts.jpegScaleDenominator,
                mode: facts.mode, filter: facts.filter, outputSize: facts.outputSize,
                outputFormat: scaled.encoded.format, outputBytes: scaled.data.count,
                jpegQuality: scaled.encoded.jpegQuality, png: scaled.encoded.pngSettings,
                milliseconds: .init(
                    decode: facts.decodeMilliseconds, resample: facts.resampleMilliseconds,
                    orient: facts.orientMilliseconds, encode: encodeTime, total: (clock.now - started).milliseconds)),
            failure: nil)
    }

    /// The one-line summary of a job that succeeded.
    static func summary(_ report: Report) -> String {
        let orientation =
            report.orientationApplied == true ? ", orientation \(report.orientation ?? 1) applied" : ""
        let sizes = "\(report.inputSize.map { "\($0)" } ?? "?") -> \(report.outputSize.map { "\($0)" } ?? "?")"
        return "\(report.output): \(sizes) \(report.outputFormat?.rawValue ?? "")\(orientation)"
    }
}
