extension Rules {
    /// A payload's aps.category that no category of the project registers: iOS shows it without
    /// buttons and without a content extension. A note when the app's categories are not all
    /// known (a registration in code left unresolved, or no manifest given to `render`).
    public enum PayloadCategoryUnknown: ProjectRule, CardRule {
        /// This rule's id (`payload-category-unknown`), default severity (error), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-category-unknown", severity: .error, area: .payload,
            summary:
                "A payload's aps.category that no category of the project registers: iOS shows it without buttons and without a content extension.",
            causes: [unconfirmed, noCategoriesGiven, registeredBySDK])

        /// A push SDK of the project registers categories at run time: the category may be among them.
        static let registeredBySDK = RuleDescriptor.Cause(
            id: "registered-by-sdk", severity: .note,
            summary:
                "The project brings in a push SDK that registers categories at run time, which lint cannot see.")

        /// Some registrations could not be resolved, so the category may be among them.
        static let unconfirmed = RuleDescriptor.Cause(
            id: "unconfirmed", severity: .note,
            summary:
                "Some registered categories have identifiers richpreview could not resolve, so the payload's may be among them."
        )
        /// `render` was given no categories, so the app's are unknown.
        static let noCategoriesGiven = RuleDescriptor.Cause(
            id: "no-categories-given", severity: .note,
            summary: "render was given no category manifest, so the card is drawn as unregistered.")

        /// A card whose payload names a category the given manifests do not register: an error,
        /// as in a project; a note when no categories were given, since the app's are unknown.
        static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
            guard card.categoryRegistered == false, let category = card.category else { return [] }
            let known = categories.categories.map(\.identifier)
            guard !known.isEmpty else {
                return [
                    Finding(
                        rule: descriptor, cause: noCategoriesGiven,
                        message:
                            "no category manifest given, so category '\(category)' is drawn as unregistered: no buttons and no content extension",
                        file: file, keyPath: "aps.category")
                ]
            }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "category '\(category)' is not registered by the app, so iOS shows the notification without buttons or a content extension",
                    file: file, keyPath: "aps.category", suggestion: Suggester.suggestion(for: category, among: known))
            ]
        }

        /// Every payload whose category no manifest or source of the project registers.
        static func check(_ project: LintProject) -> [Finding] {
            let runtime = project.sdkRegisteringUnseenCategories
            guard project.hasRegistrations || runtime != nil else { return [] }
            let registered = project.declaredIdentifiers.union(project.categoriesRegisteredBySDKs)
            let unsure = project.unresolvedRegistrations > 0
            // Normalised once, on the first finding that needs a suggestion.
            var candidates: Suggester.Candidates?
            return project.payloads.compactMap { payload in
                guard let category = payload.report.payload?.aps?.category, !registered.contains(category),
                    !payload.isWatchTestPayload
                else {
                    return nil
                }
                if let (sdk, file) = runtime {
                    return Finding(
                        rule: descriptor, cause: registeredBySDK,
                        message:
                            "nothing in the project registers category '\(category)'; \(sdk.name) (\(file)) registers categories at run time, which lint cannot see",
                        file: payload.file, keyPath: "aps.category")
                }
                let suggestions = candidates ?? Suggester.Candidates(registered.sorted())
                candidates = suggestions
                return Finding(
                    rule: descriptor, cause: unsure ? unconfirmed : nil,
                    message: unsure
                        ? "richpreview could not confirm that the app registers category '\(category)' (\(NumberText.counted(project.unresolvedRegistrations, "registered category has an identifier", "registered categories have identifiers")) it could not resolve); unregistered, iOS shows it without buttons or a content extension"
                        : "category '\(category)' is not registered by the app, so iOS shows the notification without buttons or a content extension",
                    file: payload.file, keyPath: "aps.category",
                    suggestion: suggestions.suggestion(for: category))
            }
        }
    }
}
