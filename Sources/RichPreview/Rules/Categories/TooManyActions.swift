extension Rules {
    /// More actions than a context shows: above 10 for an iOS 10 category (what iOS shows where
    /// space allows), above 4 for an iOS 8 one (its default context); its causes are more than
    /// banners show (a note) and an explicit iOS 8 context over its limit in a manifest (an error).
    public enum TooManyActions: ManifestRule, ProjectRule, CardRule {
        /// This rule's id (`too-many-actions`), default severity (warning), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "too-many-actions", severity: .warning, area: .categories,
            summary:
                "More actions than a context shows: above 10 for an iOS 10 category (what iOS shows where space allows), above 4 for an iOS 8 one (its default context), or an iOS 8 context set in code over its limit; an expanded card leaving some out.",
            causes: [beyondBanner, manifestContext])

        /// More than the 2 actions banners and the minimal context show, within what the
        /// expanded view shows.
        static let beyondBanner = RuleDescriptor.Cause(
            id: "beyond-banner", severity: .note,
            summary:
                "More than 2 actions: banners and the minimal context show the first two, so the most important go first."
        )
        /// An explicit iOS 8 context in a manifest listing more actions than iOS shows there.
        static let manifestContext = RuleDescriptor.Cause(
            id: "manifest-context", severity: .error,
            summary:
                "A manifest's explicit iOS 8 context lists more actions than iOS shows there (2 minimal, 4 default).")

        private static func contextFinding(
            file: String?, keyPath: String?, category: String, context: ActionContext, count: Int,
            cause: RuleDescriptor.Cause? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, cause: cause,
                message:
                    "category '\(category)' lists \(count) actions for the \(context.rawValue) context; iOS shows at most \(context.limit)",
                file: file, keyPath: keyPath)
        }

        /// Explicit iOS 8 contexts of a manifest listing more actions than iOS shows there: errors.
        static func check(_ manifest: CategoryManifest) -> [Finding] {
            manifest.declared.flatMap { category, origin in
                ActionContext.allCases.compactMap { context in
                    guard let listed = category.explicitContext(context), listed.count > context.limit else {
                        return nil
                    }
                    return contextFinding(
                        file: origin.file, keyPath: "\(origin.keyPath).contexts.\(context.rawValue)",
                        category: category.identifier, context: context, count: listed.count, cause: manifestContext)
                }
            }
        }

        /// The actions an expanded card leaves out, in one finding naming the first few (a
        /// category of a hundred thousand actions makes one line): a note beyond the minimal
        /// context's 2, as in a manifest, a warning beyond what the default view shows.
        static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
            let hidden = card.hiddenActions
            guard !hidden.isEmpty, let category = card.category else { return [] }
            let limit = categories.category(category)?.shownLimit(in: card.context) ?? card.context.limit
            let text = NameList.text(first: hidden.lazy.map { "'\($0.identifier)' (\($0.title))" }, count: hidden.count)
            return [
                Finding(
                    rule: descriptor, cause: card.context == .minimal ? beyondBanner : nil,
                    message:
                        "\(hidden.count == 1 ? "action" : "\(NumberText.grouped(hidden.count)) actions") of category '\(category)' not shown: the \(card.context.rawValue) context shows at most \(limit) buttons; left out: \(text)",
                    file: file)
            ]
        }

        /// Categories with more actions than banners show (2: a note) or than the expanded view
        /// shows (a warning: 10 for an iOS 10 category, 4 for an iOS 8 one), and explicit iOS 8
        /// contexts in code over their limit.
        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            func count(
                _ category: String, _ actions: Int, iOS8: Bool, file: String?, keyPath: String?, line: Int?,
                column: Int?
            ) {
                guard actions > 2 else { return }
                let limit = iOS8 ? ActionContext.default.limit : NotificationCategory.maximumShownActions
                let message =
                    actions > limit
                    ? (iOS8
                        ? "category '\(category)' has \(actions) actions; the full alert of iOS 8 showed at most \(limit), and banners show the first 2"
                        : "category '\(category)' has \(actions) actions; iOS shows at most \(limit) where space allows, and banners the first 2")
                    : "category '\(category)' has \(actions) actions; banners and the minimal context show only the first 2, so put the most important first"
                findings.append(
                    Finding(
                        rule: descriptor, cause: actions > limit ? nil : beyondBanner, message: message, file: file,
                        line: line, column: column, keyPath: keyPath))
            }
            for (file, manifest) in project.manifests {
                for category in manifest.categories {
                    count(
                        category.identifier, category.actions.count, iOS8: category.defaultContext != nil, file: file,
                        keyPath: manifest.origin(of: category.identifier).map { $0.keyPath + ".actions" }, line: nil,
                        column: nil)
                }
            }
            for category in project.sources.categories {
                let name = category.identifier.literal ?? category.identifier.description
                count(
                    name, category.actions.count, iOS8: category.api == .legacyUIKit, file: category.location.file,
                    keyPath: nil, line: category.location.line, column: category.location.column)
                for (context, actions) in category.contexts where actions.count > context.limit {
                    var result = contextFinding(
                        file: category.location.file, keyPath: nil, category: name, context: context,
                        count: actions.count)
                    result.line = category.location.line
                    result.column = category.location.column
                    findings.append(result)
                }
            }
            return findings
        }
    }
}
