import Foundation

/// Reads an input file whole, refusing folders and oversized files before reading them.
package enum FileContents {
    /// Configuration files are a few kilobytes; anything over this is refused unread by default.
    package static let sizeLimit = 16 * 1024 * 1024

    /// Why a file could not be read, in words for users.
    package struct ReadFailure: Error {
        package var reason: String
    }

    /// The file's bytes; `limit` nil reads any size, `mapped` maps the file instead of copying it.
    package static func read(_ url: URL, limit: Int? = sizeLimit, mapped: Bool = false) throws(ReadFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ReadFailure(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ReadFailure(reason: "is a directory") }
        if let limit {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= limit else { throw ReadFailure(reason: "\(size) bytes, over the limit of \(limit)") }
        }
        do {
            return try Data(contentsOf: url, options: mapped ? .alwaysMapped : [])
        } catch {
            throw ReadFailure(reason: "cannot read: \((error as NSError).localizedFailureReason ?? "\(error)")")
        }
    }
}
