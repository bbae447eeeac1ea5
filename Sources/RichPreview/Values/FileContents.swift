import Foundation

/// Reads a small input file (a plist or a manifest) whole, refusing folders and oversized files
/// before reading them.
enum FileContents {
    /// Configuration files are a few kilobytes; anything over this is refused unread.
    static let sizeLimit = 16 * 1024 * 1024

    /// Why a file could not be read, in words for users.
    struct ReadFailure: Error {
        var reason: String
    }

    static func read(_ url: URL) throws(ReadFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ReadFailure(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ReadFailure(reason: "is a directory") }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= sizeLimit else { throw ReadFailure(reason: "\(size) bytes, over the limit of \(sizeLimit)") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ReadFailure(reason: "cannot read: \((error as NSError).localizedFailureReason ?? "\(error)")")
        }
    }
}
