extension Rules {
    /// A type hint or file extension that disagrees with the bytes, such as PNG data named .jpg
    /// or an HTML error page saved as .jpg.
    public enum AttachmentTypeMismatch: AttachmentRule {
        /// This rule's id (`attachment-type-mismatch`), default severity (error), area (attachment)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-type-mismatch", severity: .error, area: .attachment,
            summary:
                "A type hint or file extension that disagrees with the bytes, such as PNG data named .jpg or an HTML error page saved as .jpg.",
            causes: [extensionOverruled])

        /// A file extension that disagrees with the bytes while a type hint that fits them decides.
        static let extensionOverruled = RuleDescriptor.Cause(
            id: "extension-overruled", severity: .warning,
            summary: "A file extension that disagrees with the bytes when a type hint that fits them decides.")

        /// A declared type the bytes do not fit; and (a warning) a file extension that disagrees with the bytes when a type hint decides.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            var findings: [Finding] = []
            if let error = attachment.error, [.typeMismatch].contains(error.cause) {
                findings.append(AttachmentRefusal.finding(error, rule: descriptor))
            }
            if attachment.error?.cause != .typeMismatch, let format = attachment.format, let hint = attachment.typeHint,
                let named = attachment.nameType, !named.accepts(format)
            {
                findings.append(
                    Finding(
                        rule: descriptor, cause: extensionOverruled,
                        message:
                            "the file extension says \(named.uti) but the bytes are \(format.rawValue.uppercased()); iOS uses the type hint \(hint.uti) instead",
                        file: attachment.name))
            }
            return findings
        }
    }
}
