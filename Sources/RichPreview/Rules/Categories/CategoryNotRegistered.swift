extension Rules {
    /// A category a content extension's plist claims that nothing in the project registers
    /// (code or manifests; also when no code registers any category, if only Swift and
    /// Objective-C are in the tree), or one the code builds but leaves out of its registration
    /// call.
    public enum CategoryNotRegistered: ProjectRule {
        /// This rule's id (`category-not-registered`), default severity (warning), area
        /// (categories) and summary.
        public static let descriptor = RuleDescriptor(
            id: "category-not-registered", severity: .warning, area: .categories,
            summary:
                "A category a content extension's plist claims that nothing in the project registers (code or manifests; also when no code registers any category, if only Swift and Objective-C are in the tree), or one the code builds but leaves out of its registration call.",
            causes: [unconfirmed, registeredBySDK, otherLanguageCode])

        /// The only code that could register categories is JavaScript or Dart, which lint does not read.
        static let otherLanguageCode = RuleDescriptor.Cause(
            id: "other-language", severity: .note,
            summary:
                "No Swift or Objective-C code registers categories, and the app's JavaScript or Dart code (React Native, Flutter), which lint does not read, may; one note per plist."
        )

        /// Categories claimed in one plist, for messages: `category 'a' is`, `categories 'a' and 'b' are`.
        static func named(_ categories: [String]) -> String {
            categories.count == 1
                ? "category '\(categories[0])' is"
                : "categories \(NameList.text(categories.map { "'\($0)'" })) are"
        }

        /// A push SDK of the project registers categories at run time: the category may be among them.
        static let registeredBySDK = RuleDescriptor.Cause(
            id: "registered-by-sdk", severity: .note,
            summary:
                "The project brings in a push SDK that registers categories at run time (OneSignal, Airship, Iterable, Netmera), which lint cannot see; one note per plist."
        )
        /// Some registrations could not be resolved, so the category may be among them.
        static let unconfirmed = RuleDescriptor.Cause(
            id: "unconfirmed", severity: .note,
            summary:
                "Some registered categories have identifiers richpreview could not resolve, so the claimed one may be among them."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for category in project.sources.categories {
                guard case .leftOut(let call) = category.registration else { continue }
                findings.append(
                    Finding(
                        rule: descriptor,
                        message:
                            "category '\(category.identifier.literal ?? category.identifier.description)' is built here but left out of the registration at \(call), so iOS never learns it",
                        file: category.location.file, line: category.location.line, column: category.location.column))
            }
            let runtime = project.sdkRegisteringUnseenCategories
            let otherLanguage = project.mayRegisterInOtherLanguage
            guard project.registersNothing || project.hasRegistrations || runtime != nil || otherLanguage else {
                return findings
            }
            let registered = project.registeredIdentifiers
            let bySDK = project.categoriesRegisteredBySDKs
            let unsure = !project.registersNothing && project.unresolvedRegistrations > 0
            let keyPath = "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory"
            for config in project.extensions where config.point == .contentExtension {
                let unregistered = config.categories.filter {
                    !$0.contains("$") && !registered.contains($0) && !bySDK.contains($0)
                }
                guard !unregistered.isEmpty else { continue }
                let named = Self.named(unregistered)
                let them = unregistered.count == 1 ? "it" : "them"
                if let (sdk, file) = runtime {
                    // One note for the plist: the SDK may well register them, out of sight.
                    findings.append(
                        Finding(
                            rule: descriptor, cause: registeredBySDK,
                            message:
                                "\(named) claimed here, and nothing in the project registers \(them); \(sdk.name) (\(file)) registers categories at run time, which lint cannot see",
                            file: config.file, keyPath: keyPath))
                } else if otherLanguage {
                    findings.append(
                        Finding(
                            rule: descriptor, cause: otherLanguageCode,
                            message:
                                "\(named) claimed here, and no Swift or Objective-C code registers \(them); the app's JavaScript or Dart code, which lint does not read, may",
                            file: config.file, keyPath: keyPath))
                } else if unsure {
                    findings.append(
                        Finding(
                            rule: descriptor, cause: unconfirmed,
                            message:
                                "\(named) claimed here, but richpreview could not confirm that anything registers \(them) (\(NumberText.counted(project.unresolvedRegistrations, "registered category has an identifier", "registered categories have identifiers")) it could not resolve)",
                            file: config.file, keyPath: keyPath))
                } else {
                    for category in unregistered {
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message: project.registersNothing
                                    ? "category '\(category)' is claimed here, but no code of the project registers any category (nothing calls setNotificationCategories); iOS sends it to no extension until the app registers it"
                                    : "category '\(category)' is claimed here, but nothing registers it; iOS sends it to no extension until the app registers it",
                                file: config.file, keyPath: keyPath,
                                suggestion: Suggester.suggestion(for: category, among: registered.sorted())))
                    }
                }
            }
            return findings
        }
    }
}
