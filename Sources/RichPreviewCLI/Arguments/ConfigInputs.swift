import Foundation
import RichPreview

/// Category manifests and extension plists named on the command line: files, folders (for
/// plists), or `-` for standard input, in order.
enum ConfigInputs {
    /// The sources for `paths`, standard input read (at most `FileContents.sizeLimit` bytes) where
    /// a path is `-`.
    static func sources(_ paths: [String], console: Console) throws(InputFile.ReadError) -> [InputSource] {
        var sources: [InputSource] = []
        for path in paths {
            if path == "-" {
                let input = try InputFile.read(path, limit: FileContents.sizeLimit, console: console)
                sources.append(.bytes(input.data, name: input.path))
            } else {
                sources.append(.file(URL(fileURLWithPath: path)))
            }
        }
        return sources
    }

    /// The categories declared in the manifests at `paths`; a file given twice is read once.
    static func manifest(_ paths: [String], console: Console) throws(CategoryManifestError) -> CategoryManifest {
        do {
            return try CategoryManifest.load(try sources(paths, console: console))
        } catch let error as InputFile.ReadError {
            throw .unreadable(file: error.path, reason: error.reason)
        } catch let error as CategoryManifestError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// The extensions whose plists are at `paths` (files, or folders searched for `*.plist`).
    static func extensions(_ paths: [String], console: Console) throws(ExtensionConfigError) -> ExtensionRegistry {
        let inputs: [InputSource]
        do {
            inputs = try sources(paths, console: console)
        } catch {
            throw .unreadable(file: error.path, reason: error.reason)
        }
        return try ExtensionRegistry.load(inputs)
    }
}
