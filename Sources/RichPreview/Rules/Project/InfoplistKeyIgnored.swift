extension Rules {
    /// An `INFOPLIST_KEY_NAME` build setting for a key Xcode's Info.plist generator does not write
    /// (`UIBackgroundModes`, `NSUserActivityTypes`): the key never reaches the app's Info.plist.
    public enum InfoplistKeyIgnored: ProjectRule {
        /// This rule's id (`infoplist-key-ignored`), default severity (warning), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "infoplist-key-ignored", severity: .warning, area: .project,
            summary:
                "An INFOPLIST_KEY_ build setting for a key Xcode's Info.plist generator does not write (UIBackgroundModes, NSUserActivityTypes, …): nothing reads it, so the key never reaches the built Info.plist; it belongs in an Info.plist file."
        )

        /// Each such setting of a target whose app or extension matters to notifications.
        static func check(_ project: LintProject) -> [Finding] {
            project.targets.projects.flatMap { xcodeProject in
                xcodeProject.targets.filter { $0.platform.hasNotifications && ($0.isApplication || $0.isExtension) }
                    .flatMap { target in
                        target.ignoredInfoPlistKeySettings.map { setting in
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
