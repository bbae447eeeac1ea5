extension Rules {
    /// An action the category does not have.
    public enum ActionUnknown: ResponseRule {
        /// This rule's id (`action-unknown`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "action-unknown", severity: .error, area: .response,
            summary: "An action the category does not have.")

        /// A response asked of an action the category does not have, placed at its actions.
        static func check(_ refusal: ResponseError) -> [Finding] {
            guard case .unknownAction(let category, let action, let known, let origin) = refusal else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "category '\(category)' has no action '\(action)' (its actions: \(NameList.text(known)))",
                    file: origin?.file, keyPath: origin.map { $0.keyPath + ".actions" },
                    suggestion: Suggester.suggestion(for: action, among: known))
            ]
        }
    }
}
