/// Which code of the tree an app ships.
extension LintProject {
    /// The source files an app of the tree is built from: without project files, every file;
    /// with them, a file an app or extension target compiles, or one in a local Swift package a
    /// project uses. A push SDK's own sources beside its samples (compiled by no target, or by a
    /// framework target of the SDK's own project) are not, nor is a local package whose folder
    /// holds the project (the SDK at the top of its repository, its sample below).
    struct BuiltCode {
        private let targets: [XcodeProject.Target]
        private let packageFolders: [String]

        init(_ projects: [XcodeProject]) {
            targets = projects.flatMap(\.targets).filter { $0.isApplication || $0.isExtension }
            packageFolders = projects.flatMap { project in
                let projectPath = XcodeProject.absolute(project.file)
                return project.localPackageFolders.filter { !projectPath.hasPrefix($0 + "/") }
            }
        }

        /// Whether `file`, as the walk named it, is such code.
        func contains(_ file: String) -> Bool {
            guard !targets.isEmpty else { return true }
            let path = XcodeProject.absolute(file)
            return targets.contains { $0.compiles(path) } || packageFolders.contains { path.hasPrefix($0 + "/") }
        }
    }

    /// The code the tree's apps are built from, worked out once for a rule's many questions.
    var builtCode: BuiltCode { BuiltCode(targets.projects) }
}
