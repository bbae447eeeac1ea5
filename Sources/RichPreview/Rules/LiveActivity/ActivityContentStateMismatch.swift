import Foundation

extension Rules {
    /// A Live Activity payload whose `content-state` (or a start's `attributes`) does not decode
    /// into the app's Swift type: a non-optional field missing, or a value of the wrong JSON
    /// type. The device logs "Unable to decode content state" and the activity is not updated.
    /// A key no field has is a note: the decoder ignores it. Keys are read through `CodingKeys`;
    /// the app's nested structs, raw-value enums, arrays and optionals are followed; a `Date` in
    /// UNIX seconds is a warning; a type with its own `init(from:)` is a note and not checked.
    public enum ActivityContentStateMismatch: ProjectRule {
        /// This rule's id (`activity-content-state-mismatch`), default severity (error), area
        /// (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "activity-content-state-mismatch", severity: .error, area: .payload,
            summary:
                "A Live Activity payload whose content-state (or a start's attributes) does not decode into the app's Swift type: a non-optional field missing, or a value of the wrong JSON type, so the activity is not updated.",
            causes: [unknownKey, unixSeconds, customDecoder, differingCopies])

        /// A key the Swift type has no field for.
        static let unknownKey = RuleDescriptor.Cause(
            id: "unknown-key", severity: .note,
            summary: "A key the Swift type has no field for: the decoder ignores it (a field renamed or misspelt?).")

        /// A `Date` sent as UNIX seconds, which the default strategy reads as seconds since 2001.
        static let unixSeconds = RuleDescriptor.Cause(
            id: "date-unix-seconds", severity: .warning,
            summary:
                "A Date field given UNIX seconds: JSONDecoder's default strategy counts seconds from 2001-01-01, so the date lands 31 years late."
        )

        /// A type that decodes itself (`init(from:)`): its contract is its code's.
        static let customDecoder = RuleDescriptor.Cause(
            id: "custom-decoder", severity: .note,
            summary: "A type with its own init(from:): what it decodes is its code's, so its payload is not checked.")

        /// A type declared more than once with different fields (an old copy beside the app's):
        /// nothing says which copy decodes the push, so it is not checked.
        static let differingCopies = RuleDescriptor.Cause(
            id: "differing-copies", severity: .note,
            summary:
                "An ActivityAttributes type declared more than once with different fields: which copy decodes the push is unknown, so it is not checked."
        )

        /// The app's `ActivityAttributes` types and their `ContentState`, and the `Codable` types
        /// their fields name.
        static let sourceQuery = SourceQuery(conformances: ["ActivityAttributes", "Codable", "Decodable"])

        /// UNIX seconds from 2001-09-09 on: as seconds since 2001 they land 31 years late.
        static let unixSecondsFloor = 1e9

        /// How deep nested types are followed (a type that holds itself stops here).
        static let depthLimit = 16

        /// The content state of each Live Activity payload against the `ContentState` of the type
        /// it names (a start's `attributes-type`), or of the app's only `ActivityAttributes` type
        /// (one name: the app and its widget extension often each compile a copy of the same
        /// file, checked when the copies agree); a start's `attributes` against the type itself.
        static func check(_ project: LintProject) -> [Finding] {
            let declared = LiveActivityContract.distinctAttributeTypes(in: project.sources)
            guard !declared.isEmpty else { return [] }
            let onlyType = declared.count == 1 ? declared[0] : nil
            let copiesAgree = Dictionary(
                uniqueKeysWithValues: declared.map {
                    ($0.name, LiveActivityContract.copiesAgree($0, in: project.sources))
                })
            var findings: [Finding] = []
            for payload in project.payloads {
                guard let aps = (payload.report.payload ?? payload.read)?.aps,
                    aps.event != nil || aps.contentState != nil
                else {
                    continue
                }
                let type =
                    aps.attributesType.flatMap { named in
                        declared.first { LiveActivityContract.typeName($0) == named }
                    } ?? onlyType
                guard let type else { continue }
                guard copiesAgree[type.name] != false else {
                    let copies = project.sources.types.filter { $0.name == type.name }.map { "\($0.location)" }
                    findings.append(
                        Finding(
                            rule: descriptor, cause: differingCopies,
                            message:
                                "not checked against \(type.name): it is declared \(copies.count) times with different fields, and nothing says which copy decodes this push",
                            file: payload.file, keyPath: "aps", notes: copies.sorted()))
                    continue
                }
                var check = Check(sources: project.sources, file: payload.file)
                if let state = aps.contentState,
                    let stateType = LiveActivityContract.contentState(of: type, in: project.sources)
                {
                    check.compare(state, with: stateType, at: "aps.content-state", depth: 0)
                }
                if aps.event == .start, let attributes = aps.attributes {
                    check.compare(attributes, with: type, at: "aps.attributes", depth: 0)
                }
                findings += check.findings
            }
            return findings
        }

        /// One payload's values against the Swift types they decode into, as `JSONDecoder` reads
        /// them with its default strategies.
        private struct Check {
            let sources: SourceScan
            let file: String
            var findings: [Finding] = []

            init(sources: SourceScan, file: String) {
                self.sources = sources
                self.file = file
            }

            /// `object` against the decoded fields of `type`.
            mutating func compare(
                _ object: [String: PropertyValue], with type: ScannedType, at keyPath: String, depth: Int
            ) {
                guard !type.hasCustomDecoder else {
                    findings.append(
                        Finding(
                            rule: descriptor, cause: customDecoder,
                            message:
                                "\(type.name) decodes itself (init(from:)): its contract is its code's, so \(keyPath) is not checked",
                            file: file, keyPath: keyPath, notes: ["\(type.name) is declared at \(type.location)"]))
                    return
                }
                let fields = LiveActivityContract.decodedFields(of: type, in: sources)
                for (key, field) in fields {
                    let declaredAt = "\(type.name).\(field.name) is declared at \(field.location)"
                    guard let value = object[key] else {
                        if !field.isOptional {
                            findings.append(
                                Finding(
                                    rule: descriptor,
                                    message:
                                        "no '\(key)' (\(field.type ?? "a value")), which \(type.name) requires: the device cannot decode it",
                                    file: file, keyPath: keyPath, notes: [declaredAt]))
                        }
                        continue
                    }
                    guard let annotation = field.type else { continue }
                    let field = Field(owner: type, name: field.name, key: key, declaredAt: declaredAt)
                    check(
                        value, against: LiveActivityContract.FieldShape(annotation), field: field,
                        at: keyPath + "." + key, depth: depth)
                }
                let keys = fields.map(\.key)
                for key in object.keys.sorted() where !keys.contains(key) {
                    findings.append(
                        Finding(
                            rule: descriptor, cause: unknownKey,
                            message: "'\(key)' is no field of \(type.name): the decoder ignores it",
                            file: file, keyPath: keyPath + "." + key,
                            suggestion: Suggester.suggestion(for: key, among: keys.sorted())))
                }
            }

            /// The field a value is checked for, for messages.
            struct Field {
                var owner: ScannedType
                var name: String
                var key: String
                var declaredAt: String
                var title: String { "\(owner.name).\(name)" }
            }

            /// `value` against a field's shape.
            private mutating func check(
                _ value: PropertyValue, against shape: LiveActivityContract.FieldShape, field: Field,
                at keyPath: String,
                depth: Int
            ) {
                switch shape {
                case .optional(let wrapped):
                    if case .null = value { return }
                    check(value, against: wrapped, field: field, at: keyPath, depth: depth)
                case .array(let element):
                    guard case .array(let elements) = value else {
                        return mismatch(
                            value, expected: LiveActivityContract.ExpectedJSON.array.description, field, keyPath)
                    }
                    for (index, item) in elements.enumerated() {
                        check(item, against: element, field: field, at: "\(keyPath)[\(index)]", depth: depth)
                    }
                case .dictionary:
                    return
                case .named("Date"):
                    checkDate(value, field: field, at: keyPath)
                case .named(let name):
                    if let expected = LiveActivityContract.expectedJSON(name) {
                        if !expected.accepts(value) { mismatch(value, expected: expected.description, field, keyPath) }
                    } else if depth < depthLimit,
                        let type = LiveActivityContract.resolve(name, from: field.owner, in: sources)
                    {
                        checkAppType(value, type, field: field, at: keyPath, depth: depth + 1)
                    }
                }
            }

            /// `value` against a struct, class or raw-value enum of the app's.
            private mutating func checkAppType(
                _ value: PropertyValue, _ type: ScannedType, field: Field, at keyPath: String, depth: Int
            ) {
                if type.kind == .enum {
                    guard let allowed = LiveActivityContract.rawValues(of: type) else { return }
                    guard !allowed.contains(where: { $0.value == value }) else { return }
                    let list = allowed.map { allowed in
                        if case .string(let text) = allowed.value {
                            "\"\(text)\""
                        } else {
                            "\(allowed.value.summary.split(separator: " ").last ?? "")"
                        }
                    }.joined(separator: ", ")
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "'\(field.key)' is \(value.summary), which is no case of \(type.name) (\(list)): the device cannot decode it",
                            file: file, keyPath: keyPath,
                            notes: [field.declaredAt, "\(type.name) is declared at \(type.location)"]))
                    return
                }
                guard case .dictionary(let object) = value else {
                    if type.hasCustomDecoder { return }
                    return mismatch(value, expected: "a JSON object (\(type.name))", field, keyPath)
                }
                compare(object, with: type, at: keyPath, depth: depth)
            }

            /// A `Date` as the default strategy decodes it: a number of seconds since 2001-01-01.
            private mutating func checkDate(_ value: PropertyValue, field: Field, at keyPath: String) {
                let seconds: Double
                switch value {
                case .integer(let number): seconds = Double(number)
                case .real(let number): seconds = number
                case .string:
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "'\(field.key)' is the \(value.summary), but \(field.title) is a Date, which JSONDecoder's default strategy decodes only from a number of seconds since 2001-01-01: the device cannot decode it",
                            file: file, keyPath: keyPath, notes: [field.declaredAt]))
                    return
                default:
                    return mismatch(value, expected: "a JSON number of seconds since 2001-01-01", field, keyPath)
                }
                guard seconds > unixSecondsFloor else { return }
                let asSent = Date(timeIntervalSinceReferenceDate: seconds)
                let meant = Date(timeIntervalSince1970: seconds)
                let day = Date.ISO8601FormatStyle().year().month().day()
                findings.append(
                    Finding(
                        rule: descriptor, cause: unixSeconds,
                        message:
                            "'\(field.key)' is \(value.summary), which looks like UNIX seconds (\(meant.formatted(day))), but \(field.title) is a Date decoded as seconds since 2001-01-01: it lands 31 years off, on \(asSent.formatted(day)); send \(Int((seconds - Date.timeIntervalBetween1970AndReferenceDate).rounded()))",
                        file: file, keyPath: keyPath, notes: [field.declaredAt]))
            }

            private mutating func mismatch(_ value: PropertyValue, expected: String, _ field: Field, _ keyPath: String)
            {
                findings.append(
                    Finding(
                        rule: descriptor,
                        message:
                            "'\(field.key)' is \(value.summary), but \(field.title) is decoded from \(expected): the device cannot decode it",
                        file: file, keyPath: keyPath, notes: [field.declaredAt]))
            }
        }
    }
}
