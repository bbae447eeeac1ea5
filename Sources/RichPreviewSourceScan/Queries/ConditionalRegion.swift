/// One branch of a conditional-compilation block: `#if os(iOS)` up to its `#else`, the `#else` up
/// to `#endif`; in Objective-C also `#ifdef`, `#ifndef` and `#elif`.
public struct ConditionalRegion: Sendable, Hashable {
    /// The file, as it was named.
    public var file: String
    /// The directive that opens the branch, as written without its `#`: `if`, `elseif`, `else`,
    /// `ifdef`, `ifndef`, `elif`.
    public var directive: String
    /// The condition as written (whitespace collapsed); empty for `else`.
    public var condition: String
    /// The conditions of the branches before this one in the same block, which this one's code
    /// also depends on being false (an `#else` has the `#if`'s and every `#elseif`'s).
    public var earlierConditions: [String]
    /// From the opening directive's line to the line of the directive that ends the branch (the
    /// file's last line when nothing does).
    public var lines: ClosedRange<Int>
    /// How many blocks it is nested in (0 at the top).
    public var depth: Int

    /// A branch from its parts.
    public init(
        file: String, directive: String, condition: String, earlierConditions: [String] = [],
        lines: ClosedRange<Int>, depth: Int = 0
    ) {
        self.file = file
        self.directive = directive
        self.condition = condition
        self.earlierConditions = earlierConditions
        self.lines = lines
        self.depth = depth
    }

    /// Whether `location` is in the branch's code (between its directive's line and the next's).
    public func contains(_ location: CodeLocation) -> Bool {
        location.file == file && location.line > lines.lowerBound && location.line < lines.upperBound
    }
}
