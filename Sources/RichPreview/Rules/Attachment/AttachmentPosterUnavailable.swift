extension Rules {
    /// A movie attachment whose frame `render` could not draw: FFmpeg's libraries are missing, the
    /// stream does not decode, the thumbnail time is past its end or the frame is over the pixel
    /// limit. The card shows the play button alone.
    public enum AttachmentPosterUnavailable: CardRule {
        /// This rule's id (`attachment-poster-unavailable`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-poster-unavailable", severity: .warning, area: .attachment,
            summary:
                "A movie attachment whose frame render could not draw: FFmpeg's libraries are missing, the stream does not decode, the thumbnail time is past its end or the frame is over the pixel limit. The card shows the play button alone."
        )

        static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
            guard let attachment = card.attachment, let problem = attachment.posterFrameProblem else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message: "\(attachment.name): the movie's frame is not drawn, only a play button: \(problem)",
                    file: file, keyPath: attachment.keyPath)
            ]
        }
    }
}
