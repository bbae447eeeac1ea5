extension Rules {
    /// A path given to lint, or found in its tree, that cannot be read: missing, unreadable, a
    /// symbolic link loop, or past the walk's limits. A warning for a link that leads nowhere or
    /// back and for a large file left unread, a note for a FIFO or device met in a folder and for
    /// a link or a named file that leads out of the folders linted.
    public enum PathUnreadable: ProjectRule {
        /// This rule's id (`path-unreadable`), default severity (error), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "path-unreadable", severity: .error, area: .project,
            summary:
                "A path given to lint, or found in its tree, that cannot be read: missing, unreadable, a symbolic link loop, or past the walk's limits (files, folders, names listed, time). A warning for a link that leads nowhere or back and for a large file left unread; a note for a FIFO or device met in a folder, and for a symbolic link or a file the project names (an .xcconfig or its include, entitlements, a build script) that leads out of the folders linted, which is never read."
        )

        /// One finding per path the walk or the loader could not read. What was given and could
        /// not be read, or a folder whose files go unchecked, is an error; a link that leads
        /// nowhere or back, or a large file left unread, a warning; a FIFO or device met in a
        /// folder (never opened, so never waited on) a note.
        static func check(_ project: LintProject) -> [Finding] {
            project.pathProblems.map { problem in
                let (severity, reason) = describe(problem.cause)
                return Finding(rule: descriptor, severity: severity, message: reason, file: problem.path)
            }
        }

        private static func describe(_ cause: PathProblem.Cause) -> (Severity, String) {
            switch cause {
            case .missing:
                return (.error, "no such file or folder")
            case .notRegular(let kind, given: true):
                return (.error, "not a regular file (\(kind)); not read")
            case .notRegular(let kind, given: false):
                return (.note, "not a regular file (\(kind)); skipped")
            case .folderUnreadable(let reason):
                return (.error, reason)
            case .danglingLink:
                return (.warning, "symbolic link to nothing (or a loop of links)")
            case .folderLoop(let target):
                return (
                    .warning, "symbolic link loop: this link leads back to \(target), a folder it is in; not entered"
                )
            case .tooDeep(let limit):
                return (.error, "more than \(limit) folders deep; not entered")
            case .tooManyFiles(let limit):
                return (.error, "more than \(limit) files; the rest are not linted")
            case .tooManyFolders(let limit):
                return (.error, "more than \(limit) folders; the rest are not linted")
            case .tooManyEntries(let limit):
                return (.error, "more than \(limit) names listed in its folders; the rest are not linted")
            case .tooLong(let seconds):
                return (.error, "the walk took more than \(seconds) s; the rest is not linted")
            case .linkOutside(let target):
                return (.note, "symbolic link to \(target), outside the folders linted; not followed")
            case .namesOutside(let named, let resolved):
                let leads = XcodeProject.absolute(named) == resolved ? "" : ", which leads to \(resolved),"
                return (.note, "names \(named)\(leads) outside the folders linted; not read")
            case .tooLarge(let size, let limit):
                return (
                    .warning,
                    "\(size.map { "\($0) bytes" } ?? "too large"), over the \(limit)-byte limit of a category manifest (a payload's is \(PayloadDecoder.parseLimit)); not read, so nothing in it is checked"
                )
            }
        }
    }
}
