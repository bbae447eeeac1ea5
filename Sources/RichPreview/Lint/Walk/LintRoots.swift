import Foundation
import RichPreviewSystem

/// The folders a lint reads in: the folders it was given, and for a file given the folder that
/// holds it (for a `project.pbxproj`, the folder that holds its `.xcodeproj`). A project is
/// untrusted, so every path it names — an `.xcconfig` and its includes, entitlements, the script
/// files a build phase runs, the `.richpreview.json`'s `xcconfig` and `attachments` — is read
/// only when its real path (every symbolic link followed) lies in one of them, and the walk
/// follows no link that leads out of them.
struct LintRoots: Sendable {
    /// The folders' real paths; nil when every path is allowed.
    private let folders: [String]?

    /// No confinement: a lint of files held in memory (which reads nothing else), or paths
    /// the user named.
    static let anywhere = LintRoots(folders: nil)

    private init(folders: [String]?) {
        self.folders = folders
    }

    /// The roots of a lint of `paths` (each a folder or a file, as given to lint).
    init(paths: [String]) {
        folders = paths.compactMap { path in
            guard let status = try? FileStatus.of(path: path) else { return nil }
            var folder = path
            if status.kind != .directory {
                folder = (path as NSString).deletingLastPathComponent
                if folder.hasSuffix(".xcodeproj") { folder = (folder as NSString).deletingLastPathComponent }
            }
            return RealPath.of(folder.isEmpty ? "." : folder)
        }
    }

    /// Whether any path is refused.
    var confines: Bool { folders != nil }

    /// Where `path` leads, when that is outside every root; nil when it is inside one (or when
    /// nothing is confined). A path that does not exist is placed by the part of it that does.
    func outsidePath(_ path: String) -> String? {
        guard let folders else { return nil }
        guard let real = RealPath.of(path) else { return path }
        return folders.contains { RealPath.path(real, isInside: $0) } ? nil : real
    }
}
