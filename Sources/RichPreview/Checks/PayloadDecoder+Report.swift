import Foundation

/// A payload read and checked: the payload rules (`Rules/Payload/`) run on what `PayloadDecoder`
/// read, their findings placed at their keys.
extension PayloadDecoder {
    /// Checks `data`, the payload's JSON exactly as it would be sent, and reports everything found.
    /// `file` names the payload in errors and warnings (`<data>` when not given). Never throws: problems are in the report.
    public func check(_ data: Data, file: String = Finding.inMemoryFile) -> PayloadReport {
        report(for: read(data, file: file))
    }

    /// `check(_:file:)`, and the payload as iOS shows it (`PayloadReport.shownPayload(read:)`).
    package func checkShown(_ data: Data, file: String) -> (report: PayloadReport, shown: APNsPayload?) {
        let (report, document) = checkKeepingDocument(data, file: file)
        return (report, report.shownPayload(read: document.payload))
    }

    /// Each message of a file holding several (an Expo array) checked on its own, with the
    /// payload as iOS shows it; one entry, as `checkShown` gives it, for a file of one message.
    /// Every report's findings are the file's whole (`check`'s), each message's own validity
    /// deciding whether it is shown.
    package func checkShownEach(_ data: Data, file: String) -> [(report: PayloadReport, shown: APNsPayload?)] {
        let (whole, document) = checkKeepingDocument(data, file: file)
        guard !document.siblings.isEmpty else { return [(whole, whole.shownPayload(read: document.payload))] }
        return messageReports(of: document).map { message in
            var report = message.report
            let shown = report.shownPayload(read: message.read)
            report.findings = whole.findings
            report.messageCount = whole.messageCount
            return (report, shown)
        }
    }

    /// Each message of `document` when it holds several (an Expo array), checked alone: its own
    /// findings and validity, and the payload as read; empty for a document of one message.
    func messageReports(of document: PayloadDocument) -> [(report: PayloadReport, read: APNsPayload?)] {
        guard !document.siblings.isEmpty else { return [] }
        return ([document] + document.siblings).map { message in
            var single = message
            single.siblings = []
            return (report(for: single), message.payload)
        }
    }

    /// `check(_:file:)`, and the document read.
    func checkKeepingDocument(_ data: Data, file: String) -> (report: PayloadReport, document: PayloadDocument) {
        let document = read(data, file: file)
        return (report(for: document), document)
    }

    /// The report for a payload too large to be read at all: `bytes` is its size, or nil for a
    /// stream that was not read past `parseLimit`.
    public func oversizedReport(bytes: Int?, file: String = Finding.inMemoryFile) -> PayloadReport {
        report(for: PayloadDocument(file: file, bytes: bytes, pushType: statedPushType, readFailure: .tooLargeToRead))
    }

    /// The report for a payload file that could not be read at all, for `reason` (the system's:
    /// "no such file", "not a regular file (a FIFO)").
    public func unreadableReport(reason: String, file: String) -> PayloadReport {
        report(
            for: PayloadDocument(
                file: file, bytes: nil, pushType: statedPushType, readFailure: .fileUnreadable(reason: reason)))
    }

    /// The payload in `data` with its warnings.
    /// - Throws: a `PayloadError` holding the first error `check` finds.
    public func decode(_ data: Data, file: String = Finding.inMemoryFile) throws(PayloadError) -> PayloadReport {
        let report = check(data, file: file)
        if let error = report.errors.first { throw PayloadError(finding: error, findings: report.findings) }
        return report
    }

    /// What the payload rules find in `document` (and in the other messages of its file), placed
    /// at their keys (in a provider's message, at the keys they came from) and in the file's order.
    func report(for document: PayloadDocument) -> PayloadReport {
        var findings: [Finding] = []
        for each in [document] + document.siblings {
            var found = each.origins.translated(Rules.check(each))
            if let map = each.sourceMap { found = map.place(found) }
            findings += found
        }
        findings.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        let inferred = document.pushType ?? PushType.inferred(from: document.payload)
        let valid = !findings.contains { $0.severity == .error }
        var report = PayloadReport(
            file: document.file, bytes: document.bytes, pushType: inferred,
            limit: document.limit, payload: valid ? document.payload : nil, findings: findings,
            sourceMap: document.sourceMap)
        report.provider = document.message?.provider ?? .apns
        report.headers = document.headers
        report.origins = document.origins
        report.apnsPayload = document.readFailure == nil ? document.apnsBytes : nil
        report.messageCount = 1 + document.siblings.count
        return report
    }
}
