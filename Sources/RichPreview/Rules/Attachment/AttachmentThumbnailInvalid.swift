extension Rules {
    /// Thumbnail options out of range: a clipping rectangle outside the unit square, or a
    /// thumbnail time past the movie's end or the GIF's last frame.
    public enum AttachmentThumbnailInvalid: AttachmentRule {
        /// This rule's id (`attachment-thumbnail-invalid`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-thumbnail-invalid", severity: .warning, area: .attachment,
            summary:
                "Thumbnail options out of range: a clipping rectangle outside the unit square, or a thumbnail time past the movie's end or the GIF's last frame."
        )

        /// The thumbnail options of an attachment iOS takes: a clipping rectangle outside the unit
        /// square, a time outside the movie or not a frame of the GIF, or a time for an attachment
        /// that has none.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            guard attachment.error == nil else { return [] }
            var messages: [String] = []
            let options = attachment.options
            if let rect = options.thumbnailClippingRect, !rect.isInsideUnitSquare {
                messages.append(
                    "the thumbnail clipping rectangle (\(NumberText.format(rect.x)), \(NumberText.format(rect.y)), \(NumberText.format(rect.width)) × \(NumberText.format(rect.height))) is not inside the unit square 0…1"
                )
            }
            if let time = options.thumbnailTime {
                if let frames = attachment.image?.frameCount, attachment.format == .gif {
                    if !(time.isFinite && time >= 0 && time < Double(frames) && time == time.rounded()) {
                        messages.append(
                            "thumbnail frame \(NumberText.format(time)) is not a frame of this GIF (frames 0…\(frames - 1))"
                        )
                    }
                } else if attachment.kind == .movie, let duration = attachment.media?.duration {
                    if !(time.isFinite && time >= 0 && time <= duration) {
                        messages.append(
                            "thumbnail time \(NumberText.format(time)) s is outside the movie (0…\(NumberText.format(duration)) s)"
                        )
                    }
                } else if attachment.kind == .audio || (attachment.kind == .image && attachment.format != .gif) {
                    messages.append("a thumbnail time applies to movies and animated GIFs only; it is ignored here")
                }
            }
            return messages.map { Finding(rule: descriptor, message: $0, file: attachment.name) }
        }
    }
}
