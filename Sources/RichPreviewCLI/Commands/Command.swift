/// A subcommand: its declaration, and a run that maps the library's result to output and an exit status.
/// A `UsageError` thrown from `run` is reported with the command's usage line and exit status 2.
protocol Command: Sendable {
    /// The word that selects the command (`scale`); the dispatcher matches it without building the
    /// declaration, whose defaults may cost system calls (the core count).
    static var name: String { get }
    static var declaration: CommandDeclaration { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus
}
