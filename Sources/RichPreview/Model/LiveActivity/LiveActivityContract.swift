/// What a Live Activity payload must match in the app's Swift: its `ActivityAttributes` types,
/// their nested `ContentState`, and the fields `JSONDecoder` fills from the payload.
enum LiveActivityContract {
    /// The app's types conforming to `ActivityAttributes`, in file order.
    static func attributeTypes(in sources: SourceScan) -> [ScannedType] {
        sources.types(conformingTo: "ActivityAttributes").filter { $0.inherits("ActivityAttributes") }
    }

    /// The name `attributes-type` must give: the type's own, without the types around it.
    static func typeName(_ type: ScannedType) -> String {
        type.name.split(separator: ".").last.map(String.init) ?? type.name
    }

    /// The `ContentState` declared inside `type`.
    static func contentState(of type: ScannedType, in sources: SourceScan) -> ScannedType? {
        sources.types.first { $0.name == type.name + ".ContentState" }
    }

    /// Whether `type` declares its own `CodingKeys`, so its keys are not its fields' names.
    static func hasCodingKeys(_ type: ScannedType, in sources: SourceScan) -> Bool {
        sources.types.contains { $0.name == type.name + ".CodingKeys" }
    }

    /// The stored fields the synthesized decoder fills: not static ones, nor constants given
    /// a value where they are declared.
    static func decodedFields(of type: ScannedType) -> [ScannedProperty] {
        type.properties.filter { !$0.isStatic && !($0.isConstant && $0.initialValue != nil) }
    }

    /// The JSON a field of Swift type `type` decodes from with `JSONDecoder`'s default strategies;
    /// nil for a type lint does not check (a nested struct, an enum, a dictionary).
    static func expectedJSON(_ type: String?) -> ExpectedJSON? {
        guard var type = type?.trimmingCharacters(in: .whitespaces) else { return nil }
        if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") { return .array }
        switch type {
        case "String", "URL", "UUID": return .string
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return .integer
        case "Double", "Float", "CGFloat", "TimeInterval", "Date": return .number
        case "Bool": return .boolean
        default: return nil
        }
    }

    /// The JSON kinds a field can require.
    enum ExpectedJSON: CustomStringConvertible {
        case string, integer, number, boolean, array

        /// Whether `value` decodes as this kind.
        func accepts(_ value: PropertyValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .real),
                (.boolean, .boolean), (.array, .array):
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
            case .number: "a JSON number (for a Date, seconds since 2001-01-01 with JSONDecoder's default strategy)"
            case .boolean: "true or false"
            case .array: "a JSON array"
            }
        }
    }
}
