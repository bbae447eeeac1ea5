import Foundation

/// The entries of a folder as the system lists them (`opendir`, `readdir`), with the kind the
/// listing gives when it gives one, so a walk can skip files by name without a `stat` each. A
/// name that is not UTF-8 keeps its bytes (`FileName`), so it names the same file again.
package enum DirectoryListing {
    /// One entry: its name, and its kind when the file system says it in the listing.
    package struct Entry: Sendable, Equatable {
        /// The name within the folder (never `.` or `..`).
        package var name: String
        /// The kind, or nil when the listing does not say (the file must then be asked).
        package var kind: FileStatus.Kind?
    }

    /// Where `d_name` and `d_type` sit inside a `dirent` record.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!

    /// The entries of `folder`, in the order listed; at most `limit` of them (the listing stops there).
    package static func entries(of folder: String, limit: Int = .max) throws(SystemError) -> [Entry] {
        guard let directory = FileName.withSystemPath(folder, { opendir($0) }) else { throw .current }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while entries.count < limit, let entry = readdir(directory) {
            // A record is only as long as its name: read the fields through pointers, never by
            // copying the whole `dirent`, whose 256-byte name array may run past the record.
            let record = UnsafeRawPointer(entry)
            let namePointer = record.advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let name = FileName.text(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer)))
            guard name != ".", name != ".." else { continue }
            let type = record.load(fromByteOffset: typeOffset, as: UInt8.self)
            entries.append(Entry(name: name, kind: type == DT_UNKNOWN ? nil : FileStatus.kind(of: mode_t(type) << 12)))
        }
        return entries
    }

    /// Makes the folder `path` (its parent must exist).
    package static func makeFolder(_ path: String) throws(SystemError) {
        guard FileName.withSystemPath(path, { mkdir($0, 0o777) }) == 0 else { throw .current }
    }
}
