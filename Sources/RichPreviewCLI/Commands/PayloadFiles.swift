import Foundation
import RichPreview

/// What the `payload` and `deliver` commands share: the `--push-type` option, reading and checking
/// each payload file, and printing its findings as `FILE: error|warning: KEYPATH: message`.
enum PayloadFiles {
    static func pushTypeOption(_ allowed: [PushType]) -> OptionDeclaration {
        OptionDeclaration(
            "push-type", arity: .value(placeholder: ""), values: .oneOf(allowed.map(\.rawValue)),
            help:
                "apns-push-type: \(allowed.map(\.rawValue).joined(separator: ", ")) (default: inferred; sets the size limit)."
        )
    }

    /// The push type `--push-type` names (one of those its declaration allows), or nil.
    static func pushType(_ arguments: ParsedArguments) -> PushType? {
        arguments.value("push-type").flatMap(PushType.init(rawValue:))
    }

    /// The file's report. A payload too large to read, or a file that cannot be read at all, is a
    /// report with that finding, as for a file the decoder was given whole.
    static func check(_ path: String, decoder: PayloadDecoder, console: Console) -> PayloadReport {
        do {
            let input = try InputFile.read(path, limit: PayloadDecoder.parseLimit, console: console)
            return decoder.check(input.data, file: input.path)
        } catch {
            if case .tooLarge(let size, _) = error.failure {
                return decoder.oversizedReport(bytes: size, file: error.path)
            }
            return decoder.unreadableReport(reason: error.reason, file: error.path)
        }
    }

    /// Prints warnings, then errors, on standard error, one line each.
    static func writeFindings(_ report: PayloadReport, console: Console) {
        console.report(report.warnings + report.errors)
    }
}
