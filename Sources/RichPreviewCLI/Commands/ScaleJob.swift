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
    /// failure, all but `input`, `output` and `error`). It holds the imaging module's own values
    /// (`ScaleReport`, `EncodedImage`) and writes them under the documented keys.
    struct Report: Encodable, Sendable {
        var input: String
        var output: String
        /// What the scale did; nil when it failed.
        var scale: ScaleReport?
        /// The image written; nil when the scale failed.
        var encoded: EncodedImage?
        /// Milliseconds encoding and writing, and in all.
        var encodeMilliseconds = 0.0
        var totalMilliseconds = 0.0
        var error: String?

        enum CodingKeys: String, CodingKey {
            case input, output, format, inputSize, orientation, gamma, iccProfile, orientationApplied
            case jpegScaleDenominator, mode, filter, outputSize, outputFormat, outputBytes, jpegQuality, png, colour
            case milliseconds, error
        }

        /// Milliseconds per stage; decode and resample interleave, so their sum is below the total.
        struct Timings: Encodable, Sendable {
            var decode: Double
            var resample: Double
            var orient: Double
            var encode: Double
            var total: Double
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(input, forKey: .input)
            try container.encode(output, forKey: .output)
            try container.encode(scale?.format, forKey: .format)
            try container.encode(scale?.inputSize, forKey: .inputSize)
            try container.encode(scale?.orientation?.rawValue, forKey: .orientation)
            try container.encode(scale?.gamma, forKey: .gamma)
            try container.encode(scale?.iccProfile, forKey: .iccProfile)
            try container.encode(scale?.orientationApplied, forKey: .orientationApplied)
            try container.encode(scale?.jpegScaleDenominator, forKey: .jpegScaleDenominator)
            try container.encode(scale?.mode, forKey: .mode)
            try container.encode(scale?.filter, forKey: .filter)
            try container.encode(scale?.outputSize, forKey: .outputSize)
            try container.encode(encoded?.format, forKey: .outputFormat)
            try container.encode(encoded?.data.count, forKey: .outputBytes)
            try container.encode(encoded?.jpegQuality, forKey: .jpegQuality)
            try container.encode(encoded?.pngSettings, forKey: .png)
            try container.encode(scale?.colour, forKey: .colour)
            try container.encode(
                scale.map {
                    Timings(
                        decode: $0.decodeMilliseconds, resample: $0.resampleMilliseconds, orient: $0.orientMilliseconds,
                        encode: encodeMilliseconds, total: totalMilliseconds)
                }, forKey: .milliseconds)
            try container.encode(error, forKey: .error)
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
        if !toStandardOutput, let problem = Self.outputProblem(input: inputPath, output: outputPath) {
            return failed(outputPath, problem)
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
        return Outcome(
            report: Report(
                input: input.path, output: outputPath, scale: scaled.report, encoded: scaled.encoded,
                encodeMilliseconds: encodeTime, totalMilliseconds: (clock.now - started).milliseconds),
            failure: nil)
    }

    /// Why `output` (a file, not standard output) cannot take what is made of `input`: it is the
    /// input, or it cannot be written; nil when it can.
    static func outputProblem(input: String, output: String) -> String? {
        if input != "-" && AtomicFile.sameFile(input, output) { return "the output would overwrite the input" }
        do {
            try AtomicFile.checkWritable(output)
        } catch {
            return "cannot write: \(error.reason)"
        }
        return nil
    }

    /// The one-line summary of a job that succeeded.
    static func summary(_ report: Report) -> String {
        let orientation =
            report.scale?.orientationApplied == true
            ? ", orientation \(report.scale?.orientation?.rawValue ?? 1) applied" : ""
        let sizes =
            "\(report.scale.map { "\($0.inputSize)" } ?? "?") -> \(report.scale.map { "\($0.outputSize)" } ?? "?")"
        return
            "\(report.output): \(sizes) \(report.encoded?.format.rawValue ?? "")\(orientation)\(colour(report.scale?.colour))"
    }

    /// `, converted from Display P3 to sRGB` and the like; "" for an image with no profile or an
    /// sRGB one, and for one ignored (`colourWarning` says why).
    static func colour(_ colour: ColourReport?) -> String {
        guard let colour else { return "" }
        let name = colour.profile.isEmpty ? "its ICC profile" : colour.profile
        switch colour.action {
        case .converted: return ", converted from \(name) to sRGB"
        case .kept: return ", \(name) kept"
        case .alreadySRGB, .ignored: return ""
        }
    }

    /// Warns, on standard error, of an input whose profile could not be used.
    static func warnAboutColour(_ report: Report, console: Console) {
        guard let colour = report.scale?.colour, colour.action == .ignored else { return }
        let name = colour.profile.isEmpty ? "" : " (\(colour.profile))"
        console.report(
            .warning, file: report.input,
            "its ICC profile\(name) is ignored, the pixels kept as stored: \(colour.problem ?? "it cannot be used")")
    }
}
