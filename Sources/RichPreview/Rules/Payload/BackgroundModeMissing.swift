extension Rules {
    /// Pushes with content-available (silent or with an alert) in the project while the app's
    /// Info.plist lacks remote-notification in UIBackgroundModes (voip for VoIP payloads): the app
    /// is not woken.
    public enum BackgroundModeMissing: ProjectRule {
        /// This rule's id (`background-mode-missing`), default severity (warning), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "background-mode-missing", severity: .warning, area: .payload,
            summary:
                "Pushes with content-available (silent or with an alert) in the project while the app's Info.plist lacks remote-notification in UIBackgroundModes (voip for VoIP payloads): the app is not woken."
        )

        static func check(_ project: LintProject) -> [Finding] {
            guard !project.appPlists.isEmpty else { return [] }
            var findings: [Finding] = []
            let modes = Set(project.appPlists.flatMap(\.backgroundModes))
            // content-available asks for a background launch, with or without an alert.
            let waking = project.payloads.filter { $0.report.payload?.aps?.contentAvailable == true && !$0.isVoIP }
            if let first = waking.first, !modes.contains("remote-notification") {
                let what = first.report.payload?.isSilent == true ? "silent pushes" : "pushes with content-available"
                for app in project.appPlists {
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "\(app.naming("UIBackgroundModes")) lacks remote-notification, so \(what) such as \(first.file) never wake the app",
                            file: app.file, keyPath: app.keyPath("UIBackgroundModes")))
                }
            }
            if let voip = project.payloads.first(where: \.isVoIP), !modes.contains("voip") {
                for app in project.appPlists {
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "\(app.naming("UIBackgroundModes")) lacks voip, which VoIP pushes such as \(voip.file) need",
                            file: app.file, keyPath: app.keyPath("UIBackgroundModes")))
                }
            }
            return findings
        }
    }
}
