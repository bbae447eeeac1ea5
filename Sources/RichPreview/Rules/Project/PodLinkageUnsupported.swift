import Foundation

extension Rules {
    /// A cross-platform app's React Native package, at the version its manifest asks for, cannot
    /// be installed with the `use_frameworks!` its `Podfile` (or, in a managed Expo app, its
    /// `expo-build-properties`) asks for: React Native Firebase 15 and later needs frameworks, and
    /// from 26, while it resolves Firebase through Swift Package Manager, anything but static
    /// frameworks. `pod install` stops, so the app and its extensions do not build. A Podfile that
    /// asks for frameworks only when an environment variable is set (React Native's and Expo's
    /// templates) gets a warning; one whose linkage is decided by code (a method, a local Expo
    /// plugin that edits the Podfile) is left alone.
    public enum PodLinkageUnsupported: ProjectRule {
        /// This rule's id (`pod-linkage-unsupported`), default severity (error; a warning when only
        /// an environment variable asks for frameworks), area (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "pod-linkage-unsupported", severity: .error, area: .project,
            summary:
                "A React Native or Expo app's React Native Firebase cannot be installed with the use_frameworks! its Podfile or expo-build-properties asks for (15 and later needs frameworks; 26 and later, with Firebase through Swift Package Manager, cannot use static frameworks): pod install stops.",
            causes: [frameworksFromEnvironment])

        /// The Podfile asks for frameworks only when an environment variable is set.
        static let frameworksFromEnvironment = RuleDescriptor.Cause(
            id: "frameworks-from-environment", severity: .warning,
            summary:
                "The Podfile asks for frameworks only when an environment variable (USE_FRAMEWORKS) is set as pod install runs: pod install stops wherever it is not set."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            let rules = PushSDK.known.flatMap { sdk in sdk.podLinkage.map { (sdk, $0) } }
            for app in project.crossPlatform {
                for (sdk, rule) in rules {
                    guard let version = version(of: rule, in: app, project: project),
                        rule.majors.contains(version.major),
                        let declared = Declared(app),
                        rule.flag.map({ flag, appliesWhenSet in
                            (declared.isSet(flag) || reactNative(in: app, project: project, isBelow: flag.impliedBelow))
                                == appliesWhenSet
                        }) ?? true,
                        let broken = declared.breaks(rule.requirement)
                    else { continue }
                    var step = declared.isExpoConfig ? rule.expoStep : rule.step
                    if case .environment(let name)? = declared.linkage {
                        step += " (or set \(name)=static wherever pod install runs, CI included)"
                    }
                    // A committed Expo `ios/` older than its config: prebuild writes the linkage.
                    if rule.requirement == .frameworksOrModules, let expo = app.expo,
                        declared.podfile?.readsPropertiesLinkage == true,
                        let asked = expo.option("expo-build-properties", "ios.useFrameworks"),
                        asked == "static" || asked == "dynamic"
                    {
                        step =
                            "run npx expo prebuild again: expo-build-properties in \(expo.file) asks for ios.useFrameworks \"\(asked)\", which the Podfile.properties.json the Podfile reads does not say yet"
                    }
                    findings.append(
                        Finding(
                            rule: descriptor, cause: broken.isCertain ? nil : frameworksFromEnvironment,
                            message:
                                "\(app.described) depends on \(version.described) and \(broken.what): \(rule.consequence); \(step)",
                            file: declared.file, line: declared.line,
                            notes: ["\(sdk.name) (\(rule.package)): \(rule.documentation)"]))
                }
            }
            return findings
        }

        /// The major version of the rule's package the app asks for: its own manifest's range
        /// first (what the next install resolves), then the `Podfile.lock`'s installed pod; nil
        /// when the lock shows the package is not installed on iOS.
        static func version(of rule: PushSDK.PodLinkage, in app: CrossPlatformProject, project: LintProject)
            -> (major: Int, described: String)?
        {
            let lockPrefix = app.projectFile.map {
                (($0 as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            }
            let locked = project.dependencies.filter { dependency in
                dependency.kind == .cocoaPod && dependency.file.hasSuffix("Podfile.lock")
                    && lockPrefix.map { dependency.file.hasPrefix($0 + "/") } ?? false
            }
            // A Podfile.lock without the package's pod: it is not installed on iOS (its
            // autolinking turned off with `platforms: { ios: null }`).
            if !locked.isEmpty, !locked.contains(where: { $0.name == rule.pod }) { return nil }
            let candidates =
                project.dependencies.filter { $0.file == app.app.manifest && $0.name == rule.package }
                + locked.filter { $0.name == rule.pod }
            for dependency in candidates {
                if let major = dependency.majorVersion, let written = dependency.version {
                    return (major, "\(dependency.name) \(written) (\((dependency.file as NSString).lastPathComponent))")
                }
            }
            return nil
        }

        /// Whether the app's `react-native` (as its manifest asks for it) is older than `version`;
        /// false when either is unknown.
        static func reactNative(
            in app: CrossPlatformProject, project: LintProject, isBelow version: (major: Int, minor: Int)?
        ) -> Bool {
            guard let version,
                let written = project.dependencies.first(where: {
                    $0.file == app.app.manifest && $0.name == "react-native"
                })?.version,
                let match = written.firstMatch(of: #/^[\^~>=v ]*(\d+)\.(\d+)/#),
                let major = Int(match.1), let minor = Int(match.2)
            else { return false }
            return (major, minor) < version
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
                    // A local plugin that edits the Podfile decides what it asks for.
                    let value = expo.option("expo-build-properties", "ios.useFrameworks")
                    let linkage: Podfile.Linkage? =
                        switch (value, expo.podfileEditingPlugin) {
                        case (_, _?): .decidedElsewhere
                        case (nil, nil): nil
                        case ("static", nil): .static
                        case ("dynamic", nil): .dynamic
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
            func isSet(_ flag: PushSDK.PodLinkage.Flag) -> Bool {
                if let podfile { return podfile.flags[flag.name] != nil }
                return expo?.option(flag.expoPlugin, flag.expoOption) == "true"
            }

            /// What about the linkage breaks `requirement`, for a message, and whether it
            /// certainly does (an environment variable set where `pod install` runs would mend
            /// it); nil when nothing does.
            func breaks(_ requirement: PushSDK.PodLinkage.Requirement) -> (what: String, isCertain: Bool)? {
                switch (requirement, linkage) {
                case (.frameworksOrModules, nil) where !modularHeaders:
                    return isExpoConfig
                        ? ("\(file) sets no ios.useFrameworks with expo-build-properties", true)
                        : ("\(file) asks for no frameworks (no use_frameworks!, no modular headers)", true)
                case (.frameworksOrModules, .environment(let name)?) where !modularHeaders:
                    return ("\(file) asks for frameworks only when \(name) is set as pod install runs", false)
                case (.notStaticFrameworks, .static?):
                    return isExpoConfig
                        ? ("expo-build-properties' ios.useFrameworks in \(file) is \"static\"", true)
                        : ("\(file) asks for static frameworks", true)
                default:
                    return nil
                }
            }
        }
    }
}
