extension Rules {
    /// An attachment iOS does not recognise: bytes of no known image, audio or movie format, or
    /// a file without an extension or type hint (UNErrorCodeAttachmentUnrecognizedType).
    public enum AttachmentTypeUnsupported: AttachmentRule {
        /// This rule's id (`attachment-type-unsupported`), default severity (error), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-type-unsupported", severity: .error, area: .attachment,
            summary:
                "An attachment iOS does not recognise: bytes of no known image, audio or movie format, or a file without an extension or type hint (UNErrorCodeAttachmentUnrecognizedType).",
            causes: [hintWithoutExtension])

        /// A type hint given for a name without an extension iOS knows: accepted on paper, refused
        /// in practice.
        static let hintWithoutExtension = RuleDescriptor.Cause(
            id: "hint-without-extension", severity: .warning,
            summary:
                "A type hint given for a file name without an extension iOS knows: iOS has refused such files even with the hint (rdar 27708555)."
        )

        /// Bytes of no known format, or a name without an extension iOS knows and no hint; and (a warning) a hint given for a name without one, which iOS has refused.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            var findings: [Finding] = []
            if let error = attachment.error, [.unrecognizedFormat, .noKnownExtension].contains(error.cause) {
                findings.append(AttachmentRefusal.finding(error, rule: descriptor))
            }
            if let format = attachment.format, attachment.isNamed, attachment.nameType == nil,
                attachment.typeHint != nil
            {
                findings.append(
                    Finding(
                        rule: descriptor, cause: hintWithoutExtension,
                        message:
                            "the file name has no extension iOS knows; iOS has refused such files even with a type hint (rdar 27708555), so name it .\(AttachmentInspector.suggestedExtension(format))",
                        file: attachment.name))
            }
            return findings
        }
    }
}
