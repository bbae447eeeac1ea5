import Foundation

/// The notification extensions of an app, answering which content extension draws a category.
///
/// When two content extensions claim a category, the first in the order given draws it and the
/// overlap is reported in `conflicts`, so the answer never depends on file system order.
public struct ExtensionRegistry: Sendable, Equatable {
    /// Every extension, content and service, in the order given.
    public private(set) var extensions: [ExtensionConfig]
    /// Categories claimed by more than one content extension, in the order found.
    public private(set) var conflicts: [CategoryConflict] = []
    /// The findings of the plists `load` read (warnings and notes: a plist with an error is not loaded).
    public private(set) var plistFindings: [Finding] = []
    private var drawers: [String: Int] = [:]

    /// Creates a registry of extensions in the order given: the first content extension to claim a
    /// category draws it, and every later claim is recorded in `conflicts`.
    public init(_ extensions: [ExtensionConfig]) {
        self.extensions = extensions
        for (index, config) in extensions.enumerated() where config.point == .contentExtension {
            for category in config.categories {
                if let first = drawers[category] {
                    conflicts.append(
                        CategoryConflict(category: category, winner: extensions[first].file, loser: config.file))
                } else {
                    drawers[category] = index
                }
            }
        }
    }

    /// The content extension that draws `category`, or nil when none claims it (iOS then shows
    /// the default interface).
    public func contentExtension(for category: String) -> ExtensionConfig? {
        drawers[category].map { extensions[$0] }
    }

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

    /// The regular `*.plist` files below `folder`, sorted by path; symbolic links to folders are not followed.
    public static func plistFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [URL] = []
        while let subpath = enumerator.nextObject() as? String {
            guard subpath.hasSuffix(".plist") else { continue }
            let url = folder.appendingPathComponent(subpath)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(url)
            }
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }
}
