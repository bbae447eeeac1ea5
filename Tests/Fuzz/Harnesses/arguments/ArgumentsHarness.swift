import Foundation
import RichPreview
import RichPreviewCLI

/// libFuzzer's entry point: a selector byte, then arguments separated by NUL bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    ArgumentsHarness.run(&input)
    return 0
}

/// The command line, without running a command (which would read and write files): each command's
/// help and usage parsing through `RichPreviewTool.run` with an in-memory console, `help`, the
/// tool's own options, and `ArgumentParser.parse` against a declaration of every option kind.
/// Nothing printed may carry a control character other than a newline: arguments are untrusted.
/// A command line naming a command is only ever run with `--help` first: commands read and write
/// files, and `serve` would listen for ever.
enum ArgumentsHarness {
    static let commands = RichPreviewTool.commandNames

    /// Flags, a value, a repeated value and short forms, beside `help`, for the parser alone.
    static let exclude = Option.repeated("exclude", short: "x", placeholder: "GLOB", help: "repeated")
    static let options: [any OptionDeclaring] = [
        Option.flag("json", short: "j", help: "flag"), Option.flag("quiet", short: "q", help: "flag"),
        Option.wholeNumber("max-pixels", short: "p", placeholder: "N", range: 1...Int.max, help: "value"),
        Option.wholeNumber("max-memory", placeholder: "MIB", range: 1...Int.max, help: "value"), exclude,
    ]

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let arguments = input.parts(separatedBy: [0], limit: 64).map { String(decoding: $0, as: UTF8.self) }
        let console = Console(
            out: { checkPrintable($0) }, err: { checkPrintable($0) },
            readStandardInput: { _ throws(FileContents.ReadFailure) in Data() })
        switch selector % 4 {
        case 0:
            let command = commands[Int(selector >> 2) % commands.count]
            _ = RichPreviewTool.run([command, "--help"] + arguments, console: console)
        case 1:
            _ = RichPreviewTool.run(["help"] + arguments, console: console)
        case 2:
            guard let first = arguments.first, !commands.contains(first) else { return }
            _ = RichPreviewTool.run(arguments, console: console)
        default:
            parse(arguments, selector: selector)
        }
    }

    /// Parses against a declaration whose positionals the selector picks, then reads the values.
    static func parse(_ arguments: [String], selector: UInt8) {
        let positionals = [
            PositionalDeclaration("FILE", help: "one", repeated: selector & 0x10 != 0, optional: selector & 0x20 != 0),
            PositionalDeclaration("MORE", help: "two", repeated: selector & 0x40 != 0, optional: selector & 0x80 != 0),
        ]
        let declaration = CommandDeclaration(
            name: "fuzz", abstract: "fuzz", options: options,
            positionals: Array(positionals.prefix(Int(selector >> 2) % 3)))
        do {
            let parsed = try ArgumentParser.parse(arguments, for: declaration)
            _ = parsed.imageLimits()
            try parsed.checkStandardInputReadOnce(fileOptions: [exclude])
            _ = parsed[exclude]
        } catch {
            _ = error.message
        }
    }

    /// Stops on a control character (other than a newline) or a bidi override in printed text.
    static func checkPrintable(_ text: String) {
        Invariant.check(
            !text.unicodeScalars.contains { scalar in
                switch scalar.value {
                case 0x0A: false
                case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
                default: false
                }
            }, "printed a control character: \(text.debugDescription)")
    }
}
