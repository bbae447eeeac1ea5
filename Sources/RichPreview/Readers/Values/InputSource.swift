import Foundation

/// Where an input comes from: a file (or a folder searched for files), or bytes already in memory,
/// such as standard input or a request body.
public enum InputSource: Sendable, Equatable {
    /// A file or folder on disk.
    case file(URL)
    /// Bytes in memory; `name` stands for them in results and errors.
    case bytes(Data, name: String)

    /// The name an input is reported under: the path as given, or the bytes' name.
    public var name: String {
        switch self {
        case .file(let url): url.relativePath
        case .bytes(_, let name): name
        }
    }

    /// A key identifying the same file reached under two spellings (`a/../b.plist`, a symbolic link).
    var identity: String {
        switch self {
        case .file(let url): url.resolvingSymlinksInPath().standardizedFileURL.path
        case .bytes(_, let name): "bytes:" + name
        }
    }
}
