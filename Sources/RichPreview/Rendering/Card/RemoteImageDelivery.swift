import Foundation

/// Whether an image a push names by URL reaches the notification: iOS never downloads one itself;
/// only a notification service extension (run for a payload with `mutable-content`) downloads it
/// and attaches it. `render` and `review` draw a remote image only when one does.
public enum RemoteImageDelivery: Sendable, Equatable {
    /// Nothing is known of the app: the card shows the text alone, as iOS shows a push that no
    /// extension rewrites.
    case unknown
    /// A notification service extension downloads it: `by` names the extension (or what says
    /// there is one, such as `--assume-service-extension`).
    case downloaded(by: String)
    /// No extension downloads it: `reason` says why (the app embeds no service extension, or its
    /// extension attaches no image).
    case notDownloaded(reason: String)

    /// The card's view of `attachment`, a payload's attachment, when this delivery decides how it
    /// is shown, with a note saying what was chosen; nil for an attachment it does not concern (a
    /// local file, an unusable URL). A remote image that is downloaded is drawn from the file of
    /// the URL's last path component in `folder` when there is one (a regular file, not a link;
    /// inspected as iOS would check it), else as a placeholder (`CardAttachment.isPlaceholder`);
    /// one that is not is left out, and the card shows the text alone.
    public func shown(
        _ attachment: PayloadAttachments.Attachment, payload: APNsPayload, folder: URL,
        inspector: AttachmentInspector = AttachmentInspector(), options: AttachmentOptions = AttachmentOptions()
    ) -> (attachment: CardAttachment, note: String)? {
        guard case .remote = attachment.reference.location else { return nil }
        let url = attachment.reference.url
        var card = CardAttachment(attachment)
        switch self {
        case .unknown:
            return (
                card,
                "the attachment is not drawn, the card shows the text alone: \(url) is a remote URL that only a notification service extension downloads, and nothing says the app has one"
            )
        case .notDownloaded(let reason):
            return (card, "the image at \(url) never appears on iOS: \(reason); the card shows the text alone")
        case .downloaded(let downloader):
            guard payload.aps?.mutableContent == true else {
                return (
                    card,
                    "the image at \(url) never appears on iOS: without mutable-content iOS does not run \(downloader); the card shows the text alone"
                )
            }
            let name = Self.fileName(of: url)
            let local = name.map { folder.appendingPathComponent($0).path }
            let kind = local.flatMap { try? FileStatus.of(path: $0, followingLinks: false) }?.kind
            if let local, let name, kind == .regular {
                card = CardAttachment(inspector.inspect(file: local, name: name, options: options), path: local)
                card.name = url
                card.keyPath = attachment.reference.keyPath
                if let problem = card.problem {
                    return (
                        card,
                        "\(name) in \(folder.path) stands for \(url), which \(downloader) downloads at delivery, but iOS would refuse it (\(problem)); the card shows the text alone"
                    )
                }
                return (card, "\(url) is drawn from \(name) in \(folder.path): \(downloader) downloads it at delivery")
            }
            card = CardAttachment(name: url, kind: .image)
            card.keyPath = attachment.reference.keyPath
            card.isPlaceholder = true
            let instead =
                name.map {
                    kind == nil
                        ? "; a file named \($0) in \(folder.path) is drawn instead"
                        : "; \($0) in \(folder.path) is not a regular file (a link is not followed)"
                } ?? ""
            return (
                card,
                "\(url) is drawn as a placeholder: \(downloader) downloads it at delivery\(instead)"
            )
        }
    }

    /// The last path component of a URL, percent-decoded, when it is a plain file name (not
    /// empty, no `/`, not hidden).
    static func fileName(of url: String) -> String? {
        guard let components = URLComponents(string: url) else { return nil }
        let last = (components.percentEncodedPath as NSString).lastPathComponent
        guard let name = last.removingPercentEncoding, !name.isEmpty, !name.hasPrefix("."),
            !name.contains("/"), !name.contains("\0")
        else { return nil }
        return name
    }
}
