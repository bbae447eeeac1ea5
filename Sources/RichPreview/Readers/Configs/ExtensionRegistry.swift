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
    public internal(set) var plistFindings: [Finding] = []
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
