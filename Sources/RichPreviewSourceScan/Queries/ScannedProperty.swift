/// A stored property of a `ScannedType`: `var eta: Date`, `let orderID: String`,
/// `static let shared = Store()`.
public struct ScannedProperty: Sendable, Hashable {
    /// The property's name.
    public var name: String
    /// The type annotation as written (`Date`, `[String]?`); nil when the type is inferred.
    public var type: String?
    /// The annotation is optional (`T?`, `T!`, `Optional<T>`).
    public var isOptional: Bool
    /// Declared with `let`.
    public var isConstant: Bool
    /// Declared `static` or `class`: the type's, not each value's.
    public var isStatic: Bool
    /// The initial value as written; nil when there is none.
    public var initialValue: String?
    /// Where the name is written.
    public var location: CodeLocation

    /// A property from its parts.
    public init(
        name: String, type: String?, isOptional: Bool, isConstant: Bool, isStatic: Bool = false,
        initialValue: String? = nil, location: CodeLocation
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isConstant = isConstant
        self.isStatic = isStatic
        self.initialValue = initialValue
        self.location = location
    }
}
