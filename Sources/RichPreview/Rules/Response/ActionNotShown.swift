extension Rules {
    /// An action in neither the minimal nor the default context: it is never shown.
    public enum ActionNotShown: ResponseRule {
        /// This rule's id (`action-not-shown`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "action-not-shown", severity: .error, area: .response,
            summary: "An action in neither the minimal nor the default context: it is never shown.")

        /// A response asked of an action no context shows, placed at the category's actions.
        static func check(_ refusal: ResponseError) -> [Finding] {
            guard case .actionNotShown(let category, let action, let origin) = refusal else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "action '\(action)' of category '\(category)' is in neither the minimal nor the default context, so it is never shown",
                    file: origin?.file, keyPath: origin.map { $0.keyPath + ".actions" })
            ]
        }
    }
}
