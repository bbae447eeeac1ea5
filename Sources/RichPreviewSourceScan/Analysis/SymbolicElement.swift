/// One element of an array or set of actions or categories.
enum SymbolicElement: Sendable {
    /// A constructor call written in place.
    case object(ObjectID)
    case reference(SymbolReference)
    /// Something that is neither (a function call, a message send).
    case opaque(expression: String, reason: String)
}
