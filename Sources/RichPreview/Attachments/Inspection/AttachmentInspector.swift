import Foundation

/// Checks a notification attachment the way iOS does before it accepts one: the kind and format
/// from the bytes (never the name), the type the hint or extension declares, the size limit of the
/// kind (checked from the size, before anything is parsed), and a whole container or image.
///
/// Audio and movies are read through their container headers (`MediaProbe`), seeking past media
/// data; images are decoded whole by the `imageProbe` the imaging module supplies. Every failure is
/// one of iOS's attachment error kinds.
public struct AttachmentInspector: Sendable {
    /// The size limit per attachment kind, in bytes; checked from the file size before a container
    /// or image is parsed.
    public var limits: AttachmentLimits
    /// Bounds on reading audio and movie containers (structures visited, nesting, bytes read).
    public var containerLimits: ContainerLimits
    /// Decodes images whole; without one, images are identified from their bytes only and a note
    /// says they were not decoded.
    public var imageProbe: ImageProbe?

    /// Creates an inspector; by default with iOS's size limits, the default container limits and no
    /// image decoder.
    public init(
        limits: AttachmentLimits = AttachmentLimits(), containerLimits: ContainerLimits = ContainerLimits(),
        imageProbe: ImageProbe? = nil
    ) {
        self.limits = limits
        self.containerLimits = containerLimits
        self.imageProbe = imageProbe
    }

    /// Inspects the file at `path`; `name` (default: the path) stands for it in the report, and
    /// its extension declares the type unless `options` carries a type hint.
    public func inspect(file path: String, name: String? = nil, options: AttachmentOptions = AttachmentOptions())
        -> AttachmentReport
    {
        let name = name ?? path
        var report = AttachmentReport(name: name)
        var info = stat()
        guard !path.isEmpty else {
            report.error = AttachmentError(kind: .fileNotFound, file: name, reason: "empty path")
            return report
        }
        guard stat(path, &info) == 0 else {
            // Missing, a loop of symbolic links, a folder on the way that is not one: iOS finds no file.
            report.error = AttachmentError(kind: .fileNotFound, file: name, reason: FileContents.failure(errno).reason)
            return report
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let what =
                info.st_mode & S_IFMT == S_IFDIR
                ? "a folder" : "not a regular file (\(FileContents.specialFileKind(info.st_mode) ?? "a special file"))"
            report.error = AttachmentError(kind: .invalidURL, file: name, reason: "\(what), not an attachment file")
            return report
        }
        let source: FileByteSource
        do {
            source = try FileByteSource(url: URL(fileURLWithPath: path))
        } catch {
            report.error = AttachmentError(
                kind: .moveFailed, file: name, reason: "cannot be read, so iOS cannot move it: \(error)")
            return report
        }
        return inspect(source, report: report, fileName: name, options: options)
    }

    /// Inspects bytes in memory. `name` stands for them in the report; its extension declares the
    /// type unless `options` carries a type hint. A nil `name` (standard input) declares no type.
    public func inspect(bytes: Data, name: String?, options: AttachmentOptions = AttachmentOptions())
        -> AttachmentReport
    {
        inspect(
            DataByteSource(bytes), report: AttachmentReport(name: name ?? "<stdin>"), fileName: name,
            options: options)
    }

    private func inspect(
        _ source: some ByteSource, report initial: AttachmentReport, fileName: String?, options: AttachmentOptions
    ) -> AttachmentReport {
        var report = initial
        let name = report.name
        report.bytes = source.count
        func fail(_ kind: AttachmentError.Kind, _ reason: String, limit: Int? = nil, rule: RuleDescriptor? = nil)
            -> AttachmentReport
        {
            report.error = AttachmentError(kind: kind, file: name, reason: reason, limit: limit, rule: rule)
            return report
        }
        guard source.count > 0 else { return fail(.invalidFileSize, "empty file") }
        let header: [UInt8]
        do {
            header = try source.bytes(at: 0, count: min(source.count, 512))
        } catch {
            return fail(.moveFailed, "cannot be read: \(error)")
        }
        guard let format = MediaSniffer.detect(header) else {
            if let damage = MediaSniffer.damagedSignature(header) { return fail(.corrupt, damage) }
            return fail(.unrecognizedType, "not an image, audio or movie format iOS knows" + Self.guess(header))
        }
        report.format = format
        report.kind = format.kind

        let named = fileName.flatMap { DeclaredType(fileName: $0) }
        let hint = options.typeHint.map { DeclaredType(uti: $0, origin: .typeHint) }
        report.declaredType = hint ?? named
        if fileName != nil, named == nil {
            if hint == nil {
                return fail(
                    .unrecognizedType,
                    "the file name has no extension iOS knows (iOS takes the type from it); name it .\(Self.suggestedExtension(format)) or give a type hint",
                    rule: Rules.AttachmentTypeUnsupported.descriptor)
            }
            report.warnings.append(
                Rules.AttachmentTypeUnsupported.finding(
                    file: name,
                    message:
                        "the file name has no extension iOS knows; iOS has refused such files even with a type hint (rdar 27708555), so name it .\(Self.suggestedExtension(format))",
                    severity: .warning))
        }
        if let declared = report.declaredType, !declared.accepts(format) {
            let source = declared.origin == .typeHint ? "the type hint says" : "the file extension says"
            return fail(
                .unrecognizedType,
                "\(source) \(declared.uti) but the bytes are \(format.rawValue.uppercased()) (\(format.utType))",
                rule: Rules.AttachmentTypeMismatch.descriptor)
        }
        if let hint, let named, !named.accepts(format) {
            report.warnings.append(
                Rules.AttachmentTypeMismatch.finding(
                    file: name,
                    message:
                        "the file extension says \(named.uti) but the bytes are \(format.rawValue.uppercased()); iOS uses the type hint \(hint.uti) instead",
                    severity: .warning))
        }

        let limit = limits.limit(for: format.kind)
        report.limit = limit
        guard source.count <= limit else {
            return fail(
                .invalidFileSize,
                "\(source.count) bytes, over iOS's limit of \(limit) bytes for \(format.kind.rawValue) attachments",
                limit: limit)
        }
        if !format.isDocumentedAttachmentType {
            report.warnings.append(
                Rules.AttachmentTypeUndocumented.finding(
                    file: name,
                    message:
                        "\(format.rawValue.uppercased()) (\(format.utType)) is not among the attachment types Apple documents; iOS may refuse it"
                ))
        }

        switch format.kind {
        case .image:
            guard [.png, .jpeg, .gif].contains(format) else { break }
            guard let imageProbe else {
                report.warnings.append(
                    Finding(
                        rule: Rules.AttachmentCorrupt.descriptor, severity: .note,
                        message: "identified from its signature only; the image was not decoded", file: name))
                break
            }
            let data: Data
            do {
                data = Data(try source.bytes(at: 0, count: source.count))
            } catch {
                return fail(.moveFailed, "cannot be read: \(error)")
            }
            switch imageProbe(data) {
            case .success(let facts): report.image = facts
            case .failure(let failure): return fail(.corrupt, failure.reason)
            }
        case .audio, .movie:
            do {
                let facts = try MediaProbe.probe(source, format: format, limits: containerLimits)
                report.media = facts
                report.format = facts.format
            } catch {
                if case .unsupported = error { break }
                return fail(.corrupt, error.description)
            }
        }
        report.warnings += thumbnailWarnings(options, report: report)
        return report
    }

    /// What is wrong with the thumbnail options for this attachment.
    private func thumbnailWarnings(_ options: AttachmentOptions, report: AttachmentReport) -> [Finding] {
        var warnings: [Finding] = []
        if let rect = options.thumbnailClippingRect, !rect.isInsideUnitSquare {
            warnings.append(
                Rules.AttachmentThumbnailInvalid.finding(
                    file: report.name,
                    message:
                        "the thumbnail clipping rectangle (\(NumberText.format(rect.x)), \(NumberText.format(rect.y)), \(NumberText.format(rect.width)) × \(NumberText.format(rect.height))) is not inside the unit square 0…1"
                ))
        }
        if let time = options.thumbnailTime {
            let message: String?
            if let frames = report.image?.frameCount, report.format == .gif {
                message =
                    time.isFinite && time >= 0 && time < Double(frames) && time == time.rounded()
                    ? nil
                    : "thumbnail frame \(NumberText.format(time)) is not a frame of this GIF (frames 0…\(frames - 1))"
            } else if report.kind == .movie, let duration = report.media?.duration {
                message =
                    time.isFinite && time >= 0 && time <= duration
                    ? nil
                    : "thumbnail time \(NumberText.format(time)) s is outside the movie (0…\(NumberText.format(duration)) s)"
            } else if report.kind == .audio || (report.kind == .image && report.format != .gif) {
                message = "a thumbnail time applies to movies and animated GIFs only; it is ignored here"
            } else {
                message = nil
            }
            if let message {
                warnings.append(Rules.AttachmentThumbnailInvalid.finding(file: report.name, message: message))
            }
        }
        return warnings
    }

    /// A hint at what unrecognised bytes are, when they are text.
    static func guess(_ header: [UInt8]) -> String {
        guard let text = String(bytes: header.prefix(64), encoding: .utf8) else { return "" }
        let lowered = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if lowered.hasPrefix("<!doctype html") || lowered.hasPrefix("<html") {
            return " (it is an HTML page: an error page saved as the attachment?)"
        }
        if lowered.hasPrefix("{") || lowered.hasPrefix("[") { return " (it is JSON text)" }
        if lowered.hasPrefix("<?xml") { return " (it is XML text)" }
        return text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\r" || $0 == "\t" })
            ? " (it is text)" : ""
    }

    /// The usual file extension of a format.
    static func suggestedExtension(_ format: MediaFormat) -> String {
        switch format {
        case .jpeg: "jpg"
        case .mpeg: "mpg"
        case .aiff: "aiff"
        default: format.rawValue
        }
    }
}
