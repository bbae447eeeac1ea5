/// What the notification center made of one push, for the delivery rules: its receipt, or why
/// the center refused it; `file` is where the push was read from, when known.
struct PushOutcome {
    /// The receipt of a push received, or the refusal.
    var result: Result<RemoteReceipt, NotificationCenterError>
    /// The push's file, for the findings.
    var file: String?
}

extension RemoteReceipt {
    /// What the delivery rules find in this receipt of a push read from `file` (iOS showing
    /// nothing because the user allowed none of it, …); empty for a push shown as sent.
    public func findings(file: String?) -> [Finding] {
        Rules.check(PushOutcome(result: .success(self), file: file))
    }
}

extension NotificationCenterError {
    /// The finding, without a file: the center does not know which file a payload came from.
    public var finding: Finding { finding(file: nil) }

    /// The finding the delivery rules make of this refusal, for a push read from `file`.
    public func finding(file: String?) -> Finding {
        let outcome = PushOutcome(result: .failure(self), file: file)
        return Rules.check(outcome).first
            ?? Finding(rule: Rules.NotAuthorized.descriptor, message: "refused", file: file)
    }
}

extension ResponseError {
    /// The finding the response rules make of this refusal.
    public var finding: Finding {
        Rules.check(self).first ?? Finding(rule: Rules.ActionUnknown.descriptor, message: "refused")
    }
}
