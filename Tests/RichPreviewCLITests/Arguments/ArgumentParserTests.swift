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

    static let json = Option.flag("json", help: "JSON output.")
    static let verbose = Option.flag("verbose", short: "v", help: "More output.")
    static let output = Option.value("output", short: "o", placeholder: "PATH", help: "Output file.")
    static let extensions = Option.repeated("extensions", placeholder: "PATH", help: "Extension plists.")
    static let command = CommandDeclaration(
        name: "demo", abstract: "A command for the parser's tests.",
        options: [json, verbose, output, extensions],
        positionals: [PositionalDeclaration("FILE", help: "Inputs.", repeated: true)])

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: Self.command)
    }

    @Test func longOptionsTakeSeparateOrAttachedValues() throws {
        #expect(try parse(["--output", "a.png", "in"])[Self.output] == "a.png")
        #expect(try parse(["--output=b.png", "in"])[Self.output] == "b.png")
        #expect(try parse(["--output=", "in"])[Self.output] == "")
    }

    @Test func shortOptionsTakeSeparateOrAttachedValuesAndBundle() throws {
        #expect(try parse(["-o", "a.png", "in"])[Self.output] == "a.png")
        #expect(try parse(["-oa.png", "in"])[Self.output] == "a.png")
        let bundled = try parse(["-hv"])
        #expect(bundled[CommonOptions.help] && bundled[Self.verbose])
        #expect(try parse(["-vo", "x", "in"])[Self.output] == "x")
    }

    @Test func repeatedOptionsCollectInOrderAndSingleValuesKeepTheLast() throws {
        let parsed = try parse(["--extensions", "a", "in", "--extensions=b", "-o", "1", "-o", "2"])
        #expect(parsed[Self.extensions] == ["a", "b"])
        #expect(parsed[Self.output] == "2")
        #expect(parsed.positionals == ["in"])
    }

    @Test func doubleDashEndsOptionsAndDashIsStandardInput() throws {
        let parsed = try parse(["--json", "--", "--not-an-option", "-"])
        #expect(parsed[Self.json])
        #expect(parsed.positionals == ["--not-an-option", "-"])
        #expect(try parse(["-"]).positionals == ["-"])
    }

    @Test func helpNeedsNoPositionals() throws {
        #expect(try parse(["--help"])[CommonOptions.help])
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

    static let typed = CommandDeclaration(
        name: "typed", abstract: "Options with declared values.",
        options: [
            OptionDeclaration("box", arity: .value(placeholder: "WxH"), required: true, help: "The box."),
            .oneOf("mode", ["fit", "fill"], help: "The mode."),
            OptionDeclaration(
                "quality", arity: .value(placeholder: "Q"), values: .wholeNumber(1...100), help: "The quality."),
            OptionDeclaration(
                "limit", arity: .value(placeholder: "N"), values: .wholeNumber(1...Int.max), help: "A limit."),
        ])

    /// The message of the usage error `arguments` make, or nil when they parse.
    func problem(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments, for: Self.typed)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesAreCheckedAgainstTheirDeclaration() throws {
        #expect(problem(["--box", "1x1", "--mode", "fill", "--quality", "100", "--limit", "7"]) == nil)
        #expect(problem(["--box", "1x1", "--mode", "crop"]) == "--mode must be fit or fill, not 'crop'")
        #expect(problem(["--box", "1x1", "--quality", "0"]) == "--quality needs a whole number from 1 to 100, not '0'")
        #expect(problem(["--box", "1x1", "--quality", "x"]) == "--quality needs a whole number from 1 to 100, not 'x'")
        #expect(problem(["--box", "1x1", "--limit", "-3"]) == "--limit needs a positive whole number, not '-3'")
        #expect(problem(["--mode", "fit"]) == "missing --box WxH")
        // Help is asked for without the required options.
        #expect(problem(["--help"]) == nil)
    }

    @Test func anEmptyPathIsRefusedAndALongValueIsEchoedCut() throws {
        let paths = CommandDeclaration(
            name: "paths", abstract: "",
            options: [
                OptionDeclaration(
                    "output", short: "o", arity: .value(placeholder: "FILE"), values: .nonEmptyText, help: "")
            ])
        #expect(throws: UsageError("--output FILE cannot be empty", command: "paths")) {
            try ArgumentParser.parse(["-o", ""], for: paths)
        }
        #expect(try ArgumentParser.parse(["-o", " "], for: paths)[Self.output] == " ")
        let long = String(repeating: "x", count: 100_000)
        let unknown = String(repeating: "x", count: 79) + "…"
        #expect(problem(["--box", "1x1", "--mode", long]) == "--mode must be fit or fill, not '\(unknown)'")
        #expect(throws: UsageError("unknown option '--\(unknown)'", command: "demo")) { try parse(["--" + long]) }
    }

    @Test func usageAndHelpAreWrittenFromTheDeclaration() {
        let usage = HelpFormatter.usage(Self.typed, tool: "tool")
        #expect(usage == "usage: tool typed --box WxH [--mode fit|fill] [--quality Q] [--limit N]")
        #expect(HelpFormatter.help(Self.typed, tool: "tool").contains("--mode fit|fill"))
        // The real commands: --scale takes 1, 2 or 3 and says so; --fit and --category are required.
        let render = try? #require(RichPreviewTool.command(named: "render")?.declaration)
        #expect(render.map { HelpFormatter.usage($0, tool: "t").contains("[--scale 1|2|3]") } == true)
        let scale = RichPreviewTool.command(named: "scale")?.declaration
        // Required and repeatable (one box per -o): no brackets, and the "..." of a repeated value.
        #expect(scale.map { HelpFormatter.usage($0, tool: "t").contains(" --fit WxH... ") } == true)
        let respond = RichPreviewTool.command(named: "respond")?.declaration
        #expect(
            respond.map { HelpFormatter.usage($0, tool: "t").hasPrefix("usage: t respond --category ID --action ID") }
                == true)
    }
}
