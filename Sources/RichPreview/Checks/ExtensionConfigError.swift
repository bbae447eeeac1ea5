/// Why an extension `Info.plist` cannot be used: it cannot be read, or the extension would not
/// load or would draw nothing. Carries every finding of the file; `finding` is its first error.
public struct ExtensionConfigError: Error, Equatable, FindingConvertible {
    /// Every finding of the plist, errors and warnings, in key order.
    public var findings: [Finding]
    /// Whether the plist has an `NSExtension` key (false for an app's own Info.plist).
    public var isExtensionPlist: Bool

    /// The error of a plist with these findings (at least one an error).
    public init(findings: [Finding], isExtensionPlist: Bool = true) {
        self.findings = findings
        self.isExtensionPlist = isExtensionPlist
    }

    /// The first error.
    public var finding: Finding {
        findings.first { $0.severity == .error } ?? findings.first
            ?? Self.unreadable(file: Finding.inMemoryFile, reason: "unreadable").findings[0]
    }
}
