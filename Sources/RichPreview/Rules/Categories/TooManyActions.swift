extension Rules {
    /// More actions than a context shows: a note above 2 (banners and the minimal context show
    /// the first two), a warning above 4 (the iOS 8 default context), an error for an explicit
    /// iOS 8 context over its limit.
    public enum TooManyActions {
        public static let descriptor = RuleDescriptor(
            id: "too-many-actions", severity: .warning, area: .categories,
            summary:
                "More actions than a context shows: a note above 2 (banners and the minimal context show the first two), a warning above 4 (the iOS 8 default context), an error for an explicit iOS 8 context over its limit."
        )

        package static func contextFinding(
            file: String?, keyPath: String?, category: String, context: ActionContext, count: Int,
            severity: Severity? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, severity: severity,
                message:
                    "category '\(category)' lists \(count) actions for the \(context.rawValue) context; iOS shows at most \(context.limit)",
                file: file, keyPath: keyPath)
        }
    }
}
