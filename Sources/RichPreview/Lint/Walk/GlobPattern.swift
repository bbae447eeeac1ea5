import Foundation

/// A shell pattern (`*`, `?`, `[…]`, via the C library's `fnmatch`) that excludes files and folders
/// from a lint: it matches a path relative to the folder linted, or any one of its components
/// (`Vendor` excludes every folder named Vendor; `*/Generated/*.swift` a path).
public struct GlobPattern: Sendable, Hashable {
    /// The pattern as written, such as `Vendor` or `*/Generated/*.swift`.
    public var pattern: String

    /// Creates a pattern from its text; not checked (a pattern `fnmatch` cannot use matches
    /// nothing).
    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// Whether the pattern matches `relativePath` or one of its components.
    public func matches(_ relativePath: String) -> Bool {
        if fnmatch(pattern, relativePath, 0) == 0 { return true }
        return relativePath.split(separator: "/").contains { fnmatch(pattern, String($0), 0) == 0 }
    }
}
