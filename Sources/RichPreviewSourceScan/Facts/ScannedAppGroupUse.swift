/// An app group the code uses: the identifier passed to `UserDefaults(suiteName:)`,
/// `initWithSuiteName:`, `containerURL(forSecurityApplicationGroupIdentifier:)` or
/// `containerURLForSecurityApplicationGroupIdentifier:`.
public struct ScannedAppGroupUse: Sendable, Hashable {
    /// The group identifier (`group.com.example.app`), as far as it resolves.
    public var group: ScannedString
    /// Where the call's label is written.
    public var location: CodeLocation

    /// A use of `group` at `location`.
    public init(group: ScannedString, location: CodeLocation) {
        self.group = group
        self.location = location
    }
}
