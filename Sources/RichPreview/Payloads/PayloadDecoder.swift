import Foundation

/// Reads APNs payloads (`.json`, or the Simulator's `.apns` files) with `JSONSerialization` and
/// checks every key against Apple's rules, collecting errors and warnings.
public struct PayloadDecoder: Sendable {
    /// The push type the payload is sent with; nil infers it (`background` for a silent push,
    /// else `alert`) and skips the checks that compare payload and push type.
    public var pushType: PushType?
    /// The custom key under which a silent push may carry a whole notification, or nil for none.
    public var nestedPayloadKey: String?

    /// Files over this many bytes are not parsed at all, only reported as too large.
    public static let parseLimit = 64 * 1024

    /// Creates a decoder for `pushType` (nil infers it) that looks for a nested notification under
    /// `nestedPayloadKey` (`payload` by default; nil for none).
    public init(pushType: PushType? = nil, nestedPayloadKey: String? = "payload") {
        self.pushType = pushType
        self.nestedPayloadKey = nestedPayloadKey
    }

    /// Checks `data`, the payload's JSON exactly as it would be sent, and reports everything found.
    /// `file` names the payload in errors and warnings (`<data>` when not given). Never throws: problems are in the report.
    public func check(_ data: Data, file: String = Finding.inMemoryFile) -> PayloadReport {
        check(data, file: file, parsed: nil)
    }

    /// `check(_:file:)` given what `JSONSerialization.jsonObject(with: data)` already returned for
    /// `data` (a caller that parsed it to tell what the file is), so it is not parsed twice; nil
    /// parses it here.
    func check(_ data: Data, file: String, parsed: Any?) -> PayloadReport {
        let limit = (pushType ?? .alert).payloadLimit
        var report = PayloadReport(
            file: file, bytes: data.count, pushType: pushType ?? .alert, limit: limit, payload: nil,
            warnings: [], errors: [])
        if data.count > limit {
            report.errors.append(.tooLarge(file: file, bytes: data.count, limit: limit, pushType: pushType ?? .alert))
            guard data.count <= Self.parseLimit else { return report }
        }
        let members: [String: JSONValue]
        switch parse(data, file: file, parsed: parsed) {
        case .failure(let error):
            report.errors.append(error)
            return report
        case .success(let object):
            members = object
        }
        var walker = PayloadWalker(file: file)
        let payload = walker.payload(members, prefix: "", pushType: pushType, nestedKey: nestedPayloadKey)
        report.errors += walker.errors
        report.warnings = walker.warnings
        if pushType == nil, payload.isSilent { report.pushType = .background }
        if report.errors.isEmpty { report.payload = payload }
        return report
    }

    /// The report for a payload too large to be read at all: `bytes` is its size, or nil for a
    /// stream that was not read past `parseLimit`.
    public func oversizedReport(bytes: Int?, file: String = Finding.inMemoryFile) -> PayloadReport {
        let type = pushType ?? .alert
        let error: PayloadError =
            if let bytes {
                .tooLarge(file: file, bytes: bytes, limit: type.payloadLimit, pushType: type)
            } else {
                .streamTooLarge(file: file, readLimit: Self.parseLimit, limit: type.payloadLimit, pushType: type)
            }
        return PayloadReport(
            file: file, bytes: bytes, pushType: type, limit: type.payloadLimit, payload: nil,
            warnings: [], errors: [error])
    }

    /// The payload in `data` with its warnings.
    /// - Throws: the first `PayloadError` that `check` finds.
    public func decode(_ data: Data, file: String = Finding.inMemoryFile) throws(PayloadError) -> PayloadReport {
        let report = check(data, file: file)
        if let error = report.errors.first { throw error }
        return report
    }

    private func parse(_ data: Data, file: String, parsed: Any?) -> Result<[String: JSONValue], PayloadError> {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return .failure(
                .notJSON(file: file, reason: data.isEmpty ? "empty file" : "only white space", line: nil, column: nil))
        }
        guard String(data: data, encoding: .utf8) != nil else {
            return .failure(.notJSON(file: file, reason: "not UTF-8 text", line: nil, column: nil))
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
            return .failure(.notJSON(file: file, reason: reason, line: position?.line, column: position?.column))
        }
        if let (offset, closer) = JSONSyntax.trailingComma(in: data) {
            let position = JSONSyntax.position(ofByte: offset, in: data)
            return .failure(
                .notJSON(
                    file: file, reason: "trailing comma before '\(closer)'", line: position.line,
                    column: position.column))
        }
        guard let value = JSONValue(foundation: object) else {
            return .failure(.notJSON(file: file, reason: "unreadable value", line: nil, column: nil))
        }
        guard case .object(let members) = value else {
            return .failure(.topLevelNotObject(file: file, found: value.summary))
        }
        return .success(members)
    }
}
