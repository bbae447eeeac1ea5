/// Code that runs only on systems older than an iOS version: the `else` of `if #available(iOS N,
/// *)` (or Objective-C's `if (@available(iOS N, *))`), the `else` of `guard #available(iOS N, *)`,
/// the body of `if #unavailable(iOS N)`. In a target whose deployment target is N or later it
/// never runs.
public struct ScannedAvailabilityRegion: Sendable, Hashable {
    /// The file, as it was named.
    public var file: String
    /// The lines of the block, its braces included.
    public var lines: ClosedRange<Int>
    /// The iOS version the check names (`"10.0"`): the block runs only below it.
    public var onlyBelow: String

    /// Whether it holds `location`.
    public func contains(_ location: CodeLocation) -> Bool {
        location.file == file && lines.contains(location.line)
    }
}
