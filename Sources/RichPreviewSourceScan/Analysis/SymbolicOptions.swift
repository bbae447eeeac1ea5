/// An option set before cross-file resolution.
enum SymbolicOptions: Sendable {
    case names(Set<String>)
    case reference(SymbolReference)
    case unresolved(expression: String, reason: String)
}
