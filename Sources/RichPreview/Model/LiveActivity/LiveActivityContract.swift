/// What a Live Activity payload must match in the app's Swift: its `ActivityAttributes` types,
/// their nested `ContentState`, and the fields `JSONDecoder` fills from the payload.
enum LiveActivityContract {
    /// The app's types conforming to `ActivityAttributes`, in file order.
    static func attributeTypes(in sources: SourceScan) -> [ScannedType] {
        sources.types(conformingTo: "ActivityAttributes").filter { $0.inherits("ActivityAttributes") }
    }

    /// `attributeTypes(in:)` with one declaration a name: the app and its widget extension often
    /// each compile a copy of the same file, which is one type to the payloads.
    static func distinctAttributeTypes(in sources: SourceScan) -> [ScannedType] {
        var seen: Set<String> = []
        return attributeTypes(in: sources).filter { seen.insert($0.name).inserted }
    }

    /// Whether every declaration named as `type` is, and so is every declaration of its
    /// `ContentState`, the same fields: copies of one file. When they differ nothing says which
    /// copy decodes a payload, so it is not checked against either.
    static func copiesAgree(_ type: ScannedType, in sources: SourceScan) -> Bool {
        func shapes(_ name: String) -> Set<[String]> {
            Set(
                sources.types.filter { $0.name == name }.map { declaration in
                    declaration.properties.map {
                        "\($0.name): \($0.type ?? "") \($0.isOptional) \($0.isConstant) \($0.isStatic) \($0.initialValue ?? "")"
                    }
                })
        }
        return shapes(type.name).count <= 1 && shapes(type.name + ".ContentState").count <= 1
    }

    /// The name `attributes-type` must give: the type's own, without the types around it.
    static func typeName(_ type: ScannedType) -> String {
        type.name.split(separator: ".").last.map(String.init) ?? type.name
    }

    /// The `ContentState` declared inside `type`.
    static func contentState(of type: ScannedType, in sources: SourceScan) -> ScannedType? {
        sources.types.first { $0.name == type.name + ".ContentState" }
    }

    /// The fields `JSONDecoder` fills and the payload key each is read from: the raw value of its
    /// `CodingKeys` case where the type declares `CodingKeys` (a field with no case is not decoded),
    /// otherwise its name. Not static fields, nor constants given a value where they are declared.
    static func decodedFields(of type: ScannedType, in sources: SourceScan) -> [(key: String, field: ScannedProperty)] {
        let fields = type.properties.filter { !$0.isStatic && !($0.isConstant && $0.initialValue != nil) }
        guard let codingKeys = sources.types.first(where: { $0.name == type.name + ".CodingKeys" }) else {
            return fields.map { ($0.name, $0) }
        }
        return fields.compactMap { field in
            codingKeys.cases.first { $0.name == field.name }.map { ($0.rawValue ?? $0.name, field) }
        }
    }

    /// A field's Swift type as the decoder sees it: optional or not, the array element it
    /// repeats (`[Stop]`, `Array<Stop>`), or a dictionary (left unchecked).
    indirect enum FieldShape {
        case optional(FieldShape)
        case array(FieldShape)
        case dictionary
        case named(String)

        /// The shape of the annotation `text` (`[Stop]?`, `Optional<Date>`, `Phase`).
        init(_ text: String) {
            let text = text.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("?") || text.hasSuffix("!") {
                self = .optional(FieldShape(String(text.dropLast())))
            } else if text.hasPrefix("Optional<"), text.hasSuffix(">") {
                self = .optional(FieldShape(String(text.dropFirst(9).dropLast())))
            } else if text.hasPrefix("Array<"), text.hasSuffix(">") {
                self = .array(FieldShape(String(text.dropFirst(6).dropLast())))
            } else if text.hasPrefix("["), text.hasSuffix("]") {
                let inner = String(text.dropFirst().dropLast())
                self = inner.contains(":") ? .dictionary : .array(FieldShape(inner))
            } else if text.hasPrefix("Dictionary<") {
                self = .dictionary
            } else {
                self = .named(text)
            }
        }
    }

    /// The app's type a field names from inside `container`: nested in it or a type around it, or
    /// at the top level, as Swift resolves the name.
    static func resolve(_ name: String, from container: ScannedType, in sources: SourceScan) -> ScannedType? {
        var scope = container.name.split(separator: ".").map(String.init)
        while true {
            let candidate = (scope + [name]).joined(separator: ".")
            if let found = sources.types.first(where: { $0.name == candidate && $0.kind != .extension }) {
                return found
            }
            guard !scope.isEmpty else { return nil }
            scope.removeLast()
        }
    }

    /// The raw values an enum decodes from, as JSON, with its cases; nil for an enum without
    /// `String` or integer raw values (or with associated values).
    static func rawValues(of type: ScannedType) -> [(value: PropertyValue, enumCase: ScannedEnumCase)]? {
        guard type.kind == .enum, !type.cases.contains(where: \.hasAssociatedValues) else { return nil }
        let integers = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
        if type.inheritance.contains("String") {
            return type.cases.map { (.string($0.rawValue ?? $0.name), $0) }
        }
        guard type.inheritance.contains(where: integers.contains) else { return nil }
        var next = 0
        var values: [(value: PropertyValue, enumCase: ScannedEnumCase)] = []
        for enumCase in type.cases {
            let value = enumCase.rawValue.flatMap { Int($0) } ?? next
            values.append((.integer(value), enumCase))
            next = value + 1
        }
        return values
    }

    /// The JSON a value of the standard type `name` decodes from with `JSONDecoder`'s default
    /// strategies; nil for a type of the app's or one lint does not check. `Date` is checked apart.
    static func expectedJSON(_ name: String) -> ExpectedJSON? {
        switch name {
        case "String", "URL", "UUID", "Character": .string
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": .integer
        case "Double", "Float", "CGFloat", "TimeInterval", "Decimal": .number
        case "Bool": .boolean
        default: nil
        }
    }

    /// The JSON kinds a value can require.
    enum ExpectedJSON: CustomStringConvertible {
        case string, integer, number, boolean, array, object

        /// Whether `value` decodes as this kind.
        func accepts(_ value: PropertyValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .real),
                (.boolean, .boolean), (.array, .array), (.object, .dictionary):
                true
            case (.integer, .real(let real)): real.rounded() == real
            default: false
            }
        }

        /// What the payload should hold, for messages.
        var description: String {
            switch self {
            case .string: "a JSON string"
            case .integer: "a whole JSON number"
            case .number: "a JSON number"
            case .boolean: "true or false"
            case .array: "a JSON array"
            case .object: "a JSON object"
            }
        }
    }
}
