import Testing

@testable import RichPreviewCLI

struct ArgumentParserTests {
    @Test func eachCommandIsDispatchedByTheNameItsHelpShows() {
        let names = RichPreviewTool.commands.map { $0.name }
        #expect(names == RichPreviewTool.commands.map { $0.declaration.name })
        #expect(Set(names).count == names.count)
        for name in names { #expect(RichPreviewTool.command(named: name)?.declaration.name == name) }
        #expect(RichPreviewTool.command(named: "Scale") == nil)
    }

    static let command = CommandDeclaration(
        name: "demo", abstract: "A command for the parser's tests.",
        options: [
            OptionDeclaration("json", help: "JSON output."),
            OptionDeclaration("verbose", short: "v", help: "More output."),
            OptionDeclaration("output", short: "o", arity: .value(placeholder: "PATH"), help: "Output file."),
            OptionDeclaration("extensions", arity: .repeatedValue(placeholder: "PATH"), help: "Extension plists."),
        ],
        positionals: [PositionalDeclaration("FILE", help: "Inputs.", repeated: true)])

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: Self.command)
    }

    @Test func longOptionsTakeSeparateOrAttachedValues() throws {
        #expect(try parse(["--output", "a.png", "in"]).value("output") == "a.png")
        #expect(try parse(["--output=b.png", "in"]).value("output") == "b.png")
        #expect(try parse(["--output=", "in"]).value("output") == "")
    }

    @Test func shortOptionsTakeSeparateOrAttachedValuesAndBundle() throws {
        #expect(try parse(["-o", "a.png", "in"]).value("output") == "a.png")
        #expect(try parse(["-oa.png", "in"]).value("output") == "a.png")
        let bundled = try parse(["-hv"])
        #expect(bundled.flag("help") && bundled.flag("verbose"))
        #expect(try parse(["-vo", "x", "in"]).value("output") == "x")
    }

    @Test func repeatedOptionsCollectInOrderAndSingleValuesKeepTheLast() throws {
        let parsed = try parse(["--extensions", "a", "in", "--extensions=b", "-o", "1", "-o", "2"])
        #expect(parsed.values("extensions") == ["a", "b"])
        #expect(parsed.value("output") == "2")
        #expect(parsed.positionals == ["in"])
    }

    @Test func doubleDashEndsOptionsAndDashIsStandardInput() throws {
        let parsed = try parse(["--json", "--", "--not-an-option", "-"])
        #expect(parsed.flag("json"))
        #expect(parsed.positionals == ["--not-an-option", "-"])
        #expect(try parse(["-"]).positionals == ["-"])
    }

    @Test func helpNeedsNoPositionals() throws {
        #expect(try parse(["--help"]).flag("help"))
    }

    @Test(arguments: [
        (["--nope", "in"], "unknown option '--nope'"),
        (["-x", "in"], "unknown option '-x'"),
        (["in", "--output"], "option '--output' needs a value"),
        (["in", "-o"], "option '-o' needs a value"),
        (["--json=yes", "in"], "option '--json' takes no value"),
        (["--json"], "missing FILE"),
    ])
    func badCommandLinesNameTheProblem(arguments: [String], message: String) {
        #expect(throws: UsageError(message, command: "demo")) { try parse(arguments) }
    }

    @Test func positionalCountsAreChecked() throws {
        let single = CommandDeclaration(
            name: "one", abstract: "", positionals: [PositionalDeclaration("INPUT", help: "")])
        #expect(throws: UsageError("unexpected argument 'b'", command: "one")) {
            try ArgumentParser.parse(["a", "b"], for: single)
        }
        let optional = CommandDeclaration(
            name: "opt", abstract: "",
            positionals: [PositionalDeclaration("FILE", help: "", repeated: true, optional: true)])
        #expect(try ArgumentParser.parse([], for: optional).positionals.isEmpty)
    }

    @Test func helpIsGeneratedFromTheDeclaration() {
        let usage = HelpFormatter.usage(Self.command, tool: "richpreview")
        #expect(usage == "usage: richpreview demo [--json] [--verbose] [--output PATH] [--extensions PATH]... FILE...")
        let help = HelpFormatter.help(Self.command, tool: "richpreview")
        #expect(help.contains("-o, --output PATH"))
        #expect(help.contains("-h, --help"))
        #expect(help.contains("A command for the parser's tests."))
    }
}
