/// The text of a small `project.pbxproj` (old-style property list, as Xcode writes it), for tests
/// that need a project with particular targets and build settings: one project, its targets in
/// order (an app by default), each with its settings, base configuration, scripts and embeds.
package struct ProjectFileText {
    /// One target of the project.
    package struct Target {
        /// The target's name; its product is `NAME.app` or `NAME.appex`.
        package var name: String
        /// Whether it builds an app extension rather than an app.
        package var isExtension: Bool
        /// Its build settings.
        package var settings: [String: String]
        /// The `.xcconfig` it is based on, relative to the folder holding the `.xcodeproj` (or absolute).
        package var base: String?
        /// The text of each "Run Script" phase.
        package var scripts: [String]
        /// The targets of this project whose products it embeds (an "Embed App Extensions" phase).
        package var embeds: [String]
        /// Products of other projects it embeds, by file name (`Service.appex`): a file in the
        /// built products folder that no target of this project builds.
        package var embedsFromElsewhere: [String]
        /// Folders, relative to the folder holding the `.xcodeproj`, whose files it compiles
        /// (Xcode 16's synchronized folders).
        package var compiledFolders: [String]

        /// A target named `name`; an app unless `isExtension`.
        package init(
            _ name: String, isExtension: Bool = false, settings: [String: String] = [:], base: String? = nil,
            scripts: [String] = [], embeds: [String] = [], embedsFromElsewhere: [String] = [],
            compiledFolders: [String] = []
        ) {
            self.name = name
            self.isExtension = isExtension
            self.settings = settings
            self.base = base
            self.scripts = scripts
            self.embeds = embeds
            self.embedsFromElsewhere = embedsFromElsewhere
            self.compiledFolders = compiledFolders
        }

        /// The product's file name.
        var product: String { name + (isExtension ? ".appex" : ".app") }
    }

    /// The project level's build settings.
    package var projectSettings: [String: String] = [:]
    /// The `.xcconfig` the project level is based on.
    package var projectBase: String?
    /// The targets, in order.
    package var targets: [Target] = [Target("App")]
    /// The local Swift packages the project uses, by folder relative to the one holding the
    /// `.xcodeproj`.
    package var localPackages: [String] = []

    /// A project with one app target and no settings.
    package init() {}

    /// A project with these targets.
    package init(targets: [Target], projectSettings: [String: String] = [:]) {
        self.targets = targets
        self.projectSettings = projectSettings
    }

    /// The first target's build settings.
    package var targetSettings: [String: String] {
        get { targets[0].settings }
        set { targets[0].settings = newValue }
    }
    /// The `.xcconfig` the first target is based on.
    package var targetBase: String? {
        get { targets[0].base }
        set { targets[0].base = newValue }
    }
    /// The first target's name.
    package var targetName: String {
        get { targets[0].name }
        set { targets[0].name = newValue }
    }
    /// The text of each "Run Script" phase of the first target.
    package var scripts: [String] {
        get { targets[0].scripts }
        set { targets[0].scripts = newValue }
    }

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
        func configuration(_ id: String, _ settings: [String: String], base: String?) -> String {
            let pairs = settings.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)) = \(Self.quoted($0.value));" }
            let baseLine = base.map { "baseConfigurationReference = \($0); " } ?? ""
            return
                "\(id) = { isa = XCBuildConfiguration; name = Release; \(baseLine)buildSettings = { \(pairs.joined(separator: " ")) }; };"
        }
        objects.append(configuration("C0", projectSettings, base: reference("F0", projectBase)))
        objects.append(
            "L0 = { isa = XCConfigurationList; buildConfigurations = (C0); defaultConfigurationName = Release; };")
        for (index, target) in targets.enumerated() {
            let product = "R\(index)"
            let type = target.isExtension ? "wrapper.app-extension" : "wrapper.application"
            objects.append(
                "\(product) = { isa = PBXFileReference; explicitFileType = \"\(type)\"; path = \(Self.quoted(target.product)); sourceTree = BUILT_PRODUCTS_DIR; };"
            )
        }
        var targetIDs: [String] = []
        for (index, target) in targets.enumerated() {
            let base = reference("F\(index + 1)", target.base)
            objects.append(configuration("C\(index + 1)", target.settings, base: base))
            objects.append(
                "L\(index + 1) = { isa = XCConfigurationList; buildConfigurations = (C\(index + 1)); defaultConfigurationName = Release; };"
            )
            var phases: [String] = []
            for (number, script) in target.scripts.enumerated() {
                phases.append("S\(index)_\(number)")
                objects.append(
                    "S\(index)_\(number) = { isa = PBXShellScriptBuildPhase; shellScript = \(Self.quoted(script)); };")
            }
            var files: [String] = []
            for name in target.embeds {
                guard let embedded = targets.firstIndex(where: { $0.name == name }) else { continue }
                files.append("B\(index)_\(embedded)")
                objects.append("B\(index)_\(embedded) = { isa = PBXBuildFile; fileRef = R\(embedded); };")
            }
            for (number, product) in target.embedsFromElsewhere.enumerated() {
                files.append("B\(index)_x\(number)")
                objects.append(
                    "X\(index)_\(number) = { isa = PBXFileReference; explicitFileType = \"wrapper.app-extension\"; path = \(Self.quoted(product)); sourceTree = BUILT_PRODUCTS_DIR; };"
                )
                objects.append("B\(index)_x\(number) = { isa = PBXBuildFile; fileRef = X\(index)_\(number); };")
            }
            if !files.isEmpty {
                phases.append("E\(index)")
                objects.append(
                    "E\(index) = { isa = PBXCopyFilesBuildPhase; dstPath = \"\"; dstSubfolderSpec = 13; files = (\(files.joined(separator: ", "))); };"
                )
            }
            let folders = target.compiledFolders.enumerated().map { number, folder in
                objects.append(
                    "D\(index)_\(number) = { isa = PBXFileSystemSynchronizedRootGroup; path = \(Self.quoted(folder)); sourceTree = \"<group>\"; };"
                )
                children.append("D\(index)_\(number)")
                return "D\(index)_\(number)"
            }
            let productType =
                target.isExtension ? "com.apple.product-type.app-extension" : "com.apple.product-type.application"
            objects.append(
                "T\(index) = { isa = PBXNativeTarget; name = \(Self.quoted(target.name)); productType = \"\(productType)\"; productReference = R\(index); buildConfigurationList = L\(index + 1); buildPhases = (\(phases.joined(separator: ", "))); fileSystemSynchronizedGroups = (\(folders.joined(separator: ", "))); };"
            )
            targetIDs.append("T\(index)")
        }
        for (number, folder) in localPackages.enumerated() {
            objects.append(
                "LP\(number) = { isa = XCLocalSwiftPackageReference; relativePath = \(Self.quoted(folder)); };")
        }
        let group = children.joined(separator: ", ")
        objects.append("G1 = { isa = PBXGroup; children = (\(group)); sourceTree = \"<group>\"; };")
        objects.append(
            "P1 = { isa = PBXProject; buildConfigurationList = L0; mainGroup = G1; targets = (\(targetIDs.joined(separator: ", "))); };"
        )
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
