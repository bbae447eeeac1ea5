/// A string value before cross-file resolution.
enum SymbolicString: Sendable {
    case literal(String)
    case reference(SymbolReference)
    case unresolved(expression: String, reason: String)
}
