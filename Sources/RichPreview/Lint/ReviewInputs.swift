import Foundation

/// What `richpreview review` draws, taken from a lint's project: every payload the walk found,
/// with its checked attachments, and the categories and content extensions the project declares.
package struct ReviewInputs: Sendable {
    /// One payload file.
    package struct Payload: Sendable {
        /// The file, as the walk named it.
        package var file: String
        /// Its check: the decoded payload (nil when invalid) and the findings.
        package var report: PayloadReport
        /// The payload as read, even when a finding makes it invalid; nil when it could not be
        /// read as a payload.
        package var read: APNsPayload?
        /// The attachments it carries, resolved and checked.
        package var attachments: [PayloadAttachments.Attachment]
        /// Which message of the file it is (1-based) when the file holds several (an Expo
        /// array): each is its own push, and its own card; nil for a file of one.
        package var message: Int? = nil
    }

    /// Every payload, in the walk's order.
    package var payloads: [Payload]
    /// The categories the project registers: its manifests', then those its code constructs with
    /// a literal identifier (the first declaration of an identifier wins).
    package var categories: CategoryManifest
    /// The content and service extension plists.
    package var extensions: ExtensionRegistry
    /// The name the project's app shows in its notifications, when its Info.plists give one
    /// name (several apps with different names give none).
    package var appName: String? = nil
    /// The app's icon from its asset catalog (`LintModel.appIdentity(confinedTo:)`), as PNG bytes.
    package var appIcon: Data? = nil
    /// The bytes of the template images the categories' actions name as icons, by name, from the
    /// project's image sets (`ProjectImageSets.templateImages(for:scale:)`).
    package var actionImages: [String: Data] = [:]
    /// Whether the app's service extension downloads the images payloads name by URL.
    package var remoteImages = RemoteImageDelivery.unknown
}

extension LintModel {
    /// The payloads, categories and extensions of the lint, for drawing; empty when the lint was
    /// stopped by its configuration file.
    package var reviewInputs: ReviewInputs {
        guard let project else {
            return ReviewInputs(payloads: [], categories: CategoryManifest(), extensions: ExtensionRegistry([]))
        }
        var categories = CategoryManifest()
        for (_, manifest) in project.manifests { categories.merge(manifest) }
        for scanned in project.sources.categories {
            guard let category = scanned.notificationCategory, categories.category(category.identifier) == nil,
                let single = try? CategoryManifest([category], file: scanned.location.file)
            else { continue }
            categories.merge(single)
        }
        let payloads = project.payloads.flatMap { payload in
            guard !payload.messages.isEmpty else {
                return [
                    ReviewInputs.Payload(
                        file: payload.file, report: payload.report, read: payload.read,
                        attachments: payload.attachments)
                ]
            }
            return payload.messages.enumerated().map { index, message in
                ReviewInputs.Payload(
                    file: payload.file, report: message.report, read: message.read, attachments: message.attachments,
                    message: index + 1)
            }
        }
        return ReviewInputs(
            payloads: payloads, categories: categories, extensions: project.registry, appName: project.appName,
            remoteImages: project.remoteImageDelivery)
    }
}

extension ScannedCategory {
    /// The category as the app registers it, from what the scan resolved: actions whose identifier
    /// is a literal (an unresolved title shows the identifier), options by Apple's names, iOS 8
    /// contexts; nil when the identifier itself is not a literal.
    package var notificationCategory: NotificationCategory? {
        guard let identifier = identifier.literal else { return nil }
        let converted = actions.compactMap(\.notificationAction)
        var categoryOptions: CategoryOptions = []
        for (name, option) in CategoryOptions.names where options.contains(name) { categoryOptions.insert(option) }
        func context(_ context: ActionContext) -> [String]? {
            contexts[context].map { $0.compactMap(\.identifier.literal) }
        }
        return NotificationCategory(
            identifier: identifier, actions: converted, options: categoryOptions,
            minimalContext: context(.minimal), defaultContext: context(.default))
    }
}

extension ScannedAction {
    /// The action as registered; nil when its identifier is not a literal.
    var notificationAction: NotificationAction? {
        guard let identifier = identifier.literal else { return nil }
        var actionOptions: ActionOptions = []
        for (name, option) in ActionOptions.names where options.contains(name) { actionOptions.insert(option) }
        if destructive == true { actionOptions.insert(.destructive) }
        if authenticationRequired == true { actionOptions.insert(.authenticationRequired) }
        let mode = activationMode.flatMap(ActivationMode.init(rawValue:))
        if mode == .foreground { actionOptions.insert(.foreground) }
        let textInput =
            isTextInput
            ? NotificationAction.TextInput(
                buttonTitle: textInputButtonTitle?.literal ?? "Send", placeholder: textInputPlaceholder?.literal ?? "")
            : nil
        return NotificationAction(
            identifier: identifier, title: title?.literal ?? identifier, options: actionOptions, textInput: textInput,
            activationMode: mode, icon: icon?.icon)
    }
}
