import Foundation

extension PayloadDecoder {
    /// A send-time check of one payload, bytes in and findings out: every rule that needs only
    /// the payload. That is `check(_:file:)` (the JSON, every `aps` key, the size limit of the
    /// push type, `mutable-content-missing` for an attachment URL under one of
    /// `attachmentKeyPaths`) and the rules of those URLs themselves (`attachment-insecure-url` for
    /// `http://`, `attachment-url-invalid`). The rules that need the project (its categories,
    /// extension plists and attachment files: `payload-category-unknown`, `attachment-missing`,
    /// `mutable-content-no-service-extension`, …) run in `Linter`.
    public func preflight(_ data: Data, file: String = Finding.inMemoryFile) -> PayloadReport {
        var (report, document) = checkKeepingDocument(data, file: file)
        // The URLs as the document found them, also when the payload has errors of its own.
        let found = document.attachmentURLs.flatMap { found -> [Finding] in
            let reference = attachmentLocator.reference(found.url, keyPath: found.keyPath)
            guard case .local = reference.location else { return reference.findings(file: file) }
            return []
        }
        report.findings += report.placed(found)
        return report
    }

    /// The bytes APNs receives for `payload`, encoded as its size limit counts them (slashes not
    /// escaped, no whitespace), with what `preflight` finds in them.
    /// - Throws: `JSONEncodingError` only when a value cannot be encoded as JSON (a custom value
    ///   holding a floating-point infinity or NaN; never for a decoded payload).
    public func encode(_ payload: APNsPayload, file: String = Finding.inMemoryFile) throws(JSONEncodingError) -> (
        data: Data, report: PayloadReport
    ) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(payload)
        } catch {
            throw JSONEncodingError(error)
        }
        return (data, preflight(data, file: file))
    }
}
