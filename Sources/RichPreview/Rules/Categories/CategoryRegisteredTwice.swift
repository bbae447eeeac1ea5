extension Rules {
    /// The same category identifier registered twice (in two manifests, or twice in one registration
    /// call in code): one replaces the other.
    public enum CategoryRegisteredTwice: ManifestRule, ProjectRule {
        /// This rule's id (`category-registered-twice`), default severity (error), area
        /// (categories) and summary.
        public static let descriptor = RuleDescriptor(
            id: "category-registered-twice", severity: .error, area: .categories,
            summary:
                "The same category identifier registered twice (in two manifests, or twice in one registration call in code): one replaces the other."
        )

        private static func finding(
            file: String?, keyPath: String?, identifier: String, first: String, line: Int? = nil, column: Int? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, message: "category '\(identifier)' is already declared at \(first)", file: file,
                line: line, column: column, keyPath: keyPath)
        }

        /// Categories registered more than once: in two manifests, or twice through the same API in code.
        /// A category declared again in the manifests read together.
        static func check(_ manifest: CategoryManifest) -> [Finding] {
            var first: [String: CategoryManifest.Origin] = [:]
            return manifest.declared.compactMap { category, origin in
                guard let earlier = first[category.identifier] else {
                    first[category.identifier] = origin
                    return nil
                }
                return finding(
                    file: origin.file, keyPath: origin.keyPath + ".identifier", identifier: category.identifier,
                    first: "\(earlier.file): \(earlier.keyPath)")
            }
        }

        /// A category declared in two manifests of the project, or twice in one registration call.
        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            var first: [String: String] = [:]
            for (file, manifest) in project.manifests {
                for category in manifest.categories {
                    let place = "\(file): \(manifest.origin(of: category.identifier)?.keyPath ?? "")"
                    if let earlier = first[category.identifier] {
                        findings.append(
                            finding(
                                file: file, keyPath: manifest.origin(of: category.identifier)?.keyPath,
                                identifier: category.identifier, first: earlier))
                    } else {
                        first[category.identifier] = place
                    }
                }
            }
            // In code only the same registration call passing a category twice is certain: apps
            // build their categories in branches (one per iOS version), assigning one variable that
            // a single call registers, and those are alternatives, not repeats.
            var seen: [String: ScannedCategory] = [:]
            for category in project.sources.categories {
                guard let identifier = category.identifier.literal, case .registered(let call) = category.registration
                else { continue }
                let key = "\(call) \(identifier)"
                guard let earlier = seen[key] else {
                    seen[key] = category
                    continue
                }
                if earlier.location == category.location
                    || (earlier.variable != nil && earlier.variable == category.variable)
                {
                    continue
                }
                findings.append(
                    finding(
                        file: category.location.file, keyPath: nil, identifier: identifier,
                        first: earlier.location.description, line: category.location.line,
                        column: category.location.column))
            }
            return findings
        }
    }
}
