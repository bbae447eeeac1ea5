/// A rule that compares the files of a project with each other: a plist's categories with the
/// categories the code registers, a payload's category with both, its attachments with the
/// service extension.
protocol ProjectRule: Rule {
    /// What this rule asks of every source file beyond the scanner's own facts: its answers are
    /// in `project.sources` (`calls(to:)`, `types(conformingTo:)`).
    static var sourceQuery: SourceQuery { get }
    /// The findings of this rule in `project`.
    static func check(_ project: LintProject) -> [Finding]
}

extension ProjectRule {
    /// No question: most rules read the scanner's own facts.
    static var sourceQuery: SourceQuery { .none }
}

extension Rules {
    /// The questions of every project rule as one word table, asked of every source file lint
    /// scans; nil when they name more calls than the table holds (`RuleCatalogTests` checks).
    package static let sourceQueries = try? SourceQueries(projectRules.map { $0.sourceQuery })
}

extension LintProject {
    /// Where a registration is, for messages: `FILE:LINE` or `FILE: KEYPATH`.
    func place(_ registration: Registration) -> String {
        let file = registration.file ?? "?"
        if let line = registration.line { return "\(file):\(line)" }
        return registration.keyPath.map { "\(file): \($0)" } ?? file
    }
}
