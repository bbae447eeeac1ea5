/// A place in a source file: 1-based line and column, the column counted in characters (grapheme
/// clusters), so a CJK or emoji character is one column. `\r\n`, `\n` and `\r` each end a line.
public struct CodeLocation: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    /// The file, as it was named.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int

    /// A location from its parts.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }

    /// Ordered by file name, then line, then column.
    public static func < (lhs: CodeLocation, rhs: CodeLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
