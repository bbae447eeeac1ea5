import Foundation
import RichPreview

/// What the `payload` and `deliver` commands share: the `--push-type` option, reading and checking
/// each payload file, and printing its findings as `FILE: error|warning: KEYPATH: message`.
enum PayloadFiles {
    static func pushTypeOption(_ allowed: [PushType]) -> OptionDeclaration {
        OptionDeclaration(
            "push-type", arity: .value(placeholder: "TYPE"),
            help:
                "apns-push-type: \(allowed.map(\.rawValue).joined(separator: ", ")) (default: inferred; sets the size limit)."
        )
    }

    static func pushType(_ arguments: ParsedArguments, allowed: [PushType]) throws(UsageError) -> PushType? {
        guard let text = arguments.value("push-type") else { return nil }
        guard let type = PushType(rawValue: text), allowed.contains(type) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--push-type must be one of \(names), not '\(text)'")
        }
        return type
    }

    /// The file's report, or why it could not be read. A payload too large to read is a report
    /// with the size error, as for a file the decoder was given whole.
    static func check(_ path: String, decoder: PayloadDecoder, console: Console) -> Result<
        PayloadReport, InputFile.ReadError
    > {
        do {
            let input = try InputFile.read(path, limit: PayloadDecoder.parseLimit, console: console)
            return .success(decoder.check(input.data, file: input.path))
        } catch {
            if case .tooLarge(let size, _) = error.failure {
                return .success(decoder.oversizedReport(bytes: size, file: error.path))
            }
            return .failure(error)
        }
    }

    /// Prints warnings, then errors, on standard error, one line each.
    static func writeFindings(_ report: PayloadReport, console: Console) {
        console.report(report.warnings.map(\.finding) + report.errors.map(\.finding))
    }

    /// The finding for a payload file that could not be read at all.
    static func unreadable(_ error: InputFile.ReadError) -> Finding {
        Rules.PayloadUnreadable.finding(file: error.path, reason: error.reason)
    }
}
