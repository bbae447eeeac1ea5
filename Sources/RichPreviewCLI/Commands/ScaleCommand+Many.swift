import Foundation
import RichPreview
import RichPreviewImaging

extension ScaleCommand {
    /// `scale INPUT -o A --fit WxH -o B --fit WxH …`: one decode for every output
    /// (`MultiOutputScaleJob`); the format follows each output's name. Prints a line per output,
    /// or a JSON array of the one-output reports.
    static func runMany(
        _ input: String, outputs: [String], requests: [ScaleRequest], quality: Int, json: Bool, console: Console
    ) throws(UsageError) -> ExitStatus {
        var planned: [MultiOutputScaleJob.Output] = []
        for (output, request) in zip(outputs, requests) {
            guard output != "-" else { throw UsageError("several outputs cannot all go to standard output ('-')") }
            guard let format = OutputFormat(path: output) else {
                throw UsageError("the output's name must end in .png, .jpg or .jpeg, not '\(output)'")
            }
            planned.append(
                MultiOutputScaleJob.Output(
                    path: output, request: request, encoding: format == .jpeg ? .jpeg(quality: quality) : .png()))
        }
        let named = outputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if let twice = outputs.indices.first(where: { index in
            outputs.indices.contains {
                $0 != index && (named[$0] == named[index] || AtomicFile.sameFile(outputs[$0], outputs[index]))
            }
        }).map({ outputs[$0] }) {
            throw UsageError("two outputs write the same file '\(twice)'")
        }
        let outcome = MultiOutputScaleJob(input: input, inputName: inputName(input), outputs: planned)
            .run(files: files(console))
        if let failure = outcome.failure { console.report(.error, file: failure.file, failure.message) }
        if let first = outcome.reports.first(where: \.succeeded) { warnAboutColour(first, console: console) }
        if json {
            console.out(JSONOutput.encode(outcome.reports))
        } else {
            for report in outcome.reports where report.succeeded { console.record(summary(report)) }
        }
        return outcome.failure == nil ? .success : .failure
    }
}
