/// Writes usage lines and help pages from command declarations: all user-facing help text lives here.
enum HelpFormatter {
    static func usage(_ command: CommandDeclaration, tool: String) -> String {
        var parts = ["usage: \(tool) \(command.name)"]
        for option in command.options where option.long != "help" {
            let name = option.spelled
            switch (option.arity, option.required) {
            case (.repeatedValue, true): parts.append("\(name)...")
            case (.repeatedValue, false): parts.append("[\(name)]...")
            case (_, true): parts.append(name)
            default: parts.append("[\(name)]")
            }
        }
        for positional in command.positionals {
            let name = positional.name + (positional.repeated ? "..." : "")
            parts.append(positional.optional ? "[\(name)]" : name)
        }
        return parts.joined(separator: " ")
    }

    static func help(_ command: CommandDeclaration, tool: String) -> String {
        var lines = ["\(tool) \(command.name): \(command.abstract)", "", usage(command, tool: tool)]
        if let discussion = command.discussion { lines += ["", discussion] }
        if !command.positionals.isEmpty {
            lines += ["", "Arguments:"]
            lines += rows(command.positionals.map { ($0.name + ($0.repeated ? "..." : ""), $0.help) })
        }
        lines += ["", "Options:"]
        lines += rows(
            command.options.map { option in
                let short = option.short.map { "-\($0), " } ?? "    "
                return (short + "--\(option.long)" + (option.placeholder.map { " \($0)" } ?? ""), option.help)
            })
        return lines.joined(separator: "\n") + "\n"
    }

    static func toolHelp(_ commands: [CommandDeclaration], tool: String, abstract: String) -> String {
        var lines = [
            "\(tool): \(abstract)", "",
            "usage: \(tool) COMMAND [OPTIONS] [ARGUMENTS]",
            "       \(tool) help COMMAND",
            "       \(tool) --version", "",
            "Commands:",
        ]
        lines += rows(commands.map { ($0.name, $0.abstract) })
        lines += [
            "", "Exit status: 0 fine, 1 invalid input or findings, 2 usage error.",
            "Run '\(tool) help COMMAND' or '\(tool) COMMAND --help' for a command's options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rows(_ items: [(String, String)]) -> [String] {
        let width = min(28, (items.map(\.0.count).max() ?? 0) + 2)
        return items.map { name, help in
            let padding = max(2, width - name.count)
            return "  " + name + String(repeating: " ", count: padding) + help
        }
    }
}
