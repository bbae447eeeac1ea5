import PackagePlugin

/// Writes the registry of lint rules for the target it is applied to: every rule type declared in
/// a file under the target's `Rules/` folder, listed in `Rules.registered`. A new rule is then one
/// file, and no list elsewhere has to learn of it.
@main
struct RuleRegistryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sources = target.sourceModule?.sourceFiles(withSuffix: "swift") else { return [] }
        let rules = sources.map(\.url).filter { $0.path.contains("/Rules/") }.sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "RuleRegistry.swift")
        return [
            .buildCommand(
                displayName: "Listing the rules of \(target.name)",
                executable: try context.tool(named: "RuleRegistryGenerator").url,
                arguments: [output.path] + rules.map(\.path),
                inputFiles: rules,
                outputFiles: [output])
        ]
    }
}
