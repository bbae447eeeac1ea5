extension Rules {
    /// A category that is not registered: iOS shows the notification without actions and
    /// without a content extension.
    public enum CategoryUnregistered: ResponseRule {
        /// This rule's id (`category-unregistered`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "category-unregistered", severity: .error, area: .response,
            summary:
                "A category that is not registered: iOS shows the notification without actions and without a content extension."
        )

        /// A response asked of a category the manifests do not register.
        static func check(_ refusal: ResponseError) -> [Finding] {
            guard case .unregisteredCategory(let category, let known) = refusal else { return [] }
            return [finding(category: category, known: known)]
        }

        package static func finding(category: String, known: [String]) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "category '\(category)' is not registered, so iOS shows the notification without actions or a content extension (registered: \(NameList.text(known)))",
                suggestion: Suggester.suggestion(for: category, among: known))
        }
    }
}
