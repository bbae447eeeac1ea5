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
        options: [authorized, idKey, payloadKey, categories, PayloadFiles.pushType, json],
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

    /// One notification the user sees, as printed by `--json`.
    struct Shown: Encodable {
        var id: String
        @Nullable var title: String?
        @Nullable var subtitle: String?
        @Nullable var body: String?
        @Nullable var category: String?
        /// Whether the category is registered; null when the notification names none.
        @Nullable var registered: Bool?
        /// The buttons of a registered category (full-alert context), in order; empty otherwise.
        var actions: [ShownAction]
        @Nullable var badge: Int?
        @Nullable var sound: String?
        var replaced: Int
    }

    /// One button of a shown notification.
    struct ShownAction: Encodable {
        var identifier: String
        var title: String
    }

    /// When the modelled device receives the first push; each later one arrives a second after.
    static let firstArrival = Date(timeIntervalSinceReferenceDate: 0)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        try arguments.checkStandardInputReadOnce(fileOptions: [Self.categories])
        let pushType = arguments[PayloadFiles.pushType]
        let authorization = try Self.authorization(arguments[Self.authorized])
        let identifierKey = arguments[Self.idKey] ?? "id"
        let payloadKey = arguments[Self.payloadKey] ?? "payload"
        let json = arguments[Self.json]
        let decoder = PayloadDecoder(pushType: pushType, nestedPayloadKey: payloadKey)
        var center = UserNotificationCenter(now: firstArrival, authorization: authorization)
        let manifests = arguments[Self.categories]
        var manifest = CategoryManifest()
        if !manifests.isEmpty {
            do {
                manifest = try ConfigInputs.manifest(manifests, console: console)
                center.setNotificationCategories(manifest.categories)
            } catch {
                console.report(error.findings)
                if json { console.out(JSONOutput.encode([Shown]())) }
                return .failure
            }
        }
        var failed = false
        for (index, path) in arguments.positionals.enumerated() {
            center.advance(to: firstArrival.addingTimeInterval(TimeInterval(index)))
            let report = PayloadFiles.check(path, decoder: decoder, console: console)
            PayloadFiles.writeFindings(report, console: console)
            guard let payload = report.payload else {
                failed = true
                continue
            }
            do {
                let receipt = try center.receive(payload, pushType: report.pushType, identifierKey: identifierKey)
                console.report(report.placed(receipt.findings(file: report.file)))
                if !json { note(receipt, file: report.file, payloadKey: payloadKey, console: console) }
            } catch {
                let findings = report.placed([error.finding(file: report.file)])
                console.report(findings)
                if findings.contains(where: { $0.severity == .error }) { failed = true }
            }
        }
        let builder = NotificationCardBuilder(categories: manifest, extensions: ExtensionRegistry([]))
        let cards = center.delivered.map { (builder.card(for: $0.notification), $0) }
        if json {
            console.out(JSONOutput.encode(cards.map { Self.shown($0.0, $0.1) }))
        } else {
            for (card, delivered) in cards {
                console.record(
                    CardLineRenderer.line(
                        card, identifier: delivered.notification.identifier, replaced: delivered.replacedCount))
            }
        }
        return failed ? .failure : .success
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

    /// The JSON record of a delivered notification, with the buttons its card shows.
    static func shown(_ card: NotificationCard, _ delivered: DeliveredNotification) -> Shown {
        let notification = delivered.notification
        return Shown(
            id: notification.identifier, title: notification.title, subtitle: notification.subtitle,
            body: notification.body, category: notification.categoryIdentifier, registered: card.categoryRegistered,
            actions: card.actions.map { ShownAction(identifier: $0.identifier, title: $0.title) },
            badge: notification.badge?.number, sound: notification.sound?.name, replaced: delivered.replacedCount)
    }
}
