extension Rules {
    /// A key written as Xcode's property-list editor shows it ("App Transport Security Settings",
    /// "Allow Arbitrary Loads") rather than the key iOS reads (`NSAppTransportSecurity`,
    /// `NSAllowsArbitraryLoads`): iOS ignores it, so an extension's image downloads over plain
    /// http, for one, stay refused.
    public enum PlistKeyDisplayName: ExtensionPlistRule {
        /// This rule's id (`plist-key-display-name`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-key-display-name", severity: .warning, area: .plist,
            summary:
                "A key written as Xcode's property-list editor shows it (\"App Transport Security Settings\", \"Allow Arbitrary Loads\") rather than the key iOS reads (NSAppTransportSecurity, NSAllowsArbitraryLoads): iOS ignores it."
        )

        /// Xcode's display names of the keys a notification extension's plist may carry, with the
        /// keys iOS reads (Xcode's Info.plist key reference).
        static let keysByDisplayName: [String: String] = [
            "App Transport Security Settings": "NSAppTransportSecurity",
            "Allow Arbitrary Loads": "NSAllowsArbitraryLoads",
            "Allow Arbitrary Loads in Web Content": "NSAllowsArbitraryLoadsInWebContent",
            "Allow Arbitrary Loads for Media": "NSAllowsArbitraryLoadsForMedia",
            "Allows Local Networking": "NSAllowsLocalNetworking",
            "Exception Domains": "NSExceptionDomains",
            "Bundle identifier": "CFBundleIdentifier",
            "Bundle display name": "CFBundleDisplayName",
            "Bundle name": "CFBundleName",
            "Bundle version": "CFBundleVersion",
            "Bundle version string (short)": "CFBundleShortVersionString",
            "Executable file": "CFBundleExecutable",
            "Localization native development region": "CFBundleDevelopmentRegion",
            "Required background modes": "UIBackgroundModes",
        ]

        /// The key iOS reads for a display name; a name pasted after the "Application" row prefix
        /// of an older editor ("Application App Transport Security Settings") counts too.
        static func rawKey(forDisplayName name: String) -> String? {
            var name = Substring(name)
            while name.hasPrefix("Application "), keysByDisplayName[String(name)] == nil {
                name = name.dropFirst("Application ".count)
            }
            return keysByDisplayName[String(name)]
        }

        /// Each key, at any depth, that is one of the display names.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard let top = plist.top else { return [] }
            var findings: [Finding] = []
            var pending: [(KeyPath, [String: PropertyValue])] = [(.root, top)]
            // Breadth first, a few levels deep: the keys in question are at the top or one level in.
            var depth = 0
            while !pending.isEmpty, depth < 4 {
                var next: [(KeyPath, [String: PropertyValue])] = []
                for (path, dictionary) in pending {
                    for key in dictionary.keys.sorted() {
                        let keyPath = path / key
                        if let raw = rawKey(forDisplayName: key) {
                            findings.append(
                                Finding(
                                    rule: descriptor,
                                    message:
                                        "'\(key)' is the name Xcode's editor shows for \(raw), not a key: iOS ignores it",
                                    file: plist.file, keyPath: keyPath.description, suggestion: raw))
                        }
                        if case .dictionary(let inner)? = dictionary[key] { next.append((keyPath, inner)) }
                    }
                }
                pending = next
                depth += 1
            }
            return findings
        }
    }
}
