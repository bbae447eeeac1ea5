import Foundation

/// Reads APNs payloads (`.json`, or the Simulator's `.apns` files) with `JSONSerialization` and
/// runs every payload rule on them (`Rules/Payload/`): the checks that need the payload alone.
public struct PayloadDecoder: Sendable {
    /// The push type the payload is sent with; nil infers it (`background` for a silent push,
    /// else `alert`) and skips the checks that compare payload and push type.
    public var pushType: PushType?
    /// The custom key under which a silent push may carry a whole notification, or nil for none.
    public var nestedPayloadKey: String?
    /// The key paths attachment URLs are looked for under (`AttachmentLocator`'s).
    public var attachmentKeyPaths: [String] {
        didSet { attachmentLocator.keyPaths = attachmentKeyPaths }
    }
    /// Finds the URLs under `attachmentKeyPaths`, its key paths split and normalised once, not
    /// once per payload.
    var attachmentLocator: AttachmentLocator

    /// Files over this many bytes are not parsed at all, only reported as too large.
    public static let parseLimit = 64 * 1024

    /// Creates a decoder for `pushType` (nil infers it) that looks for a nested notification under
    /// `nestedPayloadKey` (`payload` by default; nil for none) and for attachment URLs under
    /// `attachmentKeyPaths` (the common vendor keys by default).
    public init(
        pushType: PushType? = nil, nestedPayloadKey: String? = "payload",
        attachmentKeyPaths: [String] = AttachmentLocator.defaultKeyPaths
    ) {
        self.pushType = pushType
        self.nestedPayloadKey = nestedPayloadKey
        self.attachmentKeyPaths = attachmentKeyPaths
        attachmentLocator = AttachmentLocator(keyPaths: attachmentKeyPaths, root: URL(fileURLWithPath: "/"))
    }

    /// Checks `data`, the payload's JSON exactly as it would be sent, and reports everything found.
    /// `file` names the payload in errors and warnings (`<data>` when not given). Never throws: problems are in the report.
    public func check(_ data: Data, file: String = Finding.inMemoryFile) -> PayloadReport {
        report(for: read(data, file: file, parsed: nil))
    }

    /// `check(_:file:)` given what `JSONSerialization.jsonObject(with: data)` already returned for
    /// `data` (a caller that parsed it to tell what the file is), so it is not parsed twice; nil
    /// parses it here. Returns the document read, too.
    func check(_ data: Data, file: String, parsed: Any?) -> (report: PayloadReport, document: PayloadDocument) {
        let document = read(data, file: file, parsed: parsed)
        return (report(for: document), document)
    }

    /// The report for a payload too large to be read at all: `bytes` is its size, or nil for a
    /// stream that was not read past `parseLimit`.
    public func oversizedReport(bytes: Int?, file: String = Finding.inMemoryFile) -> PayloadReport {
        report(for: PayloadDocument(file: file, bytes: bytes, pushType: pushType, readFailure: .tooLargeToRead))
    }

    /// The report for a payload file that could not be read at all, for `reason` (the system's:
    /// "no such file", "not a regular file (a FIFO)").
    public func unreadableReport(reason: String, file: String) -> PayloadReport {
        report(
            for: PayloadDocument(
                file: file, bytes: nil, pushType: pushType, readFailure: .fileUnreadable(reason: reason)))
    }

    /// The payload in `data` with its warnings.
    /// - Throws: a `PayloadError` holding the first error `check` finds.
    public func decode(_ data: Data, file: String = Finding.inMemoryFile) throws(PayloadError) -> PayloadReport {
        let report = check(data, file: file)
        if let error = report.errors.first { throw PayloadError(finding: error, findings: report.findings) }
        return report
    }

    /// What the payload rules find in `document`, placed at their keys and in the file's order.
    func report(for document: PayloadDocument) -> PayloadReport {
        var findings = Rules.check(document)
        if let map = document.sourceMap { findings = map.place(findings) }
        findings.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        let inferred: PushType = pushType ?? (document.payload?.isSilent == true ? .background : .alert)
        let valid = !findings.contains { $0.severity == .error }
        return PayloadReport(
            file: document.file, bytes: document.bytes, pushType: inferred, limit: document.limit,
            payload: valid ? document.payload : nil, findings: findings, sourceMap: document.sourceMap)
    }

    /// Reads `data` into a document: parsed (or `parsed`, what `JSONSerialization` already
    /// returned for it), typed leniently, its attachment URLs found.
    func read(_ data: Data, file: String, parsed: Any?) -> PayloadDocument {
        var document = PayloadDocument(file: file, bytes: data.count, pushType: pushType)
        guard data.count <= Self.parseLimit else {
            document.readFailure = .tooLargeToRead
            return document
        }
        switch parse(data, parsed: parsed) {
        case .failure(let failure):
            document.readFailure = failure
            return document
        case .success(let members):
            document.members = members
        }
        var reader = PayloadReader()
        let payload = reader.payload(document.members, prefix: "", nestedKey: nestedPayloadKey)
        document.payload = payload
        document.rejectedValues = reader.rejectedValues
        document.booleanFlags = reader.booleanFlags
        document.attachmentURLs = attachmentLocator.urls(in: payload)
        document.duplicateKeys = JSONKeyLocator.duplicates(in: [UInt8](data))
        document.sourceMap = SourceMap(json: data)
        return document
    }

    private func parse(_ data: Data, parsed: Any?) -> Result<[String: PropertyValue], PayloadDocument.ReadFailure> {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return .failure(
                .notJSON(reason: data.isEmpty ? "empty file" : "only white space", line: nil, column: nil))
        }
        guard String(data: data, encoding: .utf8) != nil else {
            return .failure(.notJSON(reason: "not UTF-8 text", line: nil, column: nil))
        }
        let object: Any
        do {
            object = try parsed ?? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            var (reason, offset) = JSONSyntax.reasonAndOffset(from: error)
            if let (quoteOffset, quote) = JSONSyntax.typographicQuote(in: data, before: offset) {
                let hex = String(quote.unicodeScalars.first!.value, radix: 16, uppercase: true)
                reason = "typographic quote \(quote) (U+\(hex)) where JSON needs a straight quote (\")"
                offset = quoteOffset
            } else if let offset, JSONSyntax.looksLikeMissingComma(at: offset, in: data) {
                reason += " (missing comma before it?)"
            }
            let position = offset.map { JSONSyntax.position(ofByte: $0, in: data) }
            return .failure(.notJSON(reason: reason, line: position?.line, column: position?.column))
        }
        if let (offset, closer) = JSONSyntax.trailingComma(in: data) {
            let position = JSONSyntax.position(ofByte: offset, in: data)
            return .failure(
                .notJSON(reason: "trailing comma before '\(closer)'", line: position.line, column: position.column))
        }
        guard let value = PropertyValue(json: object) else {
            return .failure(.notJSON(reason: "unreadable value", line: nil, column: nil))
        }
        guard case .dictionary(let members) = value else {
            return .failure(.topLevelNotObject(found: value.jsonSummary))
        }
        return .success(members)
    }
}
