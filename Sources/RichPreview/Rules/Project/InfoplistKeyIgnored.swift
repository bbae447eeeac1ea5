extension Rules {
    /// An `INFOPLIST_KEY_NAME` build setting for a key Xcode's Info.plist generator does not write
    /// (`UIBackgroundModes`, `NSUserActivityTypes`): the key never reaches the app's Info.plist.
    public enum InfoplistKeyIgnored: ProjectRule {
        /// This rule's id (`infoplist-key-ignored`), default severity (warning), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "infoplist-key-ignored", severity: .warning, area: .project,
            summary:
                "INFOPLIST_KEY_UIBackgroundModes or INFOPLIST_KEY_NSUserActivityTypes in build settings: Xcode's Info.plist generator writes neither key from a setting, so the background modes or message intents never reach the built Info.plist; they belong in an Info.plist file."
        )

        /// The Info.plist keys notifications depend on that such a setting is written for:
        /// remote-notification and voip background modes, the message intents of communication
        /// notifications. (An ignored `INFOPLIST_KEY_CFBundleName` does no harm: the generator
        /// writes that key from `PRODUCT_NAME`.)
        static let keysThatMatter: Set<String> = ["UIBackgroundModes", "NSUserActivityTypes"]

        /// Each such setting of a target whose app or extension matters to notifications.
        static func check(_ project: LintProject) -> [Finding] {
            project.targets.projects.flatMap { xcodeProject in
                xcodeProject.targets.filter { $0.platform.hasNotifications && ($0.isApplication || $0.isExtension) }
                    .flatMap { target in
                        target.ignoredInfoPlistKeySettings.filter {
                            keysThatMatter.contains(String($0.dropFirst(XcodeProject.Target.infoPlistKeyPrefix.count)))
                        }.map { setting in
                            let key = setting.dropFirst(XcodeProject.Target.infoPlistKeyPrefix.count)
                            return Finding(
                                rule: descriptor,
                                message:
                                    "\(setting) of the target \(target.name): Xcode's Info.plist generator writes no \(key) from it, so the built Info.plist has none; write \(key) in an Info.plist file",
                                file: xcodeProject.file)
                        }
                    }
            }
        }
    }
}
