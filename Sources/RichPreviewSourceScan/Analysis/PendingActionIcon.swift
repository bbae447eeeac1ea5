/// An action's `icon:` argument before cross-file resolution.
enum PendingActionIcon: Sendable {
    /// `UNNotificationActionIcon(systemImageName:)` and its kin, written in place; `name` is nil
    /// when the call has no name argument.
    case constructed(kind: ActionIcon.Kind, name: SymbolicString?)
    /// A name holding the icon: `let done = UNNotificationActionIcon(…)`, then `icon: done`.
    case reference(SymbolReference)
    /// Something the scanner does not read (a function's result); the expression and why.
    case unresolved(expression: String, reason: String)
}
