/// The finding of an attachment iOS would refuse, for the rule that reports its cause: the
/// reason, and iOS's own error code as a note.
enum AttachmentRefusal {
    static func finding(_ error: AttachmentError, rule: RuleDescriptor) -> Finding {
        Finding(
            rule: rule, message: error.reason, file: error.file, notes: ["iOS: UNErrorDomain code \(error.kind.code)"])
    }
}
