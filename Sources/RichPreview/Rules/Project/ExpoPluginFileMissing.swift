import Foundation

extension Rules {
    /// An Expo config plugin, or one of its options, names a file of the app (`./plugins/x.js`,
    /// `iosNSEFilePath: "./NotificationService.m"`, a notification icon or sound) that is not
    /// there: `expo prebuild` stops, or makes the app without it.
    public enum ExpoPluginFileMissing: ProjectRule {
        /// This rule's id (`expo-plugin-file-missing`), default severity (error), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "expo-plugin-file-missing", severity: .error, area: .project,
            summary:
                "An Expo config plugin, or one of its options, names a file of the app (a local plugin, a service extension's source, a notification icon or sound) that is not there: expo prebuild stops, or makes the app without it."
        )

        /// The extensions of files a plugin's options name.
        static let fileExtensions: Set<String> = [
            "m", "h", "swift", "plist", "entitlements", "png", "jpg", "jpeg", "wav", "caf", "aiff", "mp3", "json",
        ]

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for app in project.crossPlatform {
                guard let expo = app.expo else { continue }
                let folder = (XcodeProject.absolute(expo.file) as NSString).deletingLastPathComponent
                func missing(_ relative: String, tryingScripts: Bool) -> Bool? {
                    let path = (folder as NSString).appendingPathComponent(relative)
                    let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
                    guard resolved.hasPrefix(folder + "/") else { return nil }
                    let candidates =
                        tryingScripts
                        ? ["", ".js", ".ts", ".cjs", ".mjs", "/index.js", "/index.ts", "/app.plugin.js"].map {
                            resolved + $0
                        } : [resolved]
                    return !candidates.contains { project.fileExists($0) }
                }
                for plugin in expo.plugins {
                    if plugin.name.hasPrefix("./") || plugin.name.hasPrefix("../"),
                        missing(plugin.name, tryingScripts: true) == true
                    {
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "the plugin '\(plugin.name)' in \(expo.file) is not there: expo prebuild stops; add the file or correct the path",
                                file: expo.file,
                                notes: ["Expo config plugins: https://docs.expo.dev/config-plugins/introduction/"]))
                    }
                    for (keyPath, value) in plugin.options {
                        let ext = (value as NSString).pathExtension.lowercased()
                        guard !value.contains("://"), value.hasPrefix("./") || value.hasPrefix("../"),
                            fileExtensions.contains(ext), missing(value, tryingScripts: false) == true
                        else { continue }
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "the option \(keyPath) of the plugin \(plugin.name) in \(expo.file) names '\(value)', which is not there: expo prebuild stops or leaves it out; add the file or correct the path",
                                file: expo.file,
                                notes: ["Expo config plugins: https://docs.expo.dev/config-plugins/introduction/"]))
                    }
                }
            }
            return findings
        }
    }
}
