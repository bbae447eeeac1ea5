/// A subcommand: its declaration, and a run that maps the library's result to output and an exit status.
protocol Command: Sendable {
    static var declaration: CommandDeclaration { get }
    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus
}
