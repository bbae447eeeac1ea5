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
            causes: [unconfirmed])

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
            if project.registersNothing {
                for config in project.extensions where config.point == .contentExtension {
                    for category in config.categories where !category.contains("$") {
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "category '\(category)' is claimed here, but no code of the project registers any category (nothing calls setNotificationCategories); iOS sends it to no extension until the app registers it",
                                file: config.file,
                                keyPath: "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory"))
                    }
                }
            }
            guard project.hasRegistrations else { return findings }
            let registered = project.registeredIdentifiers
            let unsure = project.unresolvedRegistrations > 0
            for config in project.extensions where config.point == .contentExtension {
                for category in config.categories where !registered.contains(category) && !category.contains("$") {
                    findings.append(
                        Finding(
                            rule: descriptor, cause: unsure ? unconfirmed : nil,
                            message: unsure
                                ? "category '\(category)' is claimed here, but richpreview could not confirm that anything registers it (\(project.unresolvedRegistrations) registered categories have identifiers it could not resolve)"
                                : "category '\(category)' is claimed here, but nothing registers it; iOS sends it to no extension until the app registers it",
                            file: config.file,
                            keyPath: "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory",
                            suggestion: Suggester.suggestion(for: category, among: registered.sorted())))
                }
            }
            return findings
        }
    }
}
