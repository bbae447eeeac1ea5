import Foundation
import RichPreview

/// What the `payload` and `deliver` commands share: the `--push-type`, `--provider` and
/// `--language` options, reading and checking each payload file, and printing its findings as
/// `FILE: error|warning: KEYPATH: message`.
enum PayloadFiles {
    /// `--provider NAME`: the format every input is read in; nil recognises each by its shape.
    static let provider = Option.oneOf(
        "provider", PushProvider.allCases.map(\.rawValue),
        help:
            "Read every input as this format: \(PushProvider.allCases.map(\.rawValue).joined(separator: ", ")) (default: recognised by its shape; apns reads raw payloads only)."
    ).map { $0.flatMap(PushProvider.init(rawValue:)) }

    /// `--language CODE`: the language whose texts are taken from a message with one per language.
    static let language = Option.value(
        "language", placeholder: "CODE",
        help: "The language of the texts taken from a provider message that has several (default: en, else the first).")

    /// The decoder the options ask for.
    static func decoder(_ arguments: ParsedArguments, nestedPayloadKey: String? = "payload") -> PayloadDecoder {
        PayloadDecoder(
            pushType: arguments[pushType], nestedPayloadKey: nestedPayloadKey, provider: arguments[provider],
            language: arguments[language])
    }

    /// `--push-type TYPE`, the apns-push-type the payloads are sent with; nil infers it.
    static let pushType = Option.oneOf(
        "push-type", PushType.allCases.map(\.rawValue),
        help:
            "apns-push-type: \(PushType.allCases.map(\.rawValue).joined(separator: ", ")) (default: inferred; sets the size limit)."
    ).map { $0.flatMap(PushType.init(rawValue:)) }

    /// The file's report: with `attachmentURLs`, the library's send-time check (`preflight`, the
    /// rules of a remote attachment URL among them), as `payload` and `deliver` give it; without,
    /// the payload's own checks, for a command that inspects its attachments itself. A payload too
    /// large to read, or a file that cannot be read at all, is a report with that finding, as for
    /// a file the decoder was given whole.
    static func check(_ path: String, decoder: PayloadDecoder, attachmentURLs: Bool = true, console: Console)
        -> PayloadReport
    {
        do {
            let input = try InputFile.read(path, limit: PayloadDecoder.parseLimit, console: console)
            return attachmentURLs
                ? decoder.preflight(input.data, file: input.path) : decoder.check(input.data, file: input.path)
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
