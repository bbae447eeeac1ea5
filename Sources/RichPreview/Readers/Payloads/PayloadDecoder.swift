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
