import Foundation

extension Rules {
    /// A cross-platform app's notification service or content extension imports a push SDK's
    /// module that its target does not link: the `Podfile` has no `target` block for the
    /// extension with the SDK's extension pod (nor one it inherits pods from), and no Swift
    /// package product or framework of the SDK is in the extension's frameworks phase. The
    /// extension does not build.
    public enum ExtensionModuleNotLinked: ProjectRule {
        /// This rule's id (`extension-module-not-linked`), default severity (error), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "extension-module-not-linked", severity: .error, area: .project,
            summary:
                "A Flutter, React Native, Expo or Capacitor app's notification service or content extension imports a push SDK's module its target does not link: the Podfile has no target block for the extension with the SDK's extension pod, and no package product or framework of it is in the extension's frameworks phase."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for app in project.crossPlatform {
                for (_, config, built) in project.notificationExtensions(of: app) {
                    guard let code = project.extensionCode[built.key] else { continue }
                    var reported: Set<String> = []
                    for use in code.imports {
                        guard
                            let (sdk, needs) = PushSDK.known.lazy.compactMap({ sdk in
                                sdk.extensionModules(for: config.point).map { (sdk, $0) }
                            }).first(where: { $0.1.modules.contains(use.module) }),
                            reported.insert(sdk.name).inserted, !links(built.target, sdk: sdk, needs: needs, app: app)
                        else { continue }
                        let name = built.target.name
                        let pod = needs.pods.first.map { "pod '\($0)'" }
                        let why =
                            app.podfile.map { podfile in
                                podfile.target(named: name) == nil
                                    ? "\(podfile.file) has no target '\(name)' block"
                                    : "\(podfile.file)'s target '\(name)' block names none of \(needs.pods.joined(separator: ", "))"
                            } ?? "no Podfile names it and no package product of it is in its frameworks phase"
                        let podStep = pod.map { pod in
                            "add `target '\(name)' do \(pod) end` to the Podfile (inside the app's target block) and run pod install"
                        }
                        // An app without a Podfile (Capacitor 7's Swift packages) links packages.
                        let packageStep = needs.products.first.map { product in
                            "add the Swift package product \(product) to target '\(name)' (General > Frameworks and Libraries)"
                        }
                        let step =
                            (app.podfile == nil ? packageStep ?? podStep : podStep ?? packageStep)
                            ?? "link the SDK's package product in the extension's frameworks phase"
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "\(built.described) imports \(use.module) (\(sdk.name)), which the target does not link (\(why)): the extension does not build; \(step)",
                                file: use.file, line: use.line, notes: ["\(sdk.name): \(needs.documentation)"]))
                    }
                }
            }
            return findings
        }

        /// Whether the extension target links one of the SDK's extension pods, package products
        /// or frameworks.
        static func links(
            _ target: XcodeProject.Target, sdk: PushSDK, needs: PushSDK.ExtensionModules, app: CrossPlatformProject
        ) -> Bool {
            let modules = Set(needs.modules)
            if target.packageProducts.contains(where: { needs.products.contains($0) || modules.contains($0) }) {
                return true
            }
            if target.linkedFrameworks.contains(where: { modules.contains(($0 as NSString).deletingPathExtension) }) {
                return true
            }
            guard let linked = app.podfile?.linked(into: target.name) else { return false }
            // The SDK's own pods, or its React Native or Flutter wrapper's (named as the package).
            let pods = Set(needs.pods).union(sdk.pods).union(sdk.npmPackages).union(sdk.pubPackages)
            if !linked.pods.isDisjoint(with: pods) {
                return true
            }
            // A framework's installer brings in every plugin's pods, the SDK's among them.
            let plugin = app.sdks.contains { $0.sdk.name == sdk.name && !$0.file.hasSuffix("Podfile") }
            return linked.installsPlugins && plugin
        }
    }
}
