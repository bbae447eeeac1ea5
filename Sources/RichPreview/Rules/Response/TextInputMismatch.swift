extension Rules {
    /// Text given to an action without a text field, or a text-input action answered without
    /// text.
    public enum TextInputMismatch: ResponseRule {
        /// This rule's id (`text-input-mismatch`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "text-input-mismatch", severity: .error, area: .response,
            summary: "Text given to an action without a text field, or a text-input action answered without text.")

        /// Text given to an action without a field, or none to one with a field, placed at the
        /// category's actions.
        static func check(_ refusal: ResponseError) -> [Finding] {
            let message: String
            let origin: CategoryManifest.Origin?
            switch refusal {
            case .textNotAccepted(let category, let action, let place):
                message = "action '\(action)' of category '\(category)' has no text field; it takes no text"
                origin = place
            case .textRequired(let category, let action, let place):
                message =
                    "action '\(action)' of category '\(category)' is a text-input action; its Send button needs non-empty text"
                origin = place
            default:
                return []
            }
            return [
                Finding(
                    rule: descriptor, message: message, file: origin?.file,
                    keyPath: origin.map { $0.keyPath + ".actions" })
            ]
        }
    }
}
