import Foundation

/// What the system says of a path or an open file without reading it: its kind, size and
/// identity (`stat`, `lstat`, `fstat`).
package struct FileStatus: Sendable, Equatable {
    /// The kinds of file the system tells apart.
    package enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, other
    }

    /// A file's device and inode: the same file reached by two paths has one identity.
    package struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The file's kind.
    package var kind: Kind
    /// Its size in bytes (for a regular file).
    package var size: Int
    /// Its device and inode.
    package var identity: Identity

    init(_ info: stat) {
        kind = Self.kind(of: info.st_mode)
        size = Int(info.st_size)
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The status of the file at `path`; `followingLinks: false` describes a symbolic link itself.
    package static func of(path: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus {
        var info = stat()
        let result = FileName.withSystemPath(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { throw .current }
        return FileStatus(info)
    }

    /// The status of the open file `descriptor`.
    package static func of(descriptor: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current }
        return FileStatus(info)
    }

    /// The kind a `stat` mode (or a `dirent`'s `d_type` shifted into one) names.
    static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: .other
        }
    }

    /// What a special file is called in messages ("a FIFO"), or nil for a regular file, a
    /// folder or a link.
    package var specialKindName: String? { kind.specialName }
}

extension FileStatus.Kind {
    /// What a special file is called in messages ("a FIFO"), or nil for a regular file, a
    /// folder or a link.
    package var specialName: String? {
        switch self {
        case .regular, .directory, .symbolicLink: nil
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .other: "a special file"
        }
    }
}
