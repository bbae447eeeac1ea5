extension Rules {
    /// A payload with an attachment URL but without mutable-content: 1: the service extension
    /// never runs, so the attachment is never downloaded.
    public enum MutableContentMissing: ProjectRule {
        /// This rule's id (`mutable-content-missing`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "mutable-content-missing", severity: .error, area: .payload,
            summary:
                "A payload with an attachment URL but without mutable-content: 1: the service extension never runs, so the attachment is never downloaded."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.payloads.compactMap { payload in
                guard let aps = payload.report.payload?.aps, !aps.mutableContent, let first = payload.attachments.first
                else { return nil }
                return Finding(
                    rule: descriptor,
                    message:
                        "carries an attachment under '\(first.keyPath)' but not mutable-content: 1, so the service extension never runs and the attachment never appears",
                    file: payload.file, keyPath: "aps", suggestion: "aps.mutable-content")
            }
        }
    }
}
