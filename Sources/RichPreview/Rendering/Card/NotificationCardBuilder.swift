/// Builds the card a notification shows from what decides it: the app's registered categories
/// (which give the buttons), its content extensions (which draw a category's expanded view) and
/// the attachment.
///
/// Rules: a category that is not registered gets no buttons and no content extension (spec §1.5).
/// A content extension's area is shown in the expanded state, with the extension's size ratio;
/// `UNNotificationExtensionDefaultContentHidden` hides the default texts there, and
/// `UNNotificationExtensionOverridesDefaultTitle` puts the extension's name in the header. The
/// banner shows no buttons; the expanded state shows its action context's buttons, at most 2 in
/// the minimal context and in the default one 10 (4 for an explicit iOS 8 default context), and
/// lists the rest; the card rules report them.
public struct NotificationCardBuilder: Sendable {
    /// The categories the app registers: they give a notification its buttons.
    public var categories: CategoryManifest
    /// The app's extensions: the content extension listing a category draws its expanded view.
    public var extensions: ExtensionRegistry
    /// The app's name, for the header.
    public var appName: String
    /// The app's `Localizable` table, which fills the payload's `*-loc-key` texts; nil when the
    /// app's strings are not at hand (each key is then shown as written, with its arguments).
    public var strings: LocalizedStrings?
    /// The sender of a communication notification: iOS (`UNNotificationContent.updating(from:)`
    /// with an `INSendMessageIntent`) shows the sender's name as the title, in place of the
    /// payload's, and the sender's avatar where the app icon goes; nil for the app's own.
    public var sender: String?

    /// Creates a builder from the app's categories and extensions; `appName` ("App" by default) is
    /// the header's name unless an extension overrides the title.
    public init(categories: CategoryManifest, extensions: ExtensionRegistry, appName: String = "App") {
        self.categories = categories
        self.extensions = extensions
        self.appName = appName
    }

    /// The card of a remote payload, shown as iOS shows a regular push (localized texts filled in
    /// from their keys and arguments). A push iOS presents no notification for (a Live Activity's
    /// start, update or end, a widget or control reload, a background push) gets a plain card
    /// saying so and listing what it carries: its content state, or the keys it hands the app.
    public func card(
        for payload: APNsPayload, state: CardState = .expanded, context: ActionContext = .default,
        attachment: CardAttachment? = nil, file: String? = nil
    ) -> NotificationCard {
        let notification = LocalNotification(
            remotePayload: payload, identifier: "", fireDate: .distantPast, strings: strings)
        var missing: [MissingLocalizationKey] = []
        if let strings, let alert = payload.aps?.alert {
            for (keyPath, key) in alert.localizationKeys where !strings.contains(key) {
                missing.append(MissingLocalizationKey(keyPath: keyPath, key: key, language: strings.language))
            }
        }
        var card = card(
            for: notification, interruptionLevel: payload.aps?.interruptionLevel, missingKeys: missing, state: state,
            context: context, attachment: attachment, file: file)
        if let listing = UnpresentedPushListing.texts(for: payload) {
            card.title = listing.title
            card.subtitle = listing.subtitle
            card.body = listing.body
        }
        return card
    }

    /// The card of a notification.
    public func card(
        for notification: LocalNotification, state: CardState = .expanded, context: ActionContext = .default,
        attachment: CardAttachment? = nil, file: String? = nil
    ) -> NotificationCard {
        card(
            for: notification, interruptionLevel: nil, missingKeys: [], state: state, context: context,
            attachment: attachment, file: file)
    }

    private func card(
        for notification: LocalNotification, interruptionLevel: InterruptionLevel?,
        missingKeys: [MissingLocalizationKey], state: CardState,
        context: ActionContext, attachment: CardAttachment?, file: String?
    ) -> NotificationCard {
        var card = NotificationCard(
            headerTitle: appName, title: notification.title, subtitle: notification.subtitle, body: notification.body,
            attachment: attachment, state: state, context: context, category: notification.categoryIdentifier)
        card.interruptionLevel = interruptionLevel
        card.missingLocalizationKeys = missingKeys
        if let sender {
            card.title = sender
            card.sender = sender
        }
        if let identifier = notification.categoryIdentifier {
            decide(&card, category: identifier, state: state, context: context)
        }
        return checked(card, file: file)
    }

    /// The buttons, the hidden actions and the content extension's part of a card whose
    /// notification names `identifier`.
    private func decide(
        _ card: inout NotificationCard, category identifier: String, state: CardState, context: ActionContext
    ) {
        guard let category = categories.category(identifier) else {
            card.categoryRegistered = false
            return
        }
        card.categoryRegistered = true
        if let drawer = extensions.contentExtension(for: identifier), let attributes = drawer.contentAttributes {
            if attributes.overridesDefaultTitle, let name = Self.displayName(of: drawer) {
                card.headerTitle = name
                card.appName = appName
            }
            if state == .expanded {
                card.extensionArea = ExtensionArea(
                    heightRatio: attributes.initialContentSizeRatio, extensionFile: drawer.file)
                card.showsDefaultContent = !attributes.defaultContentHidden
            }
        }
        guard state == .expanded else { return }
        card.actions = category.actions(for: context).prefix(category.shownLimit(in: context)).map(Self.action)
        let shownIdentifiers = Set(card.actions.map(\.identifier))
        card.hiddenActions = category.actions.filter { !shownIdentifiers.contains($0.identifier) }.map(Self.action)
    }

    private static func action(_ action: NotificationAction) -> CardAction {
        CardAction(
            identifier: action.identifier, title: action.title, isDestructive: action.options.contains(.destructive),
            textInputButtonTitle: action.textInput.map { $0.buttonTitle.isEmpty ? "Send" : $0.buttonTitle },
            icon: action.icon)
    }

    /// The extension's display name or bundle name, unless it is an unexpanded build variable.
    private static func displayName(of config: ExtensionConfig) -> String? {
        [config.bundleDisplayName, config.bundleName].compactMap { $0 }.first { !$0.isEmpty && !$0.contains("$(") }
    }
}
