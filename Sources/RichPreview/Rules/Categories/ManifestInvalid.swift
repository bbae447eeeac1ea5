extension Rules {
    /// A category manifest with an unknown key, a missing key, a value of the wrong type or
    /// outside its set, contradicting keys, or a context naming an action the category does not
    /// have.
    public enum ManifestInvalid: ManifestRule {
        /// This rule's id (`manifest-invalid`), default severity (error), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "manifest-invalid", severity: .error, area: .categories,
            summary:
                "A category manifest with an unknown key, a missing key, a value of the wrong type or outside its set, contradicting keys, or a context naming an action the category does not have."
        )

        /// Contexts that name an action their category does not have.
        static func check(_ manifest: CategoryManifest) -> [Finding] {
            manifest.declared.flatMap { category, origin -> [Finding] in
                ActionContext.allCases.flatMap { context -> [Finding] in
                    let known = category.actions.map(\.identifier)
                    return (category.explicitContext(context) ?? []).enumerated().compactMap { index, identifier in
                        guard category.action(identifier) == nil else { return nil }
                        return Finding(
                            rule: descriptor,
                            message:
                                "category '\(category.identifier)' has no action '\(identifier)' (its actions: \(NameList.text(known)))",
                            file: origin.file, keyPath: "\(origin.keyPath).contexts.\(context.rawValue)[\(index)]",
                            suggestion: Suggester.suggestion(for: identifier, among: known))
                    }
                }
            }
        }

        /// A file that reads but is not a manifest: a key unknown, missing, of the wrong type or
        /// outside its set, or keys that contradict each other.
        static func check(_ failure: CategoryManifestError) -> [Finding] {
            switch failure {
            case .unknownKey(let file, let keyPath, let suggestion):
                [
                    Finding(
                        rule: descriptor, message: "unknown key", file: file, keyPath: keyPath, suggestion: suggestion)
                ]
            case .missingKey(let file, let keyPath):
                [Finding(rule: descriptor, message: "missing", file: file, keyPath: keyPath)]
            case .wrongType(let file, let keyPath, let expected, let found):
                [
                    Finding(
                        rule: descriptor, message: "expected \(expected), found \(found)", file: file, keyPath: keyPath)
                ]
            case .unknownValue(let file, let keyPath, let found, let allowed):
                [
                    Finding(
                        rule: descriptor,
                        message: "unknown value '\(found)' (expected one of: \(allowed.joined(separator: ", ")))",
                        file: file, keyPath: keyPath, suggestion: Suggester.suggestion(for: found, among: allowed))
                ]
            case .contradiction(let file, let keyPath, let otherKeyPath):
                [Finding(rule: descriptor, message: "contradicts \(otherKeyPath)", file: file, keyPath: keyPath)]
            case .unreadable, .notParseable, .rejected:
                []
            }
        }
    }
}
