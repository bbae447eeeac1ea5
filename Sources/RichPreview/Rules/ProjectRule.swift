/// A rule that compares the files of a project with each other: a plist's categories with the
/// categories the code registers, a payload's category with both, its attachments with the
/// service extension.
protocol ProjectRule: Rule {
    /// The findings of this rule in `project`.
    static func check(_ project: LintProject) -> [Finding]
}

extension LintProject {
    /// Where a registration is, for messages: `FILE:LINE` or `FILE: KEYPATH`.
    func place(_ registration: Registration) -> String {
        let file = registration.file ?? "?"
        if let line = registration.line { return "\(file):\(line)" }
        return registration.keyPath.map { "\(file): \($0)" } ?? file
    }
}
