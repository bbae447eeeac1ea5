import Foundation

/// The attachments a payload carries, each found, resolved and checked as iOS would check it: what
/// `inspect --payload`, `render` and `lint` share. URLs are looked for under `keyPaths`; local ones
/// resolve under `folder` (by default the payload's own folder) and are inspected; every finding
/// is placed at the payload's key that holds the URL.
public struct PayloadAttachments: Sendable {
    /// The key paths attachment URLs are looked for under.
    public var keyPaths: [String] {
        didSet { locator.keyPaths = keyPaths }
    }
    /// Finds the URLs under `keyPaths`, split and normalised once; its root is set per payload.
    private var locator: AttachmentLocator
    /// The folder local attachments must be in; nil takes each payload's own folder.
    public var folder: URL?
    /// How a local attachment is inspected (its image probe and limits).
    public var inspector: AttachmentInspector
    /// The attachment options (type hint, thumbnail options) every attachment is checked with.
    public var options: AttachmentOptions
    /// Where local attachments are read: a lint from memory finds them among its files.
    var store = LintFileStore.disk

    /// One attachment of a payload.
    public struct Attachment: Sendable, Equatable {
        /// The URL, where it is in the payload, and where it leads.
        public var reference: AttachmentReference
        /// The inspection of a local file; for any other URL, a report of the URL alone (invalid
        /// when iOS cannot use it).
        public var report: AttachmentReport
        /// What the attachment rules find, placed at the payload's file and the key holding the URL
        /// (the URL leads the message of a local file's findings).
        public var findings: [Finding]
    }

    /// Creates a checker searching `keyPaths` for URLs (the common vendor keys by default) whose
    /// local files must lie in `folder` (nil: each payload's folder).
    public init(
        keyPaths: [String] = AttachmentLocator.defaultKeyPaths, folder: URL? = nil,
        inspector: AttachmentInspector = AttachmentInspector(), options: AttachmentOptions = AttachmentOptions()
    ) {
        self.keyPaths = keyPaths
        locator = AttachmentLocator(keyPaths: keyPaths, root: URL(fileURLWithPath: "/"))
        self.folder = folder
        self.inspector = inspector
        self.options = options
    }

    /// The folder the local attachments of the payload named `file` resolve under: `folder`, else
    /// the payload's own folder (the current folder for a payload with no file, such as `<stdin>`).
    public func folder(forPayload file: String) -> URL {
        if let folder { return folder }
        guard file != "<stdin>", file != Finding.inMemoryFile else { return URL(fileURLWithPath: ".") }
        let parent = (file as NSString).deletingLastPathComponent
        return URL(fileURLWithPath: parent.isEmpty ? "." : parent, isDirectory: true)
    }

    /// Every attachment `payload` (read from the file `file`) carries, in key-path order.
    public func check(_ payload: APNsPayload, file: String) -> [Attachment] {
        check(payload, file: file, sourceMap: nil)
    }

    /// The attachments of the payload `report` checked, as `check(_:file:)` finds them, their
    /// findings placed at their keys in the payload's file; none when the payload has errors.
    public func check(_ report: PayloadReport) -> [Attachment] {
        guard let payload = report.payload else { return [] }
        return check(payload, file: report.file, sourceMap: report.sourceMap)
    }

    private func check(_ payload: APNsPayload, file: String, sourceMap: SourceMap?) -> [Attachment] {
        let attachments = inspect(payload, file: file)
        guard let sourceMap else { return attachments }
        return attachments.map { attachment in
            var placed = attachment
            placed.findings = sourceMap.place(attachment.findings, file: file)
            return placed
        }
    }

    /// The local attachment at `path`, read from the store.
    private func inspect(_ path: String, name: String) -> AttachmentReport {
        guard store.isInMemory else { return inspector.inspect(file: path, name: name, options: options) }
        do {
            return inspector.inspect(
                bytes: try store.data(path: path, limit: .max), name: name, options: options)
        } catch {
            var report = AttachmentReport(name: name)
            report.options = options
            report.error = AttachmentError(kind: .fileNotFound, file: name, reason: error.reason)
            return report
        }
    }

    private func inspect(_ payload: APNsPayload, file: String) -> [Attachment] {
        var locator = locator
        locator.root = folder(forPayload: file)
        return locator.references(in: payload).map { reference in
            switch reference.location {
            case .local(let path):
                let report = inspect(path, name: reference.url)
                let findings = report.findings.map { finding in
                    var placed = finding
                    placed.file = file
                    placed.keyPath = reference.keyPath
                    placed.message = "\(reference.url): \(finding.message)"
                    return placed
                }
                return Attachment(reference: reference, report: report, findings: findings)
            case .remote, .insecure, .invalid:
                var report = AttachmentReport(name: reference.url)
                if case .invalid(let reason) = reference.location {
                    report.error = AttachmentError(
                        kind: .invalidURL, file: reference.url, reason: reason, cause: .invalidURL)
                }
                return Attachment(reference: reference, report: report, findings: reference.findings(file: file))
            }
        }
    }
}
