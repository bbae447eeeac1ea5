import Foundation

extension Rules {
    /// An image whose decoded pixels (width × height × 4 bytes, for every frame of an animated
    /// GIF) need more than a notification service extension has (about 24 MB, observed; 12 MB on
    /// older iOS): an extension that decodes it, to draw or re-encode it, is ended by iOS. Says
    /// which box to fit it into, and as which format (the command line adds the command that does it).
    public enum AttachmentExceedsExtensionMemory: AttachmentRule {
        /// This rule's id (`attachment-exceeds-extension-memory`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-exceeds-extension-memory", severity: .warning, area: .attachment,
            summary:
                "An image whose decoded pixels (width × height × 4 bytes, every frame of an animated GIF) need more than a notification service extension has (about 24 MB, observed; 12 MB on older iOS): an extension that decodes it is ended by iOS. Says which box to fit it into."
        )

        /// An image over the extension's memory, with the box its decode fits the memory in.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            guard attachment.kind == .image, let image = attachment.image, let budget = attachment.extensionMemory,
                let bytes = attachment.decodedBytes, bytes > budget
            else { return [] }
            let frames = max(1, image.frameCount)
            let decoded = "\(image.width)×\(image.height)×4" + (frames > 1 ? " × \(frames) frames" : "")
            var message =
                "decoding it takes \(decoded) = \(megabytes(bytes)) MB, over the \(megabytes(budget)) MB a notification service extension has; an extension that decodes it is ended by iOS"
            if let box = box(width: image.width, height: image.height, frames: frames, budget: budget) {
                let format = image.hasAlpha == true || attachment.format == .gif ? "PNG" : "JPEG"
                message += "; fit it into \(box.width)x\(box.height) as \(format)"
                if frames > 1 { message += ", keeping the first frame" }
            }
            return [Finding(rule: descriptor, message: message, file: attachment.name)]
        }

        /// The largest box of the image's shape (each side rounded down) whose decode of `frames`
        /// frames fits `budget` bytes; nil when not even one pixel does.
        public static func box(width: Int, height: Int, frames: Int, budget: Int) -> (width: Int, height: Int)? {
            guard width > 0, height > 0, frames > 0, budget > 0 else { return nil }
            var scale = (Double(budget) / (4 * Double(frames) * Double(width) * Double(height))).squareRoot()
            while true {
                let box = (width: Int(Double(width) * scale), height: Int(Double(height) * scale))
                guard box.width > 0, box.height > 0 else { return nil }
                let (pixels, overflow) = box.width.multipliedReportingOverflow(by: box.height)
                // The square root, rounded, may leave it a pixel over: a hair smaller then.
                if !overflow, pixels <= budget / (4 * frames) { return box }
                scale *= 1 - 1e-9
            }
        }

        /// `bytes` in MB as iOS's memory reports count them (2^20 bytes), with one decimal unless whole.
        private static func megabytes(_ bytes: Int) -> String {
            bytes % (1 << 20) == 0 ? "\(bytes >> 20)" : String(format: "%.1f", Double(bytes) / Double(1 << 20))
        }
    }
}
