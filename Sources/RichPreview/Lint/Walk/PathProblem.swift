/// A path lint was given, or met in its tree, that it could not walk or read, and why. The rule
/// `path-unreadable` reports each one.
struct PathProblem: Equatable {
    /// The path, as given or as reached from one given.
    var path: String
    /// Why it was not read.
    var cause: Cause

    /// Why a path was not read.
    enum Cause: Equatable {
        /// A path given that does not exist.
        case missing
        /// A FIFO, socket or device (`kind` names which); `given` when it was a path given
        /// rather than one met in a folder.
        case notRegular(kind: String, given: Bool)
        /// A folder the system would not list, for the system's reason.
        case folderUnreadable(String)
        /// A symbolic link to nothing, or a loop of links.
        case danglingLink
        /// A link back to `target`, a folder it is in.
        case folderLoop(target: String)
        /// A folder deeper than the walk goes.
        case tooDeep(limit: Int)
        /// The walk stopped at its limit on files; `path` is the root.
        case tooManyFiles(limit: Int)
        /// The walk stopped at its limit on folders entered; `path` is the root.
        case tooManyFolders(limit: Int)
        /// The walk stopped at its limit on directory entries listed; `path` is the root.
        case tooManyEntries(limit: Int)
        /// The walk stopped at its time limit, in seconds; `path` is the root.
        case tooLong(seconds: Int)
        /// A symbolic link met in the walk that leads to `target`, outside the folders linted:
        /// not followed.
        case linkOutside(target: String)
        /// The file at `path` (a project file, an `.xcconfig`) names `named`, which leads to
        /// `resolved`, outside the folders linted: not read.
        case namesOutside(named: String, resolved: String)
        /// A `.json` file larger than a category manifest may be (`size` in bytes when known).
        case tooLarge(size: Int?, limit: Int)
    }
}
