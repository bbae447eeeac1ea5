import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewSystem
import Synchronization

/// `richpreview lint [PATH]...`: checks that a project's plists, categories, code, payloads and
/// attachments agree, with findings editors and CI understand.
enum LintCommand: Command {
    static let name = "lint"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Check that a project's extension plists, categories, code, payloads and attachments agree.",
        discussion: """
            Walks the paths (default: the current folder) and reads, by content, extension and app
            Info.plists, category manifests, Swift and Objective-C sources and payloads (.apns, and
            .json files with an 'aps' key), skipping .git, build folders, Pods, Carthage, .build,
            DerivedData, node_modules and .dart_tool. A Flutter, React Native, Expo or Capacitor
            app's iOS project under ios/ is checked against the push SDKs it depends on, and the
            summary says what kind of app was seen. A broken file is a finding about that file; the
            rest is still linted.
            A .richpreview.json in the first folder linted can set disable, enableOnly,
            warningsAsErrors, severity, exclude, xcconfig, variables, attachments and attachmentKeys.
            Exit 0 without errors, 1 with errors (or warnings with --warnings-as-errors, or a path or
            --xcconfig file that cannot be read), 2 for usage errors.
            """,
        options: [
            format, disable, enableOnly, warningsAsErrors, severity, CommonOptions.exclude, xcconfig, define,
            CommonOptions.attachmentsFolder, attachmentKey, CommonOptions.extensionMemory, baselineRef, listRules,
        ],
        positionals: [
            PositionalDeclaration(
                "PATH", help: "Files and folders to lint (default: .).", repeated: true, optional: true)
        ]
    )

    static let format = Option.oneOf(
        "format", FindingReporter.allCases.map(\.rawValue) + ["markdown"],
        help: "How findings are printed (default text, on standard error; the others on standard output).")
    static let disable = Option.repeated("disable", placeholder: "RULE", help: "Do not run this rule (repeatable).")
    static let enableOnly = Option.repeated(
        "enable-only", placeholder: "RULE", help: "Run only this rule (repeatable).")
    static let warningsAsErrors = Option.flag("warnings-as-errors", help: "Fail (exit 1) on warnings too.")
    static let severity = Option.repeated(
        "severity", placeholder: "RULE[/CAUSE]=LEVEL",
        help:
            "Give a rule's findings, or one cause's, this severity: error, warning, note or off (repeatable; --list-rules shows the causes)."
    )
    static let xcconfig = Option.repeated(
        "xcconfig", placeholder: "FILE",
        help: "Build settings for $(VAR) in Info.plists, from an .xcconfig file (repeatable).")
    static let define = Option.repeated(
        "define", short: "D", placeholder: "NAME=VALUE",
        help: "A build setting for $(NAME) in Info.plists (repeatable; wins over --xcconfig).")
    static let attachmentKey = Option.repeated(
        "attachment-key", placeholder: "KEYPATH",
        help: "Also look for attachment URLs under this payload key path (repeatable).")
    static let baselineRef = Option.value(
        "baseline-ref", placeholder: "GIT_REF", values: .nonEmptyText,
        help:
            "Compare with the same paths at this git commit, for what is already shipped: a field a Live Activity's ContentState now requires (read from git's objects; nothing of the repository runs)."
    )
    static let listRules = Option.flag(
        "list-rules", help: "Print every rule with its severity and description (--format json or markdown) and exit.")

    /// The last lint's model, held until the process exits (a later lint in the same process
    /// replaces it).
    private static let keptModel = Mutex<LintModel?>(nil)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        if arguments[Self.listRules] { return listRules(format: arguments[Self.format], console: console) }
        let format = try reporter(arguments[Self.format])
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        var configuration = try configuration(arguments)
        // An --xcconfig file that cannot be read is invalid input (exit 1), not a usage error.
        for file in arguments[Self.xcconfig] {
            do {
                configuration.variables.values.merge(try XcconfigReader.read(file)) { _, new in new }
            } catch {
                console.report(.error, file: error.file, error.reason)
                return .failure
            }
        }
        for (name, value) in try definitions(arguments) { configuration.variables.values[name] = value }
        var linter = Linter(configuration: configuration, imageProbe: ImageValidator.attachmentProbe())
        var baselineFolder: URL?
        defer { if let baselineFolder { try? FileManager.default.removeItem(at: baselineFolder) } }
        if let reference = arguments[Self.baselineRef] {
            do throws(ReviewFailure) {
                let scratch: URL
                do {
                    scratch = try PrivateTree.makeTemporaryFolder(prefix: "richpreview-baseline-")
                } catch {
                    throw .baseline(file: nil, reason: "no private temporary folder for the baseline: \(error)")
                }
                baselineFolder = scratch
                let mapped = try CommitBaselineTree(reference: reference, console: console).write(paths, into: scratch)
                linter.baseline = LintBaseline(paths: mapped, name: reference.echoed)
            } catch {
                console.report(.error, file: error.file, "--baseline-ref: \(error.description)")
                return .failure
            }
        }
        let (result, model) = linter.lintKeepingModel(paths) { count in
            if console.errorIsTerminal, count > 500 { console.err("richpreview lint: reading \(count) files…\r") }
        }
        // The process exits soon after: the model is left for the exit to drop, not freed piece by piece.
        keptModel.withLock { $0 = model }
        if let error = result.configurationError {
            console.report(.error, file: error.file, error.reason)
            return .failure
        }
        if console.errorIsTerminal, result.filesWalked > 500 { console.err(String(repeating: " ", count: 60) + "\r") }
        if format == .text {
            console.report(result.findings)
        } else {
            console.out(format.document(result.findings))
        }
        for note in result.notes { console.err("richpreview lint: note: \(note)\n") }
        console.err("richpreview lint: \(summary(result))\n")
        return result.failed || !result.unreadablePaths.isEmpty ? .failure : .success
    }

    /// `2 errors, 3 warnings, 1 note in 45 files (12 ms)`, then the cross-platform apps seen
    /// (`; Flutter app (pubspec.yaml), iOS project ios/Runner.xcodeproj`).
    static func summary(_ result: LintResult) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let counts = [
            count(result.count(.error), "error"), count(result.count(.warning), "warning"),
            count(result.count(.note), "note"),
        ]
        return counts.joined(separator: ", ") + " in " + count(result.filesWalked, "file")
            + " (\(Int(result.milliseconds.rounded())) ms)" + result.apps.map { "; " + $0.summary }.joined()
    }

    static func reporter(_ text: String?) throws(UsageError) -> FindingReporter {
        guard let text else { return .text }
        guard let format = FindingReporter(rawValue: text) else {
            throw UsageError("--format \(text) goes with --list-rules; findings are text, json, sarif or github")
        }
        return format
    }

    static func configuration(_ arguments: ParsedArguments) throws(UsageError) -> LintConfiguration {
        var configuration = LintConfiguration(
            warningsAsErrors: arguments[Self.warningsAsErrors],
            excludes: arguments[CommonOptions.exclude].map(GlobPattern.init),
            attachmentsRoot: arguments[CommonOptions.attachmentsFolder], attachmentKeys: arguments[Self.attachmentKey],
            attachmentLimits: arguments.attachmentLimits())
        for (option, ids) in [
            ("disable", arguments[Self.disable]), ("enable-only", arguments[Self.enableOnly]),
        ] {
            for id in ids where Rules.descriptor(id: id) == nil {
                let hint =
                    Suggester.suggestion(for: id, among: Rules.all.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("--\(option): no rule '\(id)'\(hint) (see --list-rules)")
            }
        }
        for given in arguments[Self.severity] {
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw UsageError("--severity needs RULE=LEVEL or RULE/CAUSE=LEVEL, not '\(given)'")
            }
            do {
                let (key, severity) = try LintConfiguration.severity(
                    of: String(given[..<equals]), String(given[given.index(after: equals)...]))
                configuration.severities[key] = .some(severity)
            } catch {
                throw UsageError("--severity: \(error.reason)")
            }
        }
        configuration.disabled = Set(arguments[Self.disable])
        configuration.enabledOnly = Set(arguments[Self.enableOnly])
        // -D is checked here, so that a usage error is said before any file is read.
        _ = try definitions(arguments)
        return configuration
    }

    /// The `-D NAME=VALUE` settings, in order; they win over `--xcconfig` files.
    static func definitions(_ arguments: ParsedArguments) throws(UsageError) -> [(String, String)] {
        var definitions: [(String, String)] = []
        for definition in arguments[Self.define] {
            guard let equals = definition.firstIndex(of: "="), equals != definition.startIndex else {
                throw UsageError("-D needs NAME=VALUE, not '\(definition)'")
            }
            definitions.append((String(definition[..<equals]), String(definition[definition.index(after: equals)...])))
        }
        return definitions
    }

    static func listRules(format: String?, console: Console) -> ExitStatus {
        switch format {
        case "json"?:
            console.out(JSONOutput.encode(Rules.all))
        case "markdown"?:
            console.out(ruleTable())
        case nil, "text"?:
            let width =
                Rules.all.flatMap { rule in [rule.id.count] + rule.causes.map { rule.id.count + $0.id.count + 3 } }
                .max() ?? 0
            func line(_ id: String, _ severity: Severity, _ summary: String) {
                let padding = String(repeating: " ", count: max(2, width - id.count + 2))
                console.out(
                    "\(id)\(padding)\(severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))\(summary)\n")
            }
            for rule in Rules.all {
                line(rule.id, rule.severity, rule.summary)
                for cause in rule.causes { line("  \(rule.id)/\(cause.id)", cause.severity, cause.summary) }
            }
        default:
            console.report(.error, file: nil, "--list-rules prints text, json or markdown, not '\(format ?? "")'")
            return .usage
        }
        return .success
    }

    /// The README's table of rules.
    static func ruleTable() -> String {
        var lines = ["| rule | severity | area | what it finds |", "|---|---|---|---|"]
        for rule in Rules.all {
            lines.append("| `\(rule.id)` | \(rule.severity.rawValue) | \(rule.area.rawValue) | \(rule.summary) |")
            for cause in rule.causes {
                lines.append(
                    "| ↳ `\(rule.id)/\(cause.id)` | \(cause.severity.rawValue) | \(rule.area.rawValue) | \(cause.summary) |"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
