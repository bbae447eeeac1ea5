/// A declared name and what it holds.
struct Symbol: Sendable {
    var name: String
    /// The enclosing types for a member (`[Outer, Inner]`); empty for a global or a local.
    var qualifier: [String]
    /// For a local: the token range of its scope (`{` to `}`); nil for members and globals.
    var localScope: Range<Int32>?
    /// The declaration's token; assignments to a declared name share the declaration's, so branches
    /// assigning the same variable are alternatives.
    var order: Int32
    var value: Value
    /// Where the name is written, without the file (the symbol's file knows it): `SymbolTable`
    /// gives the whole location.
    var line: Int32
    var column: Int32

    init(
        name: String, qualifier: [String], localScope: Range<Int32>?, order: Int32, value: Value,
        location: CodeLocation
    ) {
        self.name = name
        self.qualifier = qualifier
        self.localScope = localScope
        self.order = order
        self.value = value
        line = Int32(truncatingIfNeeded: location.line)
        column = Int32(truncatingIfNeeded: location.column)
    }

    /// What a symbol holds.
    enum Value: Sendable {
        /// A string: a literal, or a reason it is not one (an interpolation).
        case string(SymbolicString)
        /// Another name: `let id = Other.name`, `#define A B`, `let cat = otherCategory`.
        case alias(SymbolReference)
        /// A case of a `String` enum, with its raw value.
        case enumCase(rawValue: String)
        /// A `var`: not a constant.
        case variable
        /// Declared with no value here (`let x: T`, `extern NSString *const X;`); the reason in words.
        case declaredOnly(String)
        /// A value the scanner does not follow; the reason in words ("function call makeID()").
        case other(String)
        case options(SymbolicOptions)
        case object(ObjectID)
        case collection([SymbolicElement])
        /// A `UNNotificationActionIcon`; `name` is nil when the call gives none.
        case actionIcon(kind: ActionIcon.Kind, name: SymbolicString?)
    }
}

/// A symbol: its file and its index in that file's list.
struct SymbolID: Sendable, Hashable {
    var file: Int32
    var index: Int32
}
