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

    /// `--topic TOPIC`: the `apns-topic` the payloads are sent to.
    static let topic = Option.value(
        "topic", placeholder: "TOPIC", help: "apns-topic: the bundle id, with the push type's suffix.")

    /// `--priority N`: the `apns-priority`.
    static let priority = Option.wholeNumber(
        "priority", placeholder: "N", range: 0...Int.max, help: "apns-priority: 10, 5 or 1.")

    /// `--expiration SECONDS`: the `apns-expiration`.
    static let expiration = Option.wholeNumber(
        "expiration", placeholder: "SECONDS", range: 0...Int.max, help: "apns-expiration: a UNIX time in seconds, or 0."
    )

    /// `--collapse-id ID`: the `apns-collapse-id`.
    static let collapseID = Option.value(
        "collapse-id", placeholder: "ID", help: "apns-collapse-id: at most 64 bytes.")

    /// `--bundle-id ID`: the app's bundle id, which the topic must be (with the push type's suffix).
    static let bundleID = Option.value(
        "bundle-id", placeholder: "ID",
        help: "The app's bundle id: apns-topic must be it with the push type's suffix (and --to simctl's target).")

    /// The header options, in the order help lists them.
    static let headerOptions: [any OptionDeclaring] = [pushType, topic, priority, expiration, collapseID, bundleID]

    /// The decoder the options ask for: headers given on the command line override a request
    /// file's or a message's.
    static func decoder(_ arguments: ParsedArguments, nestedPayloadKey: String? = "payload") -> PayloadDecoder {
        var decoder = PayloadDecoder(
            pushType: arguments[pushType], nestedPayloadKey: nestedPayloadKey, provider: arguments[provider],
            language: arguments[language])
        decoder.headers = PushHeaders(
            pushType: arguments[pushType]?.rawValue, topic: arguments[topic], priority: arguments[priority],
            expiration: arguments[expiration], collapseID: arguments[collapseID])
        decoder.bundleID = arguments[bundleID]
        return decoder
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
