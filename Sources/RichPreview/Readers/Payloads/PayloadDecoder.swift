import Foundation

/// Reads APNs payloads (`.json`, or the Simulator's `.apns` files) in one strict pass
/// (`PayloadJSON`); `check` (`Checks/`) runs every payload rule on what it read.
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

    /// Reads `data` into a document: parsed in one strict pass (`PayloadJSON`: the value, where its
    /// keys are, the keys written twice), typed leniently, its attachment URLs found.
    func read(_ data: Data, file: String) -> PayloadDocument {
        var document = PayloadDocument(file: file, bytes: data.count, pushType: pushType)
        guard data.count <= Self.parseLimit else {
            document.readFailure = .tooLargeToRead
            return document
        }
        let json: PayloadJSON
        switch parse(data) {
        case .failure(let failure):
            document.readFailure = failure
            return document
        case .success(let read):
            json = read
            document.members = read.value.dictionary ?? [:]
        }
        var reader = PayloadReader()
        let payload = reader.payload(document.members, prefix: "", nestedKey: nestedPayloadKey)
        document.payload = payload
        document.rejectedValues = reader.rejectedValues
        document.booleanFlags = reader.booleanFlags
        document.attachmentURLs = attachmentLocator.urls(in: payload)
        document.duplicateKeys = json.duplicates.map {
            ($0.keyPath, JSONKeyLocator.Position(ofByte: $0.offset, in: json.utf8))
        }
        document.sourceMap = SourceMap(json: json.utf8, keyOffsets: json.keyOffsets)
        return document
    }

    private func parse(_ data: Data) -> Result<PayloadJSON, PayloadDocument.ReadFailure> {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return .failure(.empty(whiteSpace: !data.isEmpty))
        }
        guard String(data: data, encoding: .utf8) != nil else { return .failure(.notUTF8) }
        let json: PayloadJSON
        do {
            json = try PayloadJSON.read(data)
        } catch {
            let position = JSONKeyLocator.Position(ofByte: error.offset, in: data)
            return .failure(.notJSON(error.kind, line: position.line, column: position.column))
        }
        guard case .dictionary = json.value else { return .failure(.topLevelNotObject(found: json.value.jsonSummary)) }
        return .success(json)
    }
}
