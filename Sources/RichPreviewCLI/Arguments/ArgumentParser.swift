/// Parses a subcommand's arguments with the habits people know: `--flag value`, `--flag=value`,
/// `-f value`, `-fvalue`, bundled short flags (`-ab`), `--` to end options, and `-` as a positional
/// (standard input).
package enum ArgumentParser {
    package static func parse(_ arguments: [String], for command: CommandDeclaration) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false

        func fail(_ message: String) -> UsageError { UsageError(message, command: command.name) }

        func record(_ option: OptionDeclaration, value: String?) throws(UsageError) {
            if let value {
                if let problem = option.problem(with: value) { throw fail(problem) }
                parsed.values[option.long, default: []].append(value)
            } else {
                parsed.flags.insert(option.long)
            }
        }

        func nextValue(for name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw fail("option '\(name)' needs a value") }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: String
                var inlineValue: String?
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
                guard let option = command.option(long: name) else { throw fail("unknown option '--\(name.echoed)'") }
                if option.takesValue {
                    if let inlineValue {
                        try record(option, value: inlineValue)
                    } else {
                        try record(option, value: try nextValue(for: "--\(name)"))
                    }
                } else {
                    if inlineValue != nil { throw fail("option '--\(name)' takes no value") }
                    try record(option, value: nil)
                }
            } else {
                var characters = Substring(argument.dropFirst())
                while let short = characters.first {
                    characters = characters.dropFirst()
                    guard let option = command.option(short: short) else { throw fail("unknown option '-\(short)'") }
                    if option.takesValue {
                        if characters.isEmpty {
                            try record(option, value: try nextValue(for: "-\(short)"))
                        } else {
                            try record(option, value: String(characters))
                        }
                        break
                    }
                    try record(option, value: nil)
                }
            }
            index += 1
        }

        if parsed[CommonOptions.help] { return parsed }
        for option in command.options where option.required && parsed.values[option.long] == nil {
            throw fail("missing \(option.spelled)")
        }
        try checkPositionals(parsed.positionals, for: command)
        return parsed
    }

    private static func checkPositionals(_ positionals: [String], for command: CommandDeclaration) throws(UsageError) {
        var remaining = positionals.count
        for (position, declaration) in command.positionals.enumerated() {
            let later = command.positionals[(position + 1)...].filter { !$0.optional }.count
            if remaining - later < 1 {
                if !declaration.optional { throw UsageError("missing \(declaration.name)", command: command.name) }
                continue
            }
            remaining -= declaration.repeated ? remaining - later : 1
        }
        if remaining > 0 {
            let extra = positionals[positionals.count - remaining]
            throw UsageError("unexpected argument '\(extra.echoed)'", command: command.name)
        }
    }
}
