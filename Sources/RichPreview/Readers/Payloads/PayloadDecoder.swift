import Foundation

/// Reads APNs payloads (`.json`, or the Simulator's `.apns` files), request files and provider
/// messages (FCM, Expo, …: `Readers/Providers/`, each mapped to the payload it sends) in one strict
/// pass (`PayloadJSON`); `check` (`Checks/`) runs every payload rule on what it read.
public struct PayloadDecoder: Sendable {
    /// The push type the payload is sent with; nil infers it (`background` for a silent push,
    /// else `alert`) and skips the checks that compare payload and push type.
    public var pushType: PushType?
    /// APNs headers the input is sent with, over any its request file or message gives.
    public var headers = PushHeaders()
    /// The app's bundle id, when known: `apns-topic` must be it, with the push type's suffix.
    public var bundleID: String?
    /// The provider whose message format the input is in; nil recognises it from its shape (a
    /// JSON object with `aps` is a payload), `.apns` reads every input as a payload.
    public var provider: PushProvider?
    /// The language whose texts are read from a message that has one per language; nil takes the
    /// first, saying so in a note.
    public var language: String?
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
    /// `attachmentKeyPaths` (the common vendor keys by default), reading `provider`'s messages
    /// (nil: any, by their shape) in `language` (nil: the first).
    public init(
        pushType: PushType? = nil, nestedPayloadKey: String? = "payload",
        attachmentKeyPaths: [String] = AttachmentLocator.defaultKeyPaths, provider: PushProvider? = nil,
        language: String? = nil
    ) {
        self.pushType = pushType
        self.provider = provider
        self.language = language
        self.nestedPayloadKey = nestedPayloadKey
        self.attachmentKeyPaths = attachmentKeyPaths
        attachmentLocator = AttachmentLocator(keyPaths: attachmentKeyPaths, root: URL(fileURLWithPath: "/"))
    }

    /// The push type given: `pushType`, else the `apns-push-type` of `headers`.
    var statedPushType: PushType? {
        pushType ?? headers.pushType.flatMap { PushType(rawValue: $0.lowercased()) }
    }

    /// Reads `data` into a document: parsed in one strict pass (`PayloadJSON`: the value, where its
    /// keys are, the keys written twice), a provider message mapped to the payload it sends, typed
    /// leniently, its attachment URLs found.
    func read(_ data: Data, file: String) -> PayloadDocument {
        var document = PayloadDocument(file: file, bytes: data.count, pushType: statedPushType)
        document.givenHeaders = headers
        document.bundleID = bundleID
        guard data.count <= Self.parseLimit else {
            document.readFailure = .tooLargeToRead
            return document
        }
        if provider == nil || provider == .request, CurlCommand.looksLikeCommand(data) {
            return readCurl(data, file: file, into: document)
        }
        let json: PayloadJSON
        switch parse(data) {
        case .failure(let failure):
            document.readFailure = failure
            return document
        case .success(let read):
            json = read
        }
        switch ProviderFormats.recognise(json.value, forced: provider, language: language) {
        case .payload:
            guard case .dictionary(let members) = json.value else {
                document.readFailure = .topLevelNotObject(found: json.value.jsonSummary)
                return document
            }
            document.apnsBytes = data
            fill(&document, members: members)
            document.sourceMap = SourceMap(json: json.utf8, keyOffsets: json.keyOffsets)
        case .mismatch(let nearest, let reason):
            document.readFailure = .notProviderMessage(nearest: nearest, reason: reason)
            document.statedProvider = provider
        case .messages(let messages):
            var documents = messages.map { message in
                var mapped = mapped(message, json: json, file: file)
                mapped.givenHeaders = headers
                mapped.bundleID = bundleID
                mapped.pushType =
                    statedPushType ?? message.headers.pushType.flatMap { PushType(rawValue: $0.lowercased()) }
                return mapped
            }
            document = documents.removeFirst()
            document.siblings = documents
        }
        document.duplicateKeys = json.duplicates.map {
            ($0.keyPath, JSONKeyLocator.Position(ofByte: $0.offset, in: json.utf8))
        }
        return document
    }

    /// The request a curl command sends: its `apns-*` headers and the payload it posts, placed
    /// where the payload is quoted in the file.
    private func readCurl(_ data: Data, file: String, into document: PayloadDocument) -> PayloadDocument {
        var document = document
        let command: CurlCommand
        do {
            command = try CurlCommand.read(String(decoding: data, as: UTF8.self))
        } catch {
            let reason =
                switch error {
                case .noCommand: "no curl command in it"
                case .unterminatedQuote(let line): "a quote opened on line \(line) is never closed"
                }
            document.readFailure = .notProviderMessage(nearest: .request, reason: reason)
            document.statedProvider = .request
            return document
        }
        guard let body = command.body else {
            let reason =
                command.bodyFile.map {
                    "it posts the file '\($0)' (-d @\($0)), which is not read: check that file with these headers as options"
                } ?? "it posts no payload (-d '{\"aps\": …}')"
            document.readFailure = .notProviderMessage(nearest: .request, reason: reason)
            document.statedProvider = .request
            return document
        }
        let posted = body.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if posted.hasPrefix("$"), !posted.contains("{") {
            let reason =
                "it posts the shell variable \(posted), which is not expanded here: check the payload it holds with these headers as options"
            document.readFailure = .notProviderMessage(nearest: .request, reason: reason)
            document.statedProvider = .request
            return document
        }
        let bodyData = Data(body.text.utf8)
        var decoder = self
        decoder.provider = .apns
        var read = decoder.read(bodyData, file: file)
        var message = MappedMessage(provider: .request, prefix: "")
        message.members = read.members
        for (name, value) in command.headers {
            guard let header = PushHeaders.CodingKeys(rawValue: name) else { continue }
            message.header(header, .string(value), from: "")
        }
        // A curl command's headers have no key to point at: written, not a provider's default.
        message.headerOrigins = [:]
        read.message = message
        read.pushType = statedPushType ?? message.headers.pushType.flatMap { PushType(rawValue: $0.lowercased()) }
        let start = JSONKeyLocator.Position(line: body.line, column: body.column)
        read.sourceMap?.start = start
        if case .notJSON(let kind, let line, let column)? = read.readFailure {
            var map = SourceMap(json: bodyData)
            map.start = start
            let position = map.shifted(JSONKeyLocator.Position(line: line, column: column))
            read.readFailure = .notJSON(kind, line: position.line, column: position.column)
        }
        return read
    }

    /// The document of the payload `message` sends, placed in the message's file.
    private func mapped(_ message: MappedMessage, json: PayloadJSON, file: String) -> PayloadDocument {
        let bytes = PayloadEncoding.data(.dictionary(message.members))
        var document = PayloadDocument(file: file, bytes: bytes.count, pushType: nil)
        document.apnsBytes = bytes
        document.message = message
        document.origins = KeyPathOrigins(origins: message.origins)
        fill(&document, members: message.members)
        for image in message.iOSImages where !document.attachmentURLs.contains(where: { $0.keyPath == image.keyPath }) {
            document.attachmentURLs.append(image)
        }
        document.sourceMap = SourceMap(json: json.utf8, keyOffsets: document.origins.keyOffsets(json.keyOffsets))
        return document
    }

    /// The typed payload of `members`, the values it could not take, and its attachment URLs.
    private func fill(_ document: inout PayloadDocument, members: [String: PropertyValue]) {
        document.members = members
        var reader = PayloadReader()
        let payload = reader.payload(members, prefix: "", nestedKey: nestedPayloadKey)
        document.payload = payload
        document.rejectedValues = reader.rejectedValues
        document.booleanFlags = reader.booleanFlags
        document.attachmentURLs = attachmentLocator.urls(in: payload)
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
        return .success(json)
    }
}
