import Foundation
import RichPreview

/// `richpreview deliver FILE...`: feeds remote payloads in order to a modelled device and prints
/// what the user sees afterwards.
enum DeliverCommand: Command {
    static let name = "deliver"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Feed remote payloads in order to a modelled device and print the notifications the user sees.",
        discussion: """
            A regular push is shown by iOS. A silent push (content-available: 1) shows what it carries
            under the custom key 'payload' as a local notification the app schedules, and nothing when
            it carries none; a VoIP push's own payload becomes a local notification. A notification's id
            is the custom key 'id' (inside the nested payload for the silent form); a later push with
            the same id replaces the earlier notification. A push without an id gets notification-N,
            N its position on the command line. Pushes the user has not authorized show nothing, and
            the reason goes to standard error. Exit 1 when any payload is invalid or unreadable.
            """,
        options: [authorized, idKey, payloadKey, categories] + PayloadFiles.headerOptions
            + [PayloadFiles.provider, PayloadFiles.language, json] as [any OptionDeclaring],
        positionals: [
            PositionalDeclaration(
                "FILE", help: "Payload files, in arrival order; '-' reads standard input.", repeated: true)
        ]
    )

    static let authorized = Option.value(
        "authorized", placeholder: "LIST",
        help: "What the user allowed: a comma-separated subset of alert,badge,sound, or none (default: all).")

    static let idKey = Option.value(
        "id-key", placeholder: "KEY", help: "The custom key holding a notification's id (default: id).")

    static let payloadKey = Option.value(
        "payload-key", placeholder: "KEY",
        help: "The custom key under which a silent push carries its notification (default: payload).")

    static let categories = Option.repeated(
        "categories", placeholder: "FILE",
        help: "Category manifests the app registers (repeatable); without them every category is unregistered.")

    static let json = Option.flag(
        "json",
        help:
            "Print one JSON array, oldest first (id, title, subtitle, body, category, registered, actions, badge, sound, replaced)."
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        try arguments.checkStandardInputReadOnce(fileOptions: [Self.categories])
        let authorization = try Self.authorization(arguments[Self.authorized])
        let identifierKey = arguments[Self.idKey] ?? "id"
        let payloadKey = arguments[Self.payloadKey] ?? "payload"
        let json = arguments[Self.json]
        let decoder = PayloadFiles.decoder(arguments, nestedPayloadKey: payloadKey)
        var delivery = PushDelivery(authorization: authorization, identifierKey: identifierKey)
        let manifests = arguments[Self.categories]
        if !manifests.isEmpty {
            do {
                delivery.categories = try ConfigInputs.manifest(manifests, console: console)
            } catch {
                console.report(error.findings)
                if json { console.out(JSONOutput.encode([ShownNotification]())) }
                return .failure
            }
        }
        let reports = arguments.positionals.map { PayloadFiles.check($0, decoder: decoder, console: console) }
        let outcome = delivery.deliver(reports)
        for arrival in outcome.arrivals {
            PayloadFiles.writeFindings(arrival.report, console: console)
            console.report(arrival.findings)
            if !json, let receipt = arrival.receipt {
                note(receipt, file: arrival.report.file, payloadKey: payloadKey, console: console)
            }
        }
        if json {
            console.out(JSONOutput.encode(outcome.shown))
        } else {
            for line in outcome.lines { console.record(line) }
        }
        return outcome.failed ? .failure : .success
    }

    static func authorization(_ text: String?) throws(UsageError) -> AuthorizationOptions {
        guard let text else { return .all }
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if words.contains("none") {
            guard words == ["none"] else {
                throw UsageError("--authorized takes 'none' alone, not with other options: '\(text)'")
            }
            return []
        }
        var options: AuthorizationOptions = []
        for word in words {
            guard let named = AuthorizationOptions.named.first(where: { $0.name == word }) else {
                throw UsageError("--authorized takes alert, badge, sound or none, not '\(word)'")
            }
            options.insert(named.option)
        }
        return options
    }

    /// Tells on standard error why a push showed nothing in Notification Center.
    private static func note(_ receipt: RemoteReceipt, file: String, payloadKey: String, console: Console) {
        switch receipt.route {
        case .silent:
            console.note(file, "silent push with no notification under '\(payloadKey)': nothing shown")
        case .nothingToShow:
            console.note(file, "no alert, badge or sound: nothing shown")
        case .notAllowed:
            break
        case .shownByIOS, .scheduledFromNestedPayload, .scheduledFromVoIP:
            guard receipt.delivered == nil, let notification = receipt.notification else { break }
            var effects: [String] = []
            switch notification.badge {
            case .set(let number)?: effects.append("sets the badge to \(number)")
            case .remove?: effects.append("removes the badge")
            case nil: break
            }
            if let sound = notification.sound { effects.append("plays sound '\(sound.name)'") }
            guard !effects.isEmpty else { break }
            console.note(file, "\(effects.joined(separator: " and ")); no alert, so nothing is shown")
        }
    }
}
