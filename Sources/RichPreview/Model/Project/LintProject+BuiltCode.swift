/// Which code of the tree an app ships.
extension LintProject {
    /// Whether the source file `file` (as the walk named it) is code an app of the tree is built
    /// from: without project files, every file; with them, a file an app or extension target
    /// compiles, or one in a local Swift package a project uses. A push SDK's own sources beside
    /// its samples (compiled by no target, or by a framework target of the SDK's own project)
    /// are not, nor is a local package whose folder holds the project (the SDK at the top of its
    /// repository, its sample below).
    func isBuiltCode(_ file: String) -> Bool {
        let projects = targets.projects
        let built = projects.flatMap(\.targets).filter { $0.isApplication || $0.isExtension }
        guard !built.isEmpty else { return true }
        let path = XcodeProject.absolute(file)
        if built.contains(where: { $0.compiles(path) }) { return true }
        return projects.contains { project in
            let projectPath = XcodeProject.absolute(project.file)
            return project.localPackageFolders.contains { !projectPath.hasPrefix($0 + "/") && path.hasPrefix($0 + "/") }
        }
    }
}
