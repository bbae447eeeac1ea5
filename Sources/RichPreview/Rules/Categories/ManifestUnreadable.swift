extension Rules {
    /// A category manifest that cannot be read, or is neither JSON nor a property list.
    public enum ManifestUnreadable: ManifestRule {
        /// This rule's id (`manifest-unreadable`), default severity (error), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "manifest-unreadable", severity: .error, area: .categories,
            summary: "A category manifest that cannot be read, or is neither JSON nor a property list.")

        /// A file that cannot be read, or whose bytes are neither JSON nor a property list.
        static func check(_ failure: CategoryManifestError) -> [Finding] {
            switch failure {
            case .unreadable(let file, let reason):
                [Finding(rule: descriptor, message: reason, file: file)]
            case .notParseable(let file, let jsonReason, let propertyListReason):
                [
                    Finding(
                        rule: descriptor,
                        message: "neither JSON (\(jsonReason)) nor a property list (\(propertyListReason))", file: file)
                ]
            default:
                []
            }
        }
    }
}
