/// A Swift type declaration a query asked for (one conforming to a queried protocol, or declared
/// inside one), with its stored properties.
public struct ScannedType: Sendable, Hashable {
    /// How the type is declared.
    public enum Kind: String, Sendable, Hashable {
        /// `struct`.
        case `struct`
        /// `class`.
        case `class`
        /// `enum`.
        case `enum`
        /// `actor`.
        case actor
        /// `extension`.
        case `extension`
        /// `protocol`.
        case `protocol`
    }

    /// The name with the types around it (`DeliveryAttributes.ContentState`).
    public var name: String
    /// How it is declared.
    public var kind: Kind
    /// The inheritance clause's entries as written (`ActivityAttributes`, `Codable`), in order.
    public var inheritance: [String]
    /// The stored properties declared in its body, in order (computed ones are left out).
    public var properties: [ScannedProperty]
    /// An enum's cases, in order (empty for other kinds).
    public var cases: [ScannedEnumCase]
    /// The body declares `init(from:)`: the type decodes itself, not by its stored properties.
    public var hasCustomDecoder: Bool
    /// Where the declaring keyword is written.
    public var location: CodeLocation

    /// A type from its parts.
    public init(
        name: String, kind: Kind, inheritance: [String] = [], properties: [ScannedProperty] = [],
        cases: [ScannedEnumCase] = [], hasCustomDecoder: Bool = false, location: CodeLocation
    ) {
        self.name = name
        self.kind = kind
        self.inheritance = inheritance
        self.properties = properties
        self.cases = cases
        self.hasCustomDecoder = hasCustomDecoder
        self.location = location
    }

    /// Whether the inheritance clause names `name` (`ActivityAttributes`, or
    /// `ActivityKit.ActivityAttributes`).
    public func inherits(_ name: String) -> Bool {
        inheritance.contains { $0 == name || $0.hasSuffix("." + name) }
    }
}
