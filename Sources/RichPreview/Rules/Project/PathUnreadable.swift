extension Rules {
    /// A path given to lint, or found in its tree, that cannot be read: missing, unreadable, or past
    /// the walk's limits, so what it holds goes unchecked. Its causes: a link that leads nowhere
    /// or back, a large file left unread, a FIFO or device met in a folder, and a link or a named
    /// file that leads out of the folders linted.
    public enum PathUnreadable: ProjectRule {
        /// This rule's id (`path-unreadable`), default severity (error), area (project), summary
        /// and causes.
        public static let descriptor = RuleDescriptor(
            id: "path-unreadable", severity: .error, area: .project,
            summary:
                "A path given to lint, or found in its tree, that cannot be read: missing, unreadable, or past the walk's limits (depth, files, folders, names listed, time), so what it holds goes unchecked.",
            causes: [linkLoop, danglingLink, largeFile, specialFile, linkOutside, namesOutside])

        /// A symbolic link back to a folder it is in.
        static let linkLoop = RuleDescriptor.Cause(
            id: "link-loop", severity: .warning,
            summary: "A symbolic link back to a folder it is in: not entered.")
        /// A symbolic link to nothing: most often into build output a fresh checkout does not have.
        static let danglingLink = RuleDescriptor.Cause(
            id: "dangling-link", severity: .note,
            summary:
                "A symbolic link to nothing, or a loop of links: most often into build output that a fresh checkout does not have yet."
        )
        /// A `.json` file too large to be a manifest or a payload.
        static let largeFile = RuleDescriptor.Cause(
            id: "large-file", severity: .warning,
            summary: "A .json file over a category manifest's 16 MiB: not read, so nothing in it is checked.")
        /// A FIFO, socket or device met in a folder, named like a file lint reads.
        static let specialFile = RuleDescriptor.Cause(
            id: "special-file", severity: .note,
            summary:
                "A FIFO, socket or device in the tree named like a file lint reads: never opened, so never waited on.")
        /// A symbolic link met in the walk that leads out of the folders linted.
        static let linkOutside = RuleDescriptor.Cause(
            id: "link-outside", severity: .note,
            summary:
                "A symbolic link that leads out of the folders linted (to /, /proc, a folder beside the tree): not followed."
        )
        /// A file the project names that leads out of the folders linted.
        static let namesOutside = RuleDescriptor.Cause(
            id: "names-outside", severity: .note,
            summary:
                "A file the project names (an .xcconfig or its include, entitlements, a build script) that leads out of the folders linted: never read, and named, not quoted."
        )

        /// One finding per path the walk or the loader could not read.
        static func check(_ project: LintProject) -> [Finding] {
            project.pathProblems.map { problem in
                let (cause, reason) = describe(problem.cause)
                return Finding(rule: descriptor, cause: cause, message: reason, file: problem.path)
            }
        }

        private static func describe(_ cause: PathProblem.Cause) -> (RuleDescriptor.Cause?, String) {
            switch cause {
            case .missing:
                return (nil, "no such file or folder")
            case .notRegular(let kind, given: true):
                return (nil, "not a regular file (\(kind)); not read")
            case .notRegular(let kind, given: false):
                return (specialFile, "not a regular file (\(kind)); skipped")
            case .folderUnreadable(let reason):
                return (nil, reason)
            case .danglingLink:
                return (danglingLink, "symbolic link to nothing (or a loop of links)")
            case .folderLoop(let target):
                return (
                    linkLoop, "symbolic link loop: this link leads back to \(target), a folder it is in; not entered"
                )
            case .tooDeep(let limit):
                return (nil, "more than \(limit) folders deep; not entered")
            case .tooManyFiles(let limit):
                return (nil, "more than \(limit) files; the rest are not linted")
            case .tooManyFolders(let limit):
                return (nil, "more than \(limit) folders; the rest are not linted")
            case .tooManyEntries(let limit):
                return (nil, "more than \(limit) names listed in its folders; the rest are not linted")
            case .tooLong(let seconds):
                return (nil, "the walk took more than \(seconds) s; the rest is not linted")
            case .linkOutside(let target):
                return (linkOutside, "symbolic link to \(target), outside the folders linted; not followed")
            case .namesOutside(let named, let resolved):
                let leads = XcodeProject.absolute(named) == resolved ? "" : ", which leads to \(resolved),"
                return (namesOutside, "names \(named)\(leads) outside the folders linted; not read")
            case .tooLarge(let size, let limit):
                return (
                    largeFile,
                    "\(size.map { "\($0) bytes" } ?? "too large"), over the \(limit)-byte limit of a category manifest (a payload's is \(PayloadDecoder.parseLimit)); not read, so nothing in it is checked"
                )
            }
        }
    }
}
