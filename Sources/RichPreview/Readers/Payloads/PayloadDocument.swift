import Foundation

/// One payload as read: what every payload rule checks. Its size and the push type it is sent
/// with, its raw values and where each key is written, the typed payload (as much of it as could be
/// read), the values the model could not take, and the attachment URLs it carries. Reading decides
/// nothing: the rules under `Rules/Payload/` do.
struct PayloadDocument {
    /// Why bytes are not a payload at all.
    enum ReadFailure: Error, Hashable {
        /// No JSON value at all: an empty file, or white space only.
        case empty(whiteSpace: Bool)
        /// Bytes that are not UTF-8 text.
        case notUTF8
        /// Not JSON: what is wrong, and where (1-based line and column).
        case notJSON(PayloadJSON.Failure.Kind, line: Int, column: Int)
        /// JSON whose top level is not an object; `found` says what it is.
        case topLevelNotObject(found: String)
        /// Over the most a payload is read to (`PayloadDecoder.parseLimit`): only its size is known.
        case tooLargeToRead
        /// The file could not be read at all (missing, a folder, a FIFO): the reason.
        case fileUnreadable(reason: String)
        /// Not a payload and not any provider's message: the nearest provider, and why it is not one.
        case notProviderMessage(nearest: PushProvider, reason: String)
    }

    /// A value the typed payload could not take: of the wrong type, or outside what Apple allows.
    struct RejectedValue: Hashable {
        var keyPath: String
        /// What the key takes ("an integer ≥ 0").
        var expected: String
        /// What was written, as messages about JSON name it (`number -2`).
        var found: String
    }

    /// A flag (`content-available`, `mutable-content`, `sound.critical`) written `true` or
    /// `false` instead of the number 1 or 0; read as that number.
    struct BooleanFlag: Hashable {
        var keyPath: String
        var value: Bool
    }

    /// The payload as it was named, or `<data>` for bytes in memory.
    var file: String
    /// The JSON's size in bytes as given; nil for a stream that went on past what was read.
    var bytes: Int?
    /// The push type it is sent with; nil when not given (it is then inferred).
    var pushType: PushType?
    /// Why it could not be read, or nil when it was.
    var readFailure: ReadFailure?
    /// The top-level object's members as read; empty when it could not be read.
    var members: [String: PropertyValue] = [:]
    /// The typed payload; nil when it could not be read.
    var payload: APNsPayload?
    var rejectedValues: [RejectedValue] = []
    var booleanFlags: [BooleanFlag] = []
    /// The attachment URLs it carries (under `AttachmentLocator`'s key paths), as written.
    var attachmentURLs: [(keyPath: String, url: String)] = []
    /// Where its keys are written; nil when unreadable.
    var sourceMap: SourceMap?
    /// The keys written twice in one object, with the place of the repeat.
    var duplicateKeys: [(keyPath: String, position: JSONKeyLocator.Position)] = []
    /// The provider the input was said to be in (`--provider`); nil when recognised by its shape.
    var statedProvider: PushProvider?
    /// The provider message the payload was built from; nil for a payload written as such.
    var message: MappedMessage?
    /// The headers given with the input (on the command line, by the caller), over the message's.
    var givenHeaders = PushHeaders()
    /// The app's bundle id, when given: the topic must be it with the push type's suffix.
    var bundleID: String?
    /// The APNs request headers it is sent with: those given, else the message's.
    var headers: PushHeaders { (message?.headers ?? PushHeaders()).overridden(by: givenHeaders) }

    /// Where header `name` is written in the message; nil when given with the input or not at all.
    func headerOrigin(_ name: PushHeaders.CodingKeys) -> String? {
        guard givenHeaders.isEmpty || !givenHeaders.has(name) else { return nil }
        return message?.headerOrigins[name.rawValue]
    }
    /// The other messages of an array of them (Expo's form), each its own document.
    var siblings: [PayloadDocument] = []
    /// For a payload built from a message, where in the message each of its key paths came from.
    var origins: KeyPathOrigins = .none
    /// The payload's bytes as APNs receives them: the file's own, or those built from a message.
    var apnsBytes: Data?

    /// APNs' limit for the push type (the one given, else `alert`'s).
    var limit: Int { (pushType ?? .alert).payloadLimit }

    /// The payload and the nested one (`NestedPayload`) with the key path each starts at: what
    /// rules about a notification's own keys check in both.
    var scopes: [(prefix: String, payload: APNsPayload, members: [String: PropertyValue])] {
        guard let payload else { return [] }
        var scopes = [(prefix: "", payload: payload, members: members)]
        if let nested = payload.nested, case .dictionary(let inner)? = payload.custom[nested.key] {
            scopes.append((prefix: nested.key, payload: nested.payload, members: inner))
        }
        return scopes
    }

    /// `key` under `prefix`: `aps`, `payload.aps`.
    static func path(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : "\(prefix).\(key)"
    }
}
