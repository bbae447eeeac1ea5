extension Rules {
    /// A content extension with both or neither of NSExtensionMainStoryboard and
    /// NSExtensionPrincipalClass (the system does not load it), or a service extension without
    /// NSExtensionPrincipalClass.
    public enum StoryboardAndClass: ExtensionPlistRule {
        /// This rule's id (`storyboard-and-class`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "storyboard-and-class", severity: .error, area: .plist,
            summary:
                "A content extension with both or neither of NSExtensionMainStoryboard and NSExtensionPrincipalClass (the system does not load it), or a service extension without NSExtensionPrincipalClass."
        )

        /// A content extension's entry point set twice or not at all, a service extension without
        /// its class, and either key empty or not a string.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard let point = plist.point, let members = plist.nsExtension else { return [] }
            let extensionPath = ExtensionPlistDocument.extensionPath
            var findings: [Finding] = []
            var named: [String: Bool] = [:]
            for key in ["NSExtensionPrincipalClass", "NSExtensionMainStoryboard"] {
                guard let value = members[key] else { continue }
                let path = (extensionPath / key).description
                guard let text = value.string else {
                    findings.append(finding(plist, "expected a string, found \(value.summary)", at: path))
                    continue
                }
                guard !text.isEmpty else {
                    findings.append(finding(plist, "expected a name, found empty string", at: path))
                    continue
                }
                named[key] = true
            }
            guard findings.isEmpty else { return findings }
            let hasClass = named["NSExtensionPrincipalClass"] == true
            let hasStoryboard = named["NSExtensionMainStoryboard"] == true
            switch point {
            case .contentExtension where hasClass == hasStoryboard:
                return [
                    finding(
                        plist,
                        hasClass
                            ? "both NSExtensionMainStoryboard and NSExtensionPrincipalClass are set: the extension will not load (keep one)"
                            : "neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass is set: the extension will not load (set one)",
                        at: extensionPath.description)
                ]
            case .serviceExtension where !hasClass:
                return [
                    finding(
                        plist, "missing: expected the class of the service extension",
                        at: (extensionPath / "NSExtensionPrincipalClass").description)
                ]
            default:
                return []
            }
        }

        private static func finding(_ plist: ExtensionPlistDocument, _ message: String, at keyPath: String) -> Finding {
            Finding(rule: descriptor, message: message, file: plist.file, keyPath: keyPath)
        }
    }
}
