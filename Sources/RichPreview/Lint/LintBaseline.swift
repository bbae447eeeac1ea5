/// The project as it was before the change being linted (`lint --baseline-ref`): the same paths
/// at an earlier commit, for the rules that compare the project with what is already shipped, such
/// as a Live Activity's content state that activities running on phones were started with.
public struct LintBaseline: Sendable, Hashable {
    /// A copy of each linted path as it was, in the order the paths were given.
    public var paths: [String]
    /// What the baseline is called in findings (a commit, as the user named it).
    public var name: String

    /// A baseline of `paths` (copies of the linted paths as they were), called `name` in findings.
    public init(paths: [String], name: String) {
        self.paths = paths
        self.name = name
    }
}

/// The baseline's source facts, read by the rules that compare with it.
struct BaselineSources: Sendable {
    /// What the baseline is called in findings.
    var name: String
    /// Its Swift and Objective-C facts.
    var sources: SourceScan
}
