/// The text of a small `project.pbxproj` (old-style property list, as Xcode writes it), for
/// tests that need a project with particular build settings: one project, one app target, each
/// level with its settings and, optionally, an `.xcconfig` base.
package struct ProjectFileText {
    /// The project level's build settings.
    package var projectSettings: [String: String] = [:]
    /// The target level's build settings.
    package var targetSettings: [String: String] = [:]
    /// The `.xcconfig` the project level is based on, as a path relative to the folder holding
    /// the `.xcodeproj` (or absolute).
    package var projectBase: String?
    /// The `.xcconfig` the target level is based on.
    package var targetBase: String?
    /// The target's name.
    package var targetName = "App"
    /// The text of each "Run Script" phase of the target.
    package var scripts: [String] = []

    /// A project with no settings.
    package init() {}

    /// The file's text.
    package var text: String {
        var objects: [String] = []
        var children: [String] = []
        func reference(_ id: String, _ path: String?) -> String? {
            guard let path else { return nil }
            let tree = path.hasPrefix("/") ? "<absolute>" : "<group>"
            objects.append(
                "\(id) = { isa = PBXFileReference; path = \(Self.quoted(path)); sourceTree = \"\(tree)\"; };")
            children.append(id)
            return id
        }
        let projectBaseID = reference("F1", projectBase)
        let targetBaseID = reference("F2", targetBase)
        func configuration(_ id: String, _ settings: [String: String], base: String?) -> String {
            let pairs = settings.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)) = \(Self.quoted($0.value));" }
            let baseLine = base.map { "baseConfigurationReference = \($0); " } ?? ""
            return
                "\(id) = { isa = XCBuildConfiguration; name = Release; \(baseLine)buildSettings = { \(pairs.joined(separator: " ")) }; };"
        }
        objects.append(configuration("C1", projectSettings, base: projectBaseID))
        objects.append(configuration("C2", targetSettings, base: targetBaseID))
        objects.append(
            "L1 = { isa = XCConfigurationList; buildConfigurations = (C1); defaultConfigurationName = Release; };")
        objects.append(
            "L2 = { isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };")
        let phases = scripts.indices.map { "S\($0)" }
        for (id, script) in zip(phases, scripts) {
            objects.append("\(id) = { isa = PBXShellScriptBuildPhase; shellScript = \(Self.quoted(script)); };")
        }
        objects.append(
            "T1 = { isa = PBXNativeTarget; name = \(Self.quoted(targetName)); productType = \"com.apple.product-type.application\"; buildConfigurationList = L2; buildPhases = (\(phases.joined(separator: ", "))); };"
        )
        let group = children.joined(separator: ", ")
        objects.append("G1 = { isa = PBXGroup; children = (\(group)); sourceTree = \"<group>\"; };")
        objects.append("P1 = { isa = PBXProject; buildConfigurationList = L1; mainGroup = G1; targets = (T1); };")
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n\t\t"
            + objects.joined(separator: "\n\t\t") + "\n\t};\n\trootObject = P1;\n}\n"
    }

    /// `text` as an old-style property list string.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
