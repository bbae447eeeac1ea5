/// A property of an iOS 8 action or category set after it was created.
struct LegacyEvent: Sendable {
    var target: SymbolReference
    var change: Change
    var location: CodeLocation

    /// Which property, and its value as read.
    enum Change: Sendable {
        case identifier(SymbolicString?)
        case title(SymbolicString?)
        /// `foreground`/`background`, or nil with the expression when not understood.
        case activationMode(String?, expression: String)
        case destructive(Bool?, expression: String)
        case authenticationRequired(Bool?, expression: String)
        case textInput(Bool?, expression: String)
        case buttonTitle(SymbolicString?)
        case actions([SymbolicElement], context: ActionContext?, expression: String)
    }
}
