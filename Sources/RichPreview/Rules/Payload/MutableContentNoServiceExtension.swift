extension Rules {
    /// mutable-content: 1 in a project with Info.plists but no service extension: nothing
    /// modifies the notification, and an attachment URL is never downloaded (a note when the
    /// payload has none).
    public enum MutableContentNoServiceExtension: ProjectRule {
        /// This rule's id (`mutable-content-no-service-extension`), default severity (warning),
        /// area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "mutable-content-no-service-extension", severity: .warning, area: .payload,
            summary:
                "mutable-content: 1 in a project with Info.plists but no service extension: nothing modifies the notification, and an attachment URL is never downloaded.",
            causes: [noAttachment])

        /// A payload without an attachment: the flag only has no effect.
        static let noAttachment = RuleDescriptor.Cause(
            id: "no-attachment", severity: .note,
            summary: "The payload carries no attachment URL: mutable-content only has no effect.")

        static func check(_ project: LintProject) -> [Finding] {
            guard !project.hasServiceExtension, !project.extensions.isEmpty || !project.appPlists.isEmpty else {
                return []
            }
            return project.payloads.compactMap { payload in
                guard payload.report.payload?.aps?.mutableContent == true else { return nil }
                let downloads = !payload.attachments.isEmpty
                return Finding(
                    rule: descriptor, cause: downloads ? nil : noAttachment,
                    message: downloads
                        ? "mutable-content: 1, but the project has no service extension: the attachment is never downloaded"
                        : "mutable-content: 1 has no effect: the project has no service extension",
                    file: payload.file, keyPath: "aps.mutable-content")
            }
        }
    }
}
