/// One question a rule asks of every scanned file: the calls to some names, the types conforming
/// to some protocols. The scan answers the questions of every rule at once (`SourceQueries`).
public struct SourceQuery: Sendable, Hashable {
    /// The names whose calls to record: a Swift function, method or type (`request`,
    /// `UserDefaults`), or the first part of an Objective-C selector (`initWithSuiteName`).
    public var calls: [String]
    /// The protocols (or base classes) whose conforming Swift types to record, with the types
    /// declared inside them (`ActivityAttributes` brings its `ContentState`).
    public var conformances: [String]
    /// Whether to record every file's conditional-compilation branches (`#if` … `#endif`).
    public var conditionalRegions: Bool

    /// A question about `calls`, `conformances` and, when `conditionalRegions`, the `#if` branches.
    public init(calls: [String] = [], conformances: [String] = [], conditionalRegions: Bool = false) {
        self.calls = calls
        self.conformances = conformances
        self.conditionalRegions = conditionalRegions
    }

    /// No question: the scanner's own facts are enough.
    public static let none = SourceQuery()
}
