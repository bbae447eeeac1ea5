extension Rules {
    /// UNNotificationExtensionInitialContentSizeRatio missing, not a positive number, or
    /// written as a string.
    public enum SizeRatioInvalid: Rule {
        /// This rule's id (`size-ratio-invalid`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "size-ratio-invalid", severity: .error, area: .plist,
            summary:
                "UNNotificationExtensionInitialContentSizeRatio missing, not a positive number, or written as a string."
        )

        package static func stringFinding(file: String, keyPath: String, found: String, readAs: Double) -> Finding {
            Finding(
                rule: descriptor, severity: .warning,
                message: "expected <real> or <integer>, found \(found) (read as \(NumberText.format(readAs)))",
                file: file, keyPath: keyPath)
        }
    }
}
