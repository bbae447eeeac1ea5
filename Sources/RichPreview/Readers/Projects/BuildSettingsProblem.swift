/// What in a project's build settings could not be read whole, as found: a fact for the rules
/// (`build-settings-unreadable`, and `path-unreadable` for a file leading out of the tree).
enum BuildSettingsProblem: Equatable {
    /// The `.xcconfig` `file` (the base configuration `base`, or a file it includes) could not be
    /// read: the settings of `base` are left out.
    case xcconfig(file: String, failure: XcconfigReader.Failure, base: String)
    /// `includer` includes a file that leads to `resolved`, outside the folders linted: skipped.
    case includeOutside(includer: String, resolved: String)
    /// The setting `setting` of the target `target` in the project file `project` expands past
    /// `BuildVariables`' limits: left out.
    case settingOverLimit(project: String, target: String, setting: String)
}

extension BuildSettingsProblem {
    /// The problem with its files named by `name` (absolute paths as the walk names them).
    func naming(_ name: (String) -> String) -> BuildSettingsProblem {
        switch self {
        case .xcconfig(let file, let failure, let base): .xcconfig(file: name(file), failure: failure, base: name(base))
        case .includeOutside(let includer, let resolved): .includeOutside(includer: name(includer), resolved: resolved)
        case .settingOverLimit: self
        }
    }
}
