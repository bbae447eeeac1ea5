import Foundation

/// Remote pushes fed in order to a modelled device, and the notifications the user then sees:
/// what `richpreview deliver` does. Each checked payload arrives a second after the one before;
/// a later push with the same id replaces the earlier notification.
public struct PushDelivery: Sendable {
    /// What the user allowed the app (all by default).
    public var authorization: AuthorizationOptions
    /// The custom key holding a notification's id.
    public var identifierKey: String
    /// The categories the app registers; nil when it registers none (every category is then
    /// unregistered).
    public var categories: CategoryManifest?

    /// When the modelled device receives the first push; each later one arrives a second after.
    public static let firstArrival = Date(timeIntervalSinceReferenceDate: 0)

    /// A delivery for an app that registers `categories`, allowed `authorization`, whose
    /// notifications carry their id under `identifierKey`.
    public init(
        authorization: AuthorizationOptions = .all, identifierKey: String = "id", categories: CategoryManifest? = nil
    ) {
        self.authorization = authorization
        self.identifierKey = identifierKey
        self.categories = categories
    }

    /// What became of one push.
    public struct Arrival: Sendable {
        /// The payload's report, as given.
        public var report: PayloadReport
        /// What the device made of it; nil when the payload is invalid or its id unusable.
        public var receipt: RemoteReceipt?
        /// The receipt's findings, or the one of an unusable id, placed in the payload.
        public var findings: [Finding]
        /// Whether the push fails the run: an invalid payload, or an error among `findings`.
        public var failed: Bool
    }

    /// Every push's arrival, in order, and what the user sees at the end.
    public struct Outcome: Sendable {
        /// One per payload given, in order.
        public var arrivals: [Arrival]
        /// The notifications in Notification Center afterwards, oldest first, as `--json` prints them.
        public var shown: [ShownNotification]
        /// The same notifications as one line each (id, title, body, buttons, replacements).
        public var lines: [String]
        /// Whether any push failed.
        public var failed: Bool { arrivals.contains(where: \.failed) }
    }

    /// Feeds the checked payloads (`PayloadDecoder.check`, with the push type and nested key they
    /// are sent with) to the device in order.
    public func deliver(_ payloads: [PayloadReport]) -> Outcome {
        var center = UserNotificationCenter(now: Self.firstArrival, authorization: authorization)
        if let categories { center.setNotificationCategories(categories.categories) }
        var arrivals: [Arrival] = []
        for (index, report) in payloads.enumerated() {
            center.advance(to: Self.firstArrival.addingTimeInterval(TimeInterval(index)))
            guard let payload = report.payload else {
                arrivals.append(Arrival(report: report, receipt: nil, findings: [], failed: true))
                continue
            }
            do {
                let receipt = try center.receive(payload, pushType: report.pushType, identifierKey: identifierKey)
                arrivals.append(
                    Arrival(
                        report: report, receipt: receipt, findings: report.placed(receipt.findings(file: report.file)),
                        failed: false))
            } catch {
                let findings = report.placed([error.finding(file: report.file)])
                arrivals.append(
                    Arrival(
                        report: report, receipt: nil, findings: findings,
                        failed: findings.contains { $0.severity == .error }))
            }
        }
        let builder = NotificationCardBuilder(
            categories: categories ?? CategoryManifest(), extensions: ExtensionRegistry([]))
        let cards = center.delivered.map { (builder.card(for: $0.notification), $0) }
        return Outcome(
            arrivals: arrivals, shown: cards.map { ShownNotification(card: $0.0, delivered: $0.1) },
            lines: cards.map {
                CardLineRenderer.line($0.0, identifier: $0.1.notification.identifier, replaced: $0.1.replacedCount)
            })
    }
}
