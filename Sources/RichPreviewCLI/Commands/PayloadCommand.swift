import Foundation
import RichPreview

/// `richpreview payload FILE...`: validates and summarises APNs payloads.
enum PayloadCommand: Command {
    static let name = "payload"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Check APNs payloads (.json or the Simulator's .apns files) key by key and summarise them.",
        discussion: """
            Every aps key is checked for its type and range, the size against APNs' limit (4096 bytes,
            5120 for VoIP) and the JSON itself, and each remote attachment URL (plain http, a URL
            that does not parse). Unknown aps keys are warnings with a suggestion.
            A FILE may also be an APNs request file ({"headers": ..., "payload": ...}) or a provider's
            message (FCM, Expo, OneSignal, Airship, Braze), recognised by its shape: it is checked as
            the APNs payload the provider sends, and findings point into the message.
            --to apns prints that request (headers and payload) as a request file; --to simctl prints
            it as a Simulator .apns file (with --bundle-id, its target bundle).
            Warnings and errors go to standard error as FILE: warning|error: KEYPATH: message.
            Exit 1 when any payload is invalid or unreadable; warnings alone exit 0.
            """,
        options: PayloadFiles.headerOptions + [PayloadFiles.provider, PayloadFiles.language, to, json]
            as [any OptionDeclaring],
        positionals: [PositionalDeclaration("FILE", help: "Payload files; '-' reads standard input.", repeated: true)]
    )

    /// `--json`: one JSON array of reports.
    static let json = Option.flag(
        "json",
        help:
            "Print one JSON array of objects (path, valid, pushType, bytes, limit, silent, payload, warnings, errors).")

    /// `--to apns|simctl`: print the APNs request the input sends instead of checking it.
    static let to = Option.oneOf(
        "to", ["apns", "simctl"],
        help:
            "Print what the one FILE sends: apns, a request file ({\"headers\", \"payload\"}); simctl, a Simulator .apns file."
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        try arguments.checkStandardInputReadOnce(fileOptions: [])
        if let target = arguments[Self.to] {
            guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
                throw UsageError("--to converts one FILE at a time")
            }
            guard !arguments[Self.json] else {
                throw UsageError("--to prints the request itself; --json goes without it")
            }
            return PayloadConversion.convert(
                path, toSimulator: target == "simctl", bundleID: arguments[PayloadFiles.bundleID],
                provider: arguments[PayloadFiles.provider], language: arguments[PayloadFiles.language],
                console: console)
        }
        let decoder = PayloadFiles.decoder(arguments)
        let json = arguments[Self.json]
        var reports: [PayloadFileReport] = []
        for path in arguments.positionals {
            let report = PayloadFiles.check(path, decoder: decoder, console: console)
            reports.append(PayloadFileReport(report))
            if !json {
                PayloadFiles.writeFindings(report, console: console)
                if let payload = report.payload { console.record("\(report.file): \(summary(payload, report))") }
            }
        }
        if json { console.out(JSONOutput.encode(reports)) }
        return reports.allSatisfy(\.valid) ? .success : .failure
    }

    /// The most characters of a title or body a one-line summary shows.
    static let summaryTextLimit = 60

    /// One line: the kind of push, its size against the limit, and what it carries.
    static func summary(_ payload: APNsPayload, _ report: PayloadReport) -> String {
        var parts: [String] = []
        if let aps = payload.aps {
            if let alert = aps.alert {
                let texts: [(String, String?)] = [
                    ("title", alert.title), ("title-loc-key", alert.titleLocKey), ("subtitle", alert.subtitle),
                    ("subtitle-loc-key", alert.subtitleLocKey), ("body", alert.body), ("loc-key", alert.locKey),
                ]
                parts += texts.compactMap { name, text in
                    text.map { "\(name) \"\(TerminalText.shortened($0, to: summaryTextLimit))\"" }
                }
            }
            if let badge = aps.badge { parts.append(badge == 0 ? "removes the badge" : "badge \(badge)") }
            if let sound = aps.sound {
                if case .critical = sound {
                    parts.append("critical sound \(sound.name)")
                } else {
                    parts.append("sound \(sound.name)")
                }
            }
            if let category = aps.category { parts.append("category \(category)") }
            if let thread = aps.threadID { parts.append("thread \(thread)") }
            if let level = aps.interruptionLevel { parts.append("interruption-level \(level.rawValue)") }
            if aps.contentAvailable { parts.append("content-available") }
            if aps.mutableContent { parts.append("mutable-content") }
            if let event = aps.event { parts.append("Live Activity \(event.rawValue)") }
        }
        if let nested = payload.nested { parts.append("carries a notification under '\(nested.key)'") }
        if let bundle = payload.simulatorTargetBundle { parts.append("Simulator Target Bundle \(bundle)") }
        let custom = payload.custom.keys.sorted()
        if !custom.isEmpty { parts.append("custom keys \(custom.joined(separator: ", "))") }
        let kind = payload.isSilent ? "silent \(report.pushType.rawValue) push" : "\(report.pushType.rawValue) push"
        let source =
            switch report.provider {
            case .apns: ""
            case .request: "request file: "
            default:
                "\(report.provider.displayName) message\(report.messageCount > 1 ? " (1 of \(report.messageCount))" : "") → "
            }
        return "\(source)valid \(kind), \(report.bytes ?? 0) of \(report.limit) bytes"
            + (parts.isEmpty ? "" : "; " + parts.joined(separator: ", "))
    }
}
