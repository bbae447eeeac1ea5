import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering

/// `richpreview inspect FILE...` and `inspect --payload FILE`: what each attachment is, from its
/// bytes, and whether iOS would accept it.
enum InspectCommand: Command {
    static let name = "inspect"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Tell each attachment's kind, format and facts from its bytes, and whether iOS would accept it.",
        discussion: """
            Images (PNG, JPEG, GIF) are decoded whole, as the phone would; audio and movies are read
            through their container headers (duration, rate, channels, codec, frame size). Each kind
            is held to iOS's size limit (images 10 MB, audio 5 MB, movies 50 MB; MB = 10^6 bytes), the
            type the file extension or --type-hint declares must fit the bytes, and a failure is one
            of iOS's attachment errors. With --payload, the attachments a payload refers to are
            inspected: local files under --attachments (default: the payload's folder), https URLs
            reported as downloads for the service extension, never fetched. Exit 1 when any
            attachment would be refused.
            """,
        options: [
            json, typeHint, thumbnailClip, thumbnailTime, payload, attachments, attachmentKey,
            CommonOptions.extensionMemory,
        ] + CommonOptions.imageLimits(),
        positionals: [
            PositionalDeclaration(
                "FILE", help: "Attachment files; '-' reads standard input.", repeated: true, optional: true)
        ]
    )

    static let json = Option.flag(
        "json",
        help: "Print one JSON array of objects (path, kind, format, bytes, limit, valid, error, warnings, facts).")
    static let typeHint = Option.value(
        "type-hint", placeholder: "UTI",
        help: "The UNNotificationAttachmentOptionsTypeHintKey for every file, e.g. public.mpeg-4.")
    static let thumbnailClip = Option.value(
        "thumbnail-clip", placeholder: "X,Y,W,H", help: "A thumbnail clipping rectangle in unit coordinates to check.")
    static let thumbnailTime = Option.value(
        "thumbnail-time", placeholder: "T",
        help: "A thumbnail time to check: seconds into a movie, or a GIF frame number.")
    static let payload = Option.repeated(
        "payload", placeholder: "FILE",
        help: "Inspect the attachments this payload refers to (repeatable; '-' reads standard input).")
    static let attachments = Option.value(
        "attachments", placeholder: "DIR",
        help: "The folder local attachment paths resolve under (default: the payload's folder).")
    static let attachmentKey = Option.repeated(
        "attachment-key", placeholder: "KEYPATH",
        help: "Also look for attachment URLs under this payload key path (repeatable).")

    /// One inspected attachment, and for those found through `--payload`, the payload and the
    /// reference that led to it.
    struct Entry {
        var attachment: AttachmentReport
        var payload: String?
        var reference: AttachmentReference?
        /// What is printed for it: the attachment's findings, placed at the payload for one a
        /// payload carries, or a payload's own findings when the payload cannot be used.
        var findings: [Finding]

        init(
            attachment: AttachmentReport, payload: String? = nil, reference: AttachmentReference? = nil,
            findings: [Finding]? = nil
        ) {
            self.attachment = attachment
            self.payload = payload
            self.reference = reference
            self.findings = findings ?? attachment.findings
        }

        var isValid: Bool { attachment.isValid && !findings.contains { $0.severity == .error } }
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        try arguments.checkStandardInputReadOnce(fileOptions: [Self.payload])
        let payloads = arguments[Self.payload]
        guard !arguments.positionals.isEmpty || !payloads.isEmpty else { throw UsageError("missing FILE or --payload") }
        let options = try arguments.attachmentOptions()
        let inspector = AttachmentInspector(
            limits: arguments.attachmentLimits(),
            imageProbe: ImageValidator.attachmentProbe(limits: arguments.imageLimits()))
        var entries: [Entry] = []
        for path in arguments.positionals {
            entries.append(Entry(attachment: inspect(path, inspector: inspector, options: options, console: console)))
        }
        for payload in payloads {
            entries += inspectPayload(
                payload, arguments: arguments, inspector: inspector, options: options, console: console)
        }
        if arguments[Self.json] {
            console.out(
                JSONOutput.encode(
                    entries.map {
                        InspectedAttachment(
                            $0.attachment, findings: $0.findings, payload: $0.payload, reference: $0.reference)
                    }))
        } else {
            for entry in entries { write(entry, console: console) }
        }
        return entries.allSatisfy(\.isValid) ? .success : .failure
    }

    /// The attachment at `path`, or standard input for `-`.
    static func inspect(_ path: String, inspector: AttachmentInspector, options: AttachmentOptions, console: Console)
        -> AttachmentReport
    {
        guard path == "-" else { return inspector.inspect(file: path, options: options) }
        do {
            let input = try InputFile.read(path, limit: inspector.limits.largest, console: console)
            return inspector.inspect(bytes: input.data, name: nil, options: options)
        } catch {
            var report = AttachmentReport(name: InputFile.standardInputName)
            report.error = AttachmentError(
                kind: error.failure == .tooLarge(size: nil, limit: inspector.limits.largest)
                    ? .invalidFileSize : .moveFailed,
                file: report.name, reason: error.reason, limit: inspector.limits.largest)
            return report
        }
    }

    /// The attachments a payload refers to, each inspected or reported by where it leads; a payload
    /// that cannot be used is one entry with the payload's own findings.
    static func inspectPayload(
        _ path: String, arguments: ParsedArguments, inspector: AttachmentInspector, options: AttachmentOptions,
        console: Console
    ) -> [Entry] {
        let checked = PayloadFiles.check(path, decoder: PayloadDecoder(), attachmentURLs: false, console: console)
        guard checked.payload != nil else {
            return [
                Entry(
                    attachment: AttachmentReport(name: checked.file), payload: checked.file, findings: checked.findings)
            ]
        }
        // The payload's own warnings, as every command that reads a payload prints them.
        console.report(checked.findings)
        let attachments = PayloadAttachments(
            keyPaths: AttachmentLocator.defaultKeyPaths + arguments[Self.attachmentKey],
            folder: arguments[Self.attachments].map { URL(fileURLWithPath: $0) }, inspector: inspector,
            options: options
        ).check(checked)
        if attachments.isEmpty {
            console.note(checked.file, "no attachment URL under any of the attachment keys")
        }
        return attachments.map {
            Entry(attachment: $0.report, payload: checked.file, reference: $0.reference, findings: $0.findings)
        }
    }

    /// Prints an attachment's findings on standard error and its facts on standard output.
    private static func write(_ entry: Entry, console: Console) {
        let attachment = entry.attachment
        console.report(entry.findings)
        guard entry.isValid, entry.reference != nil || entry.payload == nil else { return }
        let prefix = entry.reference.map { "\(entry.payload ?? ""): \($0.keyPath): " } ?? ""
        switch entry.reference?.location {
        case .remote(let url)?:
            console.record(
                "\(prefix)\(url) is downloaded by the service extension (the payload needs mutable-content: 1); not fetched"
            )
            return
        case .insecure?, .invalid?:
            return
        case .local?, nil:
            break
        }
        console.record("\(prefix)\(attachment.name): \(summary(attachment))")
    }

    /// `audio mp3, 48213 bytes, 3.00 s, mp3, 44100 Hz, mono`: the kind, format, size and facts.
    static func summary(_ attachment: AttachmentReport) -> String {
        var parts = ["\(attachment.kind?.rawValue ?? "unknown") \(attachment.format?.rawValue ?? "?")"]
        parts.append("\(attachment.bytes ?? 0) bytes")
        if let image = attachment.image {
            parts.append("\(image.width)x\(image.height)")
            parts.append("\(image.bitDepth)-bit")
            if image.frameCount > 1 { parts.append("\(image.frameCount) frames") }
            if let decoded = attachment.decodedBytes {
                parts.append(
                    decoded < 1 << 20
                        ? "\((decoded + 1023) >> 10) KB decoded"
                        : String(format: "%.1f MB decoded", Double(decoded) / Double(1 << 20)))
            }
        }
        if let media = attachment.media {
            if let duration = media.duration { parts.append(String(format: "%.2f s", duration)) }
            if let width = media.width, let height = media.height { parts.append("\(width)x\(height)") }
            if let codec = media.codec { parts.append(codec) }
            if let frameRate = media.frameRate, media.hasVideo {
                parts.append("\(NumberText.format((frameRate * 100).rounded() / 100)) fps")
            }
            if let rate = media.sampleRate { parts.append("\(rate) Hz") }
            if let channels = media.channels {
                parts.append(channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels")
            }
        }
        return parts.joined(separator: ", ")
    }
}
