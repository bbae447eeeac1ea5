/// Attachments checked: the attachment rules (`Rules/Attachment/`) run on what the inspector and
/// the locator found.
extension AttachmentReport {
    /// What the attachment rules find: the error iOS would refuse it for, and what iOS tolerates
    /// but that is probably wrong or risky.
    public var findings: [Finding] { Rules.check(self) }

    /// The findings other than the error: warnings and notes.
    public var warnings: [Finding] { findings.filter { $0.severity != .error } }
}

extension AttachmentReference {
    /// What the attachment URL rules find for this reference, a URL of the payload named `file`:
    /// a plain http URL, one that leads nowhere iOS can use.
    public func findings(file: String) -> [Finding] {
        Rules.check(self, payload: file)
    }
}
