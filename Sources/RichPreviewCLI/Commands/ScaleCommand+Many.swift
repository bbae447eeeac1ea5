import Foundation
import RichPreview
import RichPreviewImaging

extension ScaleCommand {
    /// `scale INPUT -o A --fit WxH -o B --fit WxH …`: one decode for every output (at the least
    /// JPEG DCT reduction any of them allows), each box with its own file; the format follows each
    /// output's name. Prints a line per output, or a JSON array of the one-output reports.
    static func runMany(
        _ input: String, outputs: [String], requests: [ScaleRequest], quality: Int, json: Bool, console: Console
    ) throws(UsageError) -> ExitStatus {
        var encodings: [ImageEncoding] = []
        for output in outputs {
            guard output != "-" else { throw UsageError("several outputs cannot all go to standard output ('-')") }
            guard let format = OutputFormat(path: output) else {
                throw UsageError("the output's name must end in .png, .jpg or .jpeg, not '\(output)'")
            }
            encodings.append(format == .jpeg ? .jpeg(quality: quality) : .png())
        }
        let named = outputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if let twice = outputs.indices.first(where: { index in
            outputs.indices.contains {
                $0 != index && (named[$0] == named[index] || AtomicFile.sameFile(outputs[$0], outputs[index]))
            }
        }).map({ outputs[$0] }) {
            throw UsageError("two outputs write the same file '\(twice)'")
        }
        let displayInput = input == "-" ? InputFile.standardInputName : input
        var reports = outputs.map { ScaleJob.Report(input: displayInput, output: $0) }
        func finish(_ failure: (file: String, message: String)?) -> ExitStatus {
            if let failure {
                for index in reports.indices where reports[index].encoded == nil {
                    reports[index].error = failure.message
                }
                console.report(.error, file: failure.file, failure.message)
            }
            if let first = reports.first(where: { $0.encoded != nil }) {
                ScaleJob.warnAboutColour(first, console: console)
            }
            if json {
                console.out(JSONOutput.encode(reports))
            } else {
                for report in reports where report.encoded != nil { console.record(ScaleJob.summary(report)) }
            }
            return failure == nil ? .success : .failure
        }
        for output in outputs {
            if let problem = ScaleJob.outputProblem(input: input, output: output) { return finish((output, problem)) }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let file: InputFile
        do {
            file = try InputFile.read(input, limit: InputFile.mediaLimit, console: console)
        } catch {
            return finish((error.path, error.reason))
        }
        let scaled: ScaledImages
        do {
            scaled = try ImageScaler.scale(file.data, to: requests)
        } catch {
            return finish((file.path, error.description))
        }
        for index in outputs.indices {
            let encodeStart = clock.now
            do {
                let encoded = try ImageEncoder.encode(
                    scaled.images[index], as: encodings[index], iccProfile: scaled.iccProfile)
                try AtomicFile.write(encoded.data, to: outputs[index])
                reports[index] = ScaleJob.Report(
                    input: file.path, output: outputs[index], scale: scaled.reports[index], encoded: encoded,
                    encodeMilliseconds: (clock.now - encodeStart).milliseconds,
                    totalMilliseconds: (clock.now - started).milliseconds)
            } catch let error as ImageEncodingError {
                return finish((outputs[index], error.description))
            } catch let error as AtomicFile.WriteError {
                return finish((outputs[index], "cannot write: \(error.reason)"))
            } catch {
                return finish((outputs[index], "\(error)"))
            }
        }
        return finish(nil)
    }
}
