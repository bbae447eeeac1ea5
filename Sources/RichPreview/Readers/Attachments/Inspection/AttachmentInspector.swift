import Foundation

/// Checks a notification attachment the way iOS does before it accepts one: the kind and format
/// from the bytes (never the name), the type the hint or extension declares, the size limit of the
/// kind (checked from the size, before anything is parsed), and a whole container or image.
///
/// Audio and movies are read through their container headers (`MediaProbe`), seeking past media
/// data; images are decoded whole by the `imageProbe`: `AttachmentInspector.decodingImages(limits:)`
/// (module RichPreviewRendering, which links the decoders) gives an inspector that checks them as
/// the command line does. Every failure is one of iOS's attachment error kinds; an image over the
/// probe's limits is not a failure (`AttachmentReport.notDecodedReason`).
public struct AttachmentInspector: Sendable {
    /// The size limit per attachment kind, in bytes; checked from the file size before a container
    /// or image is parsed.
    public var limits: AttachmentLimits
    /// Bounds on reading audio and movie containers (structures visited, nesting, bytes read).
    public var containerLimits: ContainerLimits
    /// Decodes images whole; without one, images are identified from their bytes only and a note
    /// (`attachment-not-decoded`) says they were not decoded.
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
        report.options = options
        guard !path.isEmpty else {
            report.error = AttachmentError(kind: .fileNotFound, file: name, reason: "empty path")
            return report
        }
        let status: FileStatus
        do {
            status = try FileStatus.of(path: path)
        } catch {
            // Missing, a loop of symbolic links, a folder on the way that is not one: iOS finds no file.
            report.error = AttachmentError(
                kind: .fileNotFound, file: name, reason: FileContents.failure(error.code).reason)
            return report
        }
        guard status.kind == .regular else {
            let what =
                status.kind == .directory
                ? "a folder" : "not a regular file (\(status.specialKindName ?? "a special file"))"
            report.error = AttachmentError(
                kind: .invalidURL, file: name, reason: "\(what), not an attachment file", cause: .invalidURL)
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
        report.options = options
        func fail(
            _ kind: AttachmentError.Kind, _ reason: String, limit: Int? = nil, cause: AttachmentError.Cause? = nil
        )
            -> AttachmentReport
        {
            report.error = AttachmentError(kind: kind, file: name, reason: reason, limit: limit, cause: cause)
            return report
        }
        guard source.count > 0 else { return fail(.invalidFileSize, "empty file", cause: .empty) }
        let header: [UInt8]
        do {
            header = try source.bytes(at: 0, count: min(source.count, 512))
        } catch {
            return fail(.moveFailed, "cannot be read: \(error)")
        }
        guard let format = MediaSniffer.detect(header) else {
            if let damage = MediaSniffer.damagedSignature(header) {
                return fail(.corrupt, damage, cause: .damagedSignature)
            }
            return fail(.unrecognizedType, "not an image, audio or movie format iOS knows" + Self.guess(header))
        }
        report.format = format
        report.kind = format.kind

        let named = fileName.flatMap { DeclaredType(fileName: $0) }
        let hint = options.typeHint.map { DeclaredType(uti: $0, origin: .typeHint) }
        report.isNamed = fileName != nil
        report.nameType = named
        report.typeHint = hint
        report.declaredType = hint ?? named
        if fileName != nil, named == nil, hint == nil {
            return fail(
                .unrecognizedType,
                "the file name has no extension iOS knows (iOS takes the type from it); name it .\(Self.suggestedExtension(format)) or give a type hint",
                cause: .noKnownExtension)
        }
        if let declared = report.declaredType, !declared.accepts(format) {
            let source = declared.origin == .typeHint ? "the type hint says" : "the file extension says"
            return fail(
                .unrecognizedType,
                "\(source) \(declared.uti) but the bytes are \(format.rawValue.uppercased()) (\(format.utType))",
                cause: .typeMismatch)
        }

        let limit = limits.limit(for: format.kind)
        report.limit = limit
        guard source.count <= limit else {
            return fail(
                .invalidFileSize,
                "\(source.count) bytes, over iOS's limit of \(limit) bytes for \(format.kind.rawValue) attachments",
                limit: limit)
        }
        switch format.kind {
        case .image:
            guard let imageProbe else { break }
            let data: Data
            do {
                data = Data(try source.bytes(at: 0, count: source.count))
            } catch {
                return fail(.moveFailed, "cannot be read: \(error)")
            }
            switch imageProbe(data) {
            case .success(let facts):
                report.image = facts
                report.decodedWhole = true
            case .failure(let failure) where failure.isOverLimit:
                report.image = failure.header
                report.notDecodedReason = failure.reason
            case .failure(let failure) where failure.isUnsupportedFormat:
                report.notDecodedReason = failure.reason
            case .failure(let failure):
                return fail(.corrupt, failure.reason)
            }
            report.extensionMemory = limits.extensionMemory
            report.decodedBytes = report.image.flatMap(Self.decodedBytes)
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
        return report
    }

    /// Width × height × 4 × frames, nil when it overflows.
    static func decodedBytes(_ image: ImageFacts) -> Int? {
        let (pixels, a) = image.width.multipliedReportingOverflow(by: image.height)
        let (frameBytes, b) = pixels.multipliedReportingOverflow(by: 4)
        let (bytes, c) = frameBytes.multipliedReportingOverflow(by: max(1, image.frameCount))
        return a || b || c ? nil : bytes
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
