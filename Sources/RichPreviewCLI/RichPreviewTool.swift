import RichPreview

/// The `richpreview` command line: dispatches to subcommands, prints help, usage errors and the version.
package enum RichPreviewTool {
    package static let name = "richpreview"
    static let abstract = "preview, check and answer iOS rich notifications off-device"

    static let commands: [any Command.Type] = [
        InspectCommand.self,
        ScaleCommand.self,
        RespondCommand.self,
        PayloadCommand.self,
        DeliverCommand.self,
        RenderCommand.self,
        LintCommand.self,
        ReviewCommand.self,
        ServeCommand.self,
    ]

    /// Every subcommand's name, in the order help lists them.
    package static var commandNames: [String] { commands.map { $0.name } }

    /// The process's entry point: installs the handlers that remove half-written outputs on
    /// SIGINT, SIGTERM and SIGHUP (and turn a file-size limit into a reported error), then runs the
    /// command line with the process's own streams.
    package static func main(_ arguments: [String]) -> ExitStatus {
        TemporaryFiles.removeOnInterrupt()
        return run(arguments, console: .standard())
    }

    /// Runs one command line (without the program name) and returns its exit status.
    package static func run(_ arguments: [String], console: Console) -> ExitStatus {
        var declarations: [CommandDeclaration] { commands.map { $0.declaration } }
        guard let first = arguments.first else {
            console.err(HelpFormatter.toolHelp(declarations, tool: name, abstract: abstract))
            return .usage
        }
        switch first {
        case "--help", "-h":
            console.out(HelpFormatter.toolHelp(declarations, tool: name, abstract: abstract))
            return .success
        case "--version":
            console.out("\(name) \(RichPreviewVersion.current)\n")
            return .success
        case "help":
            // `help` alone, and `help help`, print the tool's help: it lists the commands.
            guard arguments.count > 1, arguments[1] != "help" else {
                console.out(HelpFormatter.toolHelp(declarations, tool: name, abstract: abstract))
                return .success
            }
            guard let command = command(named: arguments[1]) else {
                return reportUsage(UsageError("unknown command '\(arguments[1])'"), console: console)
            }
            console.out(HelpFormatter.help(command.declaration, tool: name))
            return .success
        default:
            break
        }
        guard let command = command(named: first) else {
            let message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            return reportUsage(UsageError(message), console: console)
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.declaration)
            if parsed[CommonOptions.help] {
                console.out(HelpFormatter.help(command.declaration, tool: name))
                return .success
            }
            return try command.run(parsed, console: console)
        } catch {
            var error = error
            error.command = error.command ?? command.name
            return reportUsage(error, console: console)
        }
    }

    /// The command the word `name` selects; nil for a word that selects none.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// Prints a usage error: one line naming the problem, then the usage line; exit 2.
    static func reportUsage(_ error: UsageError, console: Console) -> ExitStatus {
        let usage: String
        if let name = error.command, let command = command(named: name) {
            usage = HelpFormatter.usage(command.declaration, tool: self.name)
        } else {
            usage = "usage: \(self.name) COMMAND [OPTIONS] [ARGUMENTS] (see '\(self.name) --help')"
        }
        console.err(
            "\(self.name): \(console.styled("error:", .red)) \(TerminalText.escaped(error.message))\n\(usage)\n")
        return .usage
    }
}
