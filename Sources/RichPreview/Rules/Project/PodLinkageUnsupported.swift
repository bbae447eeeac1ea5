import Foundation

extension Rules {
    /// A cross-platform app's push SDK wrapper, at the version its manifest asks for, cannot be
    /// installed with the `use_frameworks!` its `Podfile` (or, in a managed Expo app, its
    /// `expo-build-properties`) asks for: React Native Firebase 15 and later needs frameworks, and
    /// from 26, while it resolves Firebase through Swift Package Manager, anything but static
    /// frameworks. `pod install` stops, so the app and its extension do not build. A linkage
    /// decided when `pod install` runs (an environment variable) is left alone.
    public enum PodLinkageUnsupported: ProjectRule {
        /// This rule's id (`pod-linkage-unsupported`), default severity (error), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "pod-linkage-unsupported", severity: .error, area: .project,
            summary:
                "A React Native or Expo app's push SDK wrapper cannot be installed with the use_frameworks! its Podfile or expo-build-properties asks for (React Native Firebase 15 and later needs frameworks; 26 and later, with Firebase through Swift Package Manager, cannot use static frameworks): pod install stops."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for app in project.crossPlatform {
                for (sdk, _) in app.sdks {
                    for rule in sdk.podLinkage {
                        guard let version = version(of: rule, in: app, project: project),
                            rule.majors.contains(version.major),
                            let declared = Declared(app), rule.flag.map({ declared.isSet($0) == $0.applies }) ?? true,
                            let broken = declared.breaks(rule.requirement)
                        else { continue }
                        let step = declared.isExpoConfig ? rule.expoStep : rule.step
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "\(app.described) depends on \(version.described) and \(broken): \(rule.consequence); \(step)",
                                file: declared.file, line: declared.line,
                                notes: ["\(sdk.name): \(rule.documentation)"]))
                    }
                }
            }
            return findings
        }

        /// The major version of the rule's package the app asks for: its own manifest's range
        /// first (what the next install resolves), then the `Podfile.lock`'s installed pod.
        static func version(of rule: PushSDK.PodLinkage, in app: CrossPlatformProject, project: LintProject)
            -> (major: Int, described: String)?
        {
            let lockPrefix = app.projectFile.map {
                (($0 as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            }
            let candidates =
                project.dependencies.filter { $0.file == app.app.manifest && $0.name == rule.package }
                + project.dependencies.filter { dependency in
                    dependency.kind == .cocoaPod && dependency.name == rule.pod
                        && dependency.file.hasSuffix("Podfile.lock")
                        && lockPrefix.map { dependency.file.hasPrefix($0 + "/") } ?? false
                }
            for dependency in candidates {
                if let major = dependency.majorVersion, let written = dependency.version {
                    return (major, "\(dependency.name) \(written) (\((dependency.file as NSString).lastPathComponent))")
                }
            }
            return nil
        }

        /// What the app asks CocoaPods for: its Podfile's, or a managed Expo app's config's.
        struct Declared {
            var linkage: Podfile.Linkage?
            var modularHeaders: Bool
            var file: String
            var line: Int?
            var isExpoConfig: Bool
            var podfile: Podfile?
            var expo: ExpoConfig?

            init?(_ app: CrossPlatformProject) {
                if let podfile = app.podfile {
                    let asked = podfile.linkage
                    self.init(
                        linkage: asked?.linkage, modularHeaders: podfile.modularHeaders, file: podfile.file,
                        line: asked?.line, isExpoConfig: false, podfile: podfile, expo: nil)
                } else if app.projectFile == nil, let expo = app.expo, expo.unreadable == nil {
                    let value = expo.option("expo-build-properties", "ios.useFrameworks")
                    let linkage: Podfile.Linkage? =
                        switch value {
                        case nil: nil
                        case "static": .static
                        case "dynamic": .dynamic
                        default: .decidedElsewhere
                        }
                    self.init(
                        linkage: linkage, modularHeaders: false, file: expo.file, line: nil, isExpoConfig: true,
                        podfile: nil, expo: expo)
                } else {
                    return nil
                }
            }

            private init(
                linkage: Podfile.Linkage?, modularHeaders: Bool, file: String, line: Int?, isExpoConfig: Bool,
                podfile: Podfile?, expo: ExpoConfig?
            ) {
                self.linkage = linkage
                self.modularHeaders = modularHeaders
                self.file = file
                self.line = line
                self.isExpoConfig = isExpoConfig
                self.podfile = podfile
                self.expo = expo
            }

            /// Whether the flag a rule depends on is set.
            func isSet(_ flag: (name: String, expoPlugin: String, expoOption: String, applies: Bool)) -> Bool {
                if let podfile { return podfile.flags[flag.name] != nil }
                return expo?.option(flag.expoPlugin, flag.expoOption) == "true"
            }

            /// What about the linkage breaks `requirement`, for a message; nil when nothing does.
            func breaks(_ requirement: PushSDK.PodLinkage.Requirement) -> String? {
                let source = isExpoConfig ? "expo-build-properties' ios.useFrameworks" : "\(file)"
                switch requirement {
                case .frameworksOrModules:
                    guard linkage == nil, !modularHeaders else { return nil }
                    return isExpoConfig
                        ? "\(file) sets no ios.useFrameworks with expo-build-properties"
                        : "\(file) asks for no frameworks (no use_frameworks!, no modular headers)"
                case .notStaticFrameworks:
                    guard linkage == .static else { return nil }
                    return isExpoConfig
                        ? "\(source) in \(file) is \"static\""
                        : "\(source) asks for static frameworks"
                }
            }
        }
    }
}
