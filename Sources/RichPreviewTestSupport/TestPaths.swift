import Foundation
import Synchronization

/// Where tests find the package, its committed fixtures, the shared corpus and the built tool.
package enum TestPaths {
    /// The package's top folder, found from this file's own path, never from the working directory.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under `Tests/Fixtures/`.
    package static func fixture(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// A file in the package, relative to its top folder (for example `Resources/sample.png`).
    package static func packageFile(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
    }

    /// The shared corpus: `$RICHPREVIEW_CORPUS`, else `../shared/corpus` beside the package; nil when absent.
    package static var corpus: URL? {
        let path =
            ProcessInfo.processInfo.environment["RICHPREVIEW_CORPUS"]
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? URL(fileURLWithPath: path) : nil
    }

    /// A folder of the corpus, or nil (with a line on stderr saying the tests using it skip) when absent.
    package static func corpusFolder(_ name: String) -> URL? {
        guard let folder = corpus?.appendingPathComponent(name),
            FileManager.default.fileExists(atPath: folder.path)
        else {
            FileHandle.standardError.write(
                Data("note: corpus folder '\(name)' not found; set RICHPREVIEW_CORPUS. Skipping.\n".utf8))
            return nil
        }
        return folder
    }

    /// The sorted file names in a corpus folder with the given extension; empty when absent.
    package static func corpusFiles(_ folder: String, extension pathExtension: String) -> [String] {
        guard let url = corpusFolder(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return [] }
        return names.filter { $0.hasSuffix("." + pathExtension) }.sorted()
    }

    /// A fresh temporary folder holding `files` (their text by path below it, folders made as
    /// needed), removed as `temporaryFolder()` is.
    package static func temporaryFolder(holding files: [String: String]) throws -> URL {
        let folder = try temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// A fresh temporary folder for a test's outputs, removed with everything in it when the test
    /// process exits.
    package static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "richpreview-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryFolders.shared.add(url)
        return url
    }
}

/// The temporary folders the tests made, removed at exit (the tests are structs, without a
/// teardown of their own).
private final class TemporaryFolders: Sendable {
    static let shared: TemporaryFolders = {
        atexit { TemporaryFolders.shared.removeAll() }
        return TemporaryFolders()
    }()

    private let folders = Mutex<[URL]>([])

    func add(_ url: URL) { folders.withLock { $0.append(url) } }

    func removeAll() {
        // Read-only folders made by permission tests are made writable again so they can go.
        for url in folders.withLock({ $0 }) {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            if let inside = FileManager.default.enumerator(atPath: url.path) {
                while let relative = inside.nextObject() as? String {
                    let path = url.appendingPathComponent(relative).path
                    var isFolder: ObjCBool = false
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
                    }
                }
            }
            try? FileManager.default.removeItem(at: url)
        }
    }
}
