import Foundation
import RichPreview
import RichPreviewImaging

extension ScaleCommand {
    /// The job of `scale INPUT -o A --fit WxH -o B --fit WxH …`: one decode for every output, the
    /// format following each output's name.
    /// - Throws: `UsageError` for `-` among them, a name of no format, or two naming one file.
    static func severalOutputs(_ input: String, outputs: [String], requests: [ScaleRequest], quality: Int)
        throws(UsageError) -> ScaleJob
    {
        var planned: [ScaleJob.Output] = []
        for (output, request) in zip(outputs, requests) {
            guard output != "-" else { throw UsageError("several outputs cannot all go to standard output ('-')") }
            guard let format = OutputFormat(path: output) else {
                throw UsageError("the output's name must end in .png, .jpg or .jpeg, not '\(output)'")
            }
            planned.append(
                ScaleJob.Output(
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
        return ScaleJob(input: input, inputName: inputName(input), outputs: planned)
    }
}
