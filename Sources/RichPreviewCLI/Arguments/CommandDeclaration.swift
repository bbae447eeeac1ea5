/// What a subcommand accepts: the single source for parsing, usage lines and help.
package struct CommandDeclaration: Sendable {
    package var name: String
    package var abstract: String
    package var discussion: String?
    package var options: [OptionDeclaration]
    package var positionals: [PositionalDeclaration]

    package init(
        name: String, abstract: String, discussion: String? = nil,
        options: [OptionDeclaration] = [], positionals: [PositionalDeclaration] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options + [.help]
        self.positionals = positionals
    }

    func option(long: String) -> OptionDeclaration? { options.first { $0.long == long } }
    func option(short: Character) -> OptionDeclaration? { options.first { $0.short == short } }
}

/// One `--long` (and optional `-s`) option of a command.
package struct OptionDeclaration: Sendable {
    /// Whether the option is a switch or takes a value, and whether it may repeat.
    package enum Arity: Sendable, Equatable {
        case flag
        case value(placeholder: String)
        case repeatedValue(placeholder: String)
    }

    package var long: String
    package var short: Character?
    package var arity: Arity
    package var help: String

    package init(_ long: String, short: Character? = nil, arity: Arity = .flag, help: String) {
        self.long = long
        self.short = short
        self.arity = arity
        self.help = help
    }

    var takesValue: Bool { arity != .flag }

    var placeholder: String? {
        switch arity {
        case .flag: nil
        case .value(let placeholder), .repeatedValue(let placeholder): placeholder
        }
    }

    static let help = OptionDeclaration("help", short: "h", help: "Show help for this command.")
}

/// A positional argument; `repeated` takes one or more, `optional` allows none.
package struct PositionalDeclaration: Sendable {
    package var name: String
    package var help: String
    package var repeated: Bool
    package var optional: Bool

    package init(_ name: String, help: String, repeated: Bool = false, optional: Bool = false) {
        self.name = name
        self.help = help
        self.repeated = repeated
        self.optional = optional
    }
}
