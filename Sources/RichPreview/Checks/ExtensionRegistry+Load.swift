import Foundation

/// Extension plists read and checked into a registry: each plist through the plist rules, and the
/// categories claimed twice through theirs.
extension ExtensionRegistry {
    /// Every finding of every plist read (their warnings: a plist with an error is not loaded), then
    /// the categories claimed twice (errors, though the first extension still draws them), for
    /// reporting.
    public var findings: [Finding] {
        plistFindings + conflicts.map(\.finding)
    }

    /// Reads the plists at `urls`, in order. A folder is searched recursively for `*.plist` files
    /// (so `Info.plist` too), in path order; plists found there without an `NSExtension` dictionary
    /// (the app's own Info.plist, settings bundles) are skipped, while a file named directly must
    /// be an extension. A file reached twice is read once.
    /// - Throws: the first `ExtensionConfigError`, in that order.
    public static func load(_ urls: [URL], variables: BuildVariables = BuildVariables()) throws(ExtensionConfigError)
        -> ExtensionRegistry
    {
        try load(urls.map(InputSource.file), variables: variables)
    }

    /// Reads extension plists from files, folders and bytes in memory, in order, as
    /// `load(_:variables:)` does for files; bytes in memory must be an extension's plist.
    /// - Throws: the first `ExtensionConfigError`, in that order.
    public static func load(_ sources: [InputSource], variables: BuildVariables = BuildVariables())
        throws(ExtensionConfigError) -> ExtensionRegistry
    {
        var configs: [ExtensionConfig] = []
        var findings: [Finding] = []
        var seen: Set<String> = []
        for source in sources {
            guard case .file(let url) = source else {
                if case .bytes(let data, let name) = source, seen.insert(source.identity).inserted {
                    let report = ExtensionConfig.check(data, file: name, variables: variables)
                    configs.append(try report.get())
                    findings += report.findings
                }
                continue
            }
            var isDirectory: ObjCBool = false
            let isFolder =
                FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            for file in isFolder ? plistFiles(in: url) : [url]
            where seen.insert(InputSource.file(file).identity).inserted {
                let report = ExtensionConfig.checked(url: file, variables: variables, foundInTree: isFolder)
                // A folder holds the app's own Info.plist, settings bundles and other kinds of
                // extension too: only notification extensions count.
                if isFolder, !report.isExtensionPlist || !report.isNotificationExtension { continue }
                configs.append(try report.get())
                findings += report.findings
            }
        }
        var registry = ExtensionRegistry(configs)
        registry.plistFindings = findings
        return registry
    }
}

extension CategoryConflict {
    /// The overlap as a finding of `category-claimed-twice`.
    public var finding: Finding { Rules.CategoryClaimedTwice.finding(self) }
}
