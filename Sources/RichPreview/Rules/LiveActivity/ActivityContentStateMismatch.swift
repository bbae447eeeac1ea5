extension Rules {
    /// A Live Activity payload whose `content-state` (or a start's `attributes`) does not decode
    /// into the app's Swift type: a non-optional field missing, or a value of the wrong JSON
    /// type. The device logs "Unable to decode content state" and the activity is not updated.
    /// A key no field has is a note: the decoder ignores it.
    public enum ActivityContentStateMismatch: ProjectRule {
        /// This rule's id (`activity-content-state-mismatch`), default severity (error), area
        /// (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "activity-content-state-mismatch", severity: .error, area: .payload,
            summary:
                "A Live Activity payload whose content-state (or a start's attributes) does not decode into the app's Swift type: a non-optional field missing, or a value of the wrong JSON type, so the activity is not updated.",
            causes: [unknownKey])

        /// A key the Swift type has no field for.
        static let unknownKey = RuleDescriptor.Cause(
            id: "unknown-key", severity: .note,
            summary: "A key the Swift type has no field for: the decoder ignores it (a field renamed or misspelt?).")

        /// The app's `ActivityAttributes` types and their `ContentState`.
        static let sourceQuery = SourceQuery(conformances: ["ActivityAttributes"])

        /// The content state of each Live Activity payload against the `ContentState` of the type
        /// it names (a start's `attributes-type`), or of the app's only `ActivityAttributes` type;
        /// a start's `attributes` against the type itself. Types with `CodingKeys` of their own
        /// are left out: their keys are not their fields' names.
        static func check(_ project: LintProject) -> [Finding] {
            let declared = LiveActivityContract.attributeTypes(in: project.sources)
            guard !declared.isEmpty else { return [] }
            var findings: [Finding] = []
            for payload in project.payloads {
                guard let aps = payload.report.payload?.aps, aps.event != nil || aps.contentState != nil else {
                    continue
                }
                let type =
                    aps.attributesType.flatMap { named in
                        declared.first { LiveActivityContract.typeName($0) == named }
                    } ?? (declared.count == 1 ? declared[0] : nil)
                guard let type else { continue }
                if let state = aps.contentState,
                    let stateType = LiveActivityContract.contentState(of: type, in: project.sources)
                {
                    findings += compare(
                        state, with: stateType, in: project.sources, file: payload.file, at: "aps.content-state")
                }
                if aps.event == .start, let attributes = aps.attributes {
                    findings += compare(
                        attributes, with: type, in: project.sources, file: payload.file, at: "aps.attributes")
                }
            }
            return findings
        }

        private static func compare(
            _ object: [String: PropertyValue], with type: ScannedType, in sources: SourceScan, file: String,
            at keyPath: String
        ) -> [Finding] {
            guard !LiveActivityContract.hasCodingKeys(type, in: sources) else { return [] }
            let fields = LiveActivityContract.decodedFields(of: type)
            var findings: [Finding] = []
            for field in fields {
                let declaredAt = "\(type.name).\(field.name) is declared at \(field.location)"
                guard let value = object[field.name] else {
                    if !field.isOptional {
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "no '\(field.name)' (\(field.type ?? "a value")), which \(type.name) requires: the device cannot decode it",
                                file: file, keyPath: keyPath, notes: [declaredAt]))
                    }
                    continue
                }
                if case .null = value, field.isOptional { continue }
                if let expected = LiveActivityContract.expectedJSON(field.type), !expected.accepts(value) {
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "'\(field.name)' is \(value.summary), but \(type.name).\(field.name) is \(field.type ?? "typed"), decoded from \(expected.description): the device cannot decode it",
                            file: file, keyPath: keyPath + "." + field.name, notes: [declaredAt]))
                }
            }
            let names = Set(fields.map(\.name))
            for key in object.keys.sorted() where !names.contains(key) {
                findings.append(
                    Finding(
                        rule: descriptor, cause: unknownKey,
                        message: "'\(key)' is no field of \(type.name): the decoder ignores it",
                        file: file, keyPath: keyPath + "." + key,
                        suggestion: Suggester.suggestion(for: key, among: names.sorted())))
            }
            return findings
        }
    }
}
