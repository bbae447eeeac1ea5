import Foundation
import RichPreviewSystem

/// An extension `Info.plist` read and checked: the plist rules (`Rules/Plist/`) run on what
/// `ExtensionPlistDocument` read, their findings placed at their keys, and the extension given
/// when none of them is an error.
extension ExtensionConfig {
    /// Reads and checks the plist at `url`; `file` in the result and in errors is `url.relativePath`.
    /// - Throws: `ExtensionConfigError` for an unreadable file, a file that is not a plist, and any
    ///   key that would keep the extension from loading (with every finding of the file).
    public static func load(contentsOf url: URL, variables: BuildVariables = BuildVariables())
        throws(ExtensionConfigError) -> ExtensionConfig
    {
        try checked(url: url, variables: variables).get()
    }

    /// Reads and checks plist bytes; `file` names them in the result and in errors (`<data>` when
    /// not given).
    /// - Throws: `ExtensionConfigError` as `load(contentsOf:variables:)`.
    public static func parse(
        _ data: Data, file: String = Finding.inMemoryFile, variables: BuildVariables = BuildVariables()
    ) throws(ExtensionConfigError) -> ExtensionConfig {
        try check(data, file: file, variables: variables).get()
    }

    /// Reads plist bytes and runs every plist rule (`Rules/Plist/`) on them: every finding, placed
    /// at its key, and the extension when it loads (no finding is an error).
    public static func check(
        _ data: Data, file: String = Finding.inMemoryFile, variables: BuildVariables = BuildVariables()
    ) -> ExtensionPlistReport {
        check(ExtensionPlistDocument.read(data, file: file, variables: variables))
    }

    /// Checks a plist a walk found in a project (`foundInTree`): another kind of extension's plist
    /// (a widget's, a share extension's) is no finding, only not a notification extension.
    static func check(foundInTree data: Data, file: String, variables: BuildVariables) -> ExtensionPlistReport {
        check(ExtensionPlistDocument.read(data, file: file, variables: variables, foundInTree: true))
    }

    /// The report for the plist file at `url`, read within the configuration file limit.
    static func checked(url: URL, variables: BuildVariables, foundInTree: Bool = false) -> ExtensionPlistReport {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            return unreadableReport(file: url.relativePath, reason: error.reason)
        }
        return check(
            ExtensionPlistDocument.read(data, file: url.relativePath, variables: variables, foundInTree: foundInTree))
    }

    /// The report for a plist file that could not be read at all, for `reason` (the system's).
    static func unreadableReport(file: String, reason: String) -> ExtensionPlistReport {
        var document = ExtensionPlistDocument(file: file)
        document.readFailure = .unreadable(reason)
        return check(document)
    }

    /// What the plist rules find in `document`, and the extension it describes when it loads.
    static func check(_ document: ExtensionPlistDocument) -> ExtensionPlistReport {
        var findings = Rules.check(document)
        if let map = document.sourceMap { findings = map.place(findings) }
        let loads = !findings.contains { $0.severity == .error }
        let described = ExtensionConfig(document)
        var report = ExtensionPlistReport(
            file: document.file, config: loads ? described : nil, findings: findings,
            isExtensionPlist: document.top.map { $0["NSExtension"] != nil } ?? true,
            isNotificationExtension: document.readFailure != nil || document.meansNotificationExtension)
        report.described = described
        return report
    }
}

/// What reading and checking one extension `Info.plist` found: the extension when it loads, and
/// every finding of the plist rules, placed at its key.
public struct ExtensionPlistReport: Sendable, Equatable {
    /// The plist as it was named.
    public var file: String
    /// The extension; nil when a finding is an error (iOS would not load it) or it is no
    /// notification extension.
    public var config: ExtensionConfig?
    /// Every finding, errors and warnings.
    public var findings: [Finding]
    /// False only for a plist that reads and has no `NSExtension` key (an app's own Info.plist, a
    /// settings bundle); true for one that cannot be read, which may have been an extension's.
    public var isExtensionPlist: Bool
    /// Whether it is (or means to be) a notification extension's, rather than a widget's, a share
    /// extension's or another extension's; true for one that cannot be read.
    public var isNotificationExtension: Bool = true
    /// The extension as the plist describes it, whether or not it loads: an error elsewhere in
    /// it (a storyboard and a class both set) does not unsay the categories it claims, which lint
    /// still compares across files. Nil when no extension point can be read.
    var described: ExtensionConfig?

    /// The extension, or the error that keeps it from loading.
    func get() throws(ExtensionConfigError) -> ExtensionConfig {
        if let config { return config }
        throw ExtensionConfigError(findings: findings, isExtensionPlist: isExtensionPlist)
    }
}

extension ExtensionConfigError {
    /// The error of a plist file that cannot be read at all (missing, a folder, too large, not a
    /// regular file), for `reason`.
    public static func unreadable(file: String, reason: String) -> ExtensionConfigError {
        ExtensionConfigError(findings: ExtensionConfig.unreadableReport(file: file, reason: reason).findings)
    }
}
