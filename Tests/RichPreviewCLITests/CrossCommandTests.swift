import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// The same input gives the same rule id and severity in every command that reads it: a payload in
/// `payload`, `deliver`, `render`, `inspect --payload` and `lint`; an extension plist in `respond`,
/// `render` and `lint`; a category manifest in `respond`, `deliver`, `render` and `lint`; an
/// attachment in `inspect`, `render` and `lint`. Every id printed is one `lint --list-rules` lists,
/// with the severity it lists unless the rule's severity depends on its cause.
struct CrossCommandTests {
    /// A finding as any command prints it: enough to tell one cause from another.
    struct Printed: Hashable, CustomStringConvertible {
        var rule: String
        var severity: String
        var line: Int?
        var keyPath: String?

        var description: String { "\(rule) \(severity) line \(line.map(String.init) ?? "-") \(keyPath ?? "-")" }
    }

    /// `FILE[:LINE[:COLUMN]]: SEVERITY: [KEYPATH: ]MESSAGE [RULE]` lines about `file`, parsed.
    static func printed(_ standardError: String, about file: String) -> Set<Printed> {
        var found: Set<Printed> = []
        for line in standardError.split(separator: "\n").map(String.init) where line.hasPrefix(file) {
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { continue }
            let rule = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            var rest = line.dropFirst(file.count)
            var number: Int?
            if rest.hasPrefix(":"), let digits = rest.dropFirst().split(separator: ":").first, let value = Int(digits) {
                number = value
            }
            guard let severityRange = rest.range(of: #": (error|warning|note): "#, options: .regularExpression) else {
                continue
            }
            let severity = rest[severityRange].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            rest = rest[severityRange.upperBound...]
            var keyPath: String?
            if let colon = rest.range(of: ": "), !rest[..<colon.lowerBound].contains(" ") {
                keyPath = String(rest[..<colon.lowerBound])
            }
            found.insert(Printed(rule: rule, severity: severity, line: number, keyPath: keyPath))
        }
        return found
    }

    /// The findings about `file` in `lint --format json`'s output.
    static func linted(_ paths: [String], about file: String) throws -> Set<Printed> {
        let run = ToolRun.inProcess(["lint", "--format", "json"] + paths)
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]], "\(run.err)")
        return Set(
            findings.filter { $0["file"] as? String == file }.map {
                Printed(
                    rule: $0["rule"] as? String ?? "", severity: $0["severity"] as? String ?? "",
                    line: $0["line"] as? Int, keyPath: $0["keyPath"] as? String)
            })
    }

    /// The rules `--list-rules` lists, by id, with their severities and their causes' severities.
    static func listed() throws -> [String: (severity: String, causes: Set<String>)] {
        let run = ToolRun.inProcess(["lint", "--list-rules", "--format", "json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: rules.map { rule in
                let causes = (rule["causes"] as? [[String: String]] ?? []).compactMap { $0["severity"] }
                return (rule["id"] as? String ?? "", (rule["severity"] as? String ?? "", Set(causes)))
            })
    }

    /// The findings of `findings` whose rule is in `rules`.
    static func only(_ rules: Set<String>, _ findings: Set<Printed>) -> Set<Printed> {
        findings.filter { rules.contains($0.rule) }
    }

    /// Payloads that trigger every rule about one payload alone, one or more each.
    static let payloads: [String: String] = [
        "title-only.json": #"{"aps": {"alert": {"title": "x"}}}"#,
        "alert-typo.json": #"{"aps": {"alert": {"titel": "x", "body": "y"}}}"#,
        "empty-aps.json": #"{"aps": {}}"#,
        "outside.json": #"{"aps": {"alert": "x"}, "content_available": 1}"#,
        "no-aps.json": #"{"APS": {"alert": "x"}}"#,
        "types.json": "{\"aps\": {\"alert\": \"x\",\n \"badge\": -1, \"sound\": 3}}",
        "aps-typo.json": #"{"aps": {"alert": "x", "catagory": "c"}}"#,
        "custom-in-aps.json": #"{"aps": {"alert": "x", "orderNumber": "5"}}"#,
        "duplicate.json": "{\"aps\": {\"alert\": \"x\",\n \"alert\": \"y\"}}",
        "loc-args.json": #"{"aps": {"alert": {"body": "x", "loc-args": ["a"]}}}"#,
        "image-no-mutable.json": #"{"aps": {"alert": "x"}, "image": "https://cdn.example/a.jpg"}"#,
        "mutable-no-alert.json": #"{"aps": {"mutable-content": 1, "badge": 1}}"#,
        "large.json": "{\"aps\": {\"alert\": \"\(String(repeating: "x", count: 5000))\"}}",
        "syntax.json": "{\"aps\": {\"alert\": \"x\",\n}}",
        "silent-alert.json": #"{"aps": {"content-available": 1, "alert": "x"}}"#,
        "attachment-missing.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "nowhere.jpg"}"#,
        "attachment-insecure.json":
            #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "http://cdn.example/a.jpg"}"#,
        "attachment-corrupt.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "bad.png"}"#,
        "unregistered.json": #"{"aps": {"alert": "x", "category": "imagecategory"}}"#,
        "flag-true.json": "{\"aps\": {\"alert\": \"x\",\n \"mutable-content\": true}}",
    ]

    @Test func aPayloadGetsTheSameFindingsInEveryCommand() throws {
        let folder = try TestPaths.temporaryFolder()
        for (name, text) in Self.payloads {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        // A PNG cut short in its header.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0])
        try png.write(to: folder.appendingPathComponent("bad.png"))
        let manifest = folder.appendingPathComponent("categories.json")
        try Data(#"{"categories": [{"identifier": "image_category", "actions": []}]}"#.utf8).write(to: manifest)

        var payloadRules: Set<String> = []
        var byFile: [String: Set<Printed>] = [:]
        for name in Self.payloads.keys.sorted() {
            let path = folder.appendingPathComponent(name).path
            let run = ToolRun.inProcess(["payload", path])
            byFile[path] = Self.printed(run.err, about: path)
            payloadRules.formUnion(byFile[path]!.map(\.rule))
        }
        // Every payload rule is triggered here, so a rule missing from one command shows.
        #expect(payloadRules.count >= 15, "\(payloadRules.sorted())")
        // `payload` runs the rules of a remote attachment URL, as the library's preflight does.
        #expect(payloadRules.contains("attachment-insecure-url"), "\(payloadRules.sorted())")
        let attachmentRules: Set<String> = ["attachment-missing", "attachment-insecure-url", "attachment-corrupt"]
        for name in Self.payloads.keys.sorted() {
            let path = folder.appendingPathComponent(name).path
            let expected = byFile[path] ?? []
            let categories = ["--categories", manifest.path]
            let commands: [(String, [String])] = [
                ("deliver", ["deliver", path] + categories),
                ("render", ["render", path, "--format", "text", "--attachments", folder.path] + categories),
                ("inspect --payload", ["inspect", "--payload", path, "--attachments", folder.path]),
            ]
            for (command, arguments) in commands {
                let printed = Self.printed(ToolRun.inProcess(arguments).err, about: path)
                #expect(Self.only(payloadRules, printed) == expected, "\(command) on \(name)")
            }
            let linted = try Self.linted([path, manifest.path], about: path)
            #expect(Self.only(payloadRules, linted) == expected, "lint on \(name)")
            // An attachment's findings are the same in inspect, render and lint.
            let inspected = Self.only(
                attachmentRules,
                Self.printed(
                    ToolRun.inProcess(["inspect", "--payload", path, "--attachments", folder.path]).err, about: path))
            let rendered = Self.only(
                attachmentRules,
                Self.printed(
                    ToolRun.inProcess(["render", path, "--format", "text", "--attachments", folder.path]).err,
                    about: path))
            let lintedAttachments = Self.only(
                attachmentRules, try Self.linted([path, "--attachments", folder.path], about: path))
            #expect(inspected == rendered && rendered == lintedAttachments, "attachments of \(name)")
        }
        // An unregistered category: render says what lint says.
        let unregistered = folder.appendingPathComponent("unregistered.json").path
        let rendered = Self.printed(
            ToolRun.inProcess(["render", unregistered, "--format", "text", "--categories", manifest.path]).err,
            about: unregistered)
        let linted = try Self.linted([unregistered, manifest.path], about: unregistered)
        let rule: Set<String> = ["payload-category-unknown"]
        #expect(!Self.only(rule, linted).isEmpty && Self.only(rule, rendered) == Self.only(rule, linted))
    }

    @Test func aPlistOrManifestGetsTheSameFindingsInEveryCommand() throws {
        let folder = try TestPaths.temporaryFolder()
        let plist = folder.appendingPathComponent("Info.plist")
        // A string boolean, a misspelt attribute, a bad ratio: warnings and an error-free load.
        try Data(
            Self.causePlist(
                ratio: "<real>1</real>", hidden: "<string>YES</string>",
                extra: "<key>UNNotificationExtensionOverridesDefaultTitel</key><true/>"
            ).utf8
        ).write(to: plist)
        let manifest = folder.appendingPathComponent("categories.json")
        let actions = (1...5).map { #"{"identifier": "a\#($0)", "title": "A\#($0)"}"# }.joined(separator: ",")
        try Data(
            #"{"categories": [{"identifier": "image_category", "actions": [\#(actions)], "contexts": {"minimal": ["a1", "a2", "a3"]}}, {"identifier": "", "actions": []}]}"#
                .utf8
        ).write(to: manifest)
        let payload = folder.appendingPathComponent("push.json")
        try Data(#"{"aps": {"alert": "x", "category": "image_category"}}"#.utf8).write(to: payload)

        let good = folder.appendingPathComponent("good.json")
        try Data(#"{"categories": [{"identifier": "image_category", "actions": []}]}"#.utf8).write(to: good)

        func run(_ command: String, manifest: URL) -> ToolRun {
            switch command {
            case "respond":
                ToolRun.inProcess([
                    "respond", "--extensions", plist.path, "--categories", manifest.path, "--category",
                    "image_category", "--action", "default",
                ])
            case "render":
                ToolRun.inProcess([
                    "render", payload.path, "--format", "text", "--extensions", plist.path, "--categories",
                    manifest.path,
                ])
            default:
                ToolRun.inProcess(["deliver", payload.path, "--categories", manifest.path])
            }
        }
        let respond = run("respond", manifest: good)
        let render = run("render", manifest: good)
        let plistFindings = Self.printed(respond.err, about: plist.path)
        #expect(
            Set(plistFindings.map(\.rule)).isSuperset(of: ["bool-as-string", "unknown-attribute"]), "\(respond.err)")
        #expect(Self.printed(render.err, about: plist.path) == plistFindings)
        #expect(try Self.linted([plist.path], about: plist.path) == plistFindings)

        // The manifest's own findings (each command stops at its error); lint adds the project's
        // (too-many-actions over 4 in all).
        let manifestFindings = Self.printed(run("respond", manifest: manifest).err, about: manifest.path)
        #expect(Set(manifestFindings.map(\.rule)).isSuperset(of: ["identifier-empty", "too-many-actions"]))
        #expect(Self.printed(run("render", manifest: manifest).err, about: manifest.path) == manifestFindings)
        #expect(Self.printed(run("deliver", manifest: manifest).err, about: manifest.path) == manifestFindings)
        let linted = try Self.linted([manifest.path], about: manifest.path)
        #expect(linted.isSuperset(of: manifestFindings), "\(linted) \(manifestFindings)")
    }

    /// Content extension plists whose findings are of a cause with a severity of its own: a ratio
    /// written as a string (a warning) or 0 (a note), a boolean that is an array (an error);
    /// `extra` adds attribute keys.
    static func causePlist(ratio: String, hidden: String, extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>UNNotificationExtensionCategory</key>
        \t\t\t<string>image_category</string>
        \t\t\t<key>UNNotificationExtensionDefaultContentHidden</key>
        \t\t\t\(hidden)
        \t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>
        \t\t\t\(ratio)
        \t\t\t\(extra)
        \t\t</dict>
        \t\t<key>NSExtensionMainStoryboard</key>
        \t\t<string>MainInterface</string>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.usernotifications.content-extension</string>
        \t</dict>
        </dict>
        </plist>
        """
    }

    @Test func aCauseGetsTheSameSeverityInEveryCommand() throws {
        let folder = try TestPaths.temporaryFolder()
        let manifest = folder.appendingPathComponent("categories.json")
        try Data(#"{"categories": [{"identifier": "image_category", "actions": []}]}"#.utf8).write(to: manifest)
        let payload = folder.appendingPathComponent("push.json")
        try Data(#"{"aps": {"alert": "x", "category": "image_category"}}"#.utf8).write(to: payload)
        let cases: [(name: String, plist: String, rule: String, severity: String)] = [
            (
                "string-ratio", Self.causePlist(ratio: "<string>0.5</string>", hidden: "<false/>"),
                "size-ratio-invalid", "warning"
            ),
            ("zero-ratio", Self.causePlist(ratio: "<real>0</real>", hidden: "<false/>"), "size-ratio-invalid", "note"),
            ("array-flag", Self.causePlist(ratio: "<real>1</real>", hidden: "<array/>"), "bool-as-string", "error"),
        ]
        for (name, text, rule, severity) in cases {
            let plist = folder.appendingPathComponent("\(name).plist")
            try Data(text.utf8).write(to: plist)
            let respond = ToolRun.inProcess([
                "respond", "--extensions", plist.path, "--categories", manifest.path, "--category", "image_category",
                "--action", "default",
            ])
            let render = ToolRun.inProcess([
                "render", payload.path, "--format", "text", "--extensions", plist.path, "--categories", manifest.path,
            ])
            let expected = Self.only([rule], Self.printed(respond.err, about: plist.path))
            #expect(expected.map(\.severity) == [severity], "\(name): \(respond.err)")
            #expect(Self.only([rule], Self.printed(render.err, about: plist.path)) == expected, "\(name): render")
            #expect(Self.only([rule], try Self.linted([plist.path], about: plist.path)) == expected, "\(name): lint")
        }
    }

    @Test func everyIdPrintedIsListedWithItsSeverity() throws {
        let listed = try Self.listed()
        let folder = try TestPaths.temporaryFolder()
        var printed: Set<Printed> = []
        for (name, text) in Self.payloads {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            for arguments in [["payload", path], ["deliver", path], ["render", path, "--format", "text"]] {
                printed.formUnion(Self.printed(ToolRun.inProcess(arguments).err, about: path))
            }
            printed.formUnion(try Self.linted([path], about: path))
        }
        let manifest = folder.appendingPathComponent("c.json")
        try Data(
            #"{"categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": "A", "textInput": {"buttonTitle": "Send"}}]}]}"#
                .utf8
        ).write(to: manifest)
        for (action, text) in [("a", nil), ("b", nil), ("dismiss", nil), ("default", "hi")] as [(String, String?)] {
            let run = ToolRun.inProcess(
                ["respond", "--categories", manifest.path, "--category", "c", "--action", action]
                    + (text.map { ["--text", $0] } ?? []))
            printed.formUnion(Self.printed(run.err, about: manifest.path))
        }
        let run = ToolRun.inProcess(["respond", "--categories", manifest.path, "--category", "x", "--action", "a"])
        printed.formUnion(Self.printed(run.err, about: "richpreview"))
        #expect(Set(printed.map(\.rule)).count >= 22, "\(Set(printed.map(\.rule)).sorted())")
        for finding in printed {
            let rule = try #require(listed[finding.rule], "\(finding.rule) is printed but not listed")
            // The rule's severity, or one of its declared causes'.
            #expect(finding.severity == rule.severity || rule.causes.contains(finding.severity), "\(finding)")
        }
    }

    /// A payload's loc-key that the project's strings lack gets the same finding from `render`
    /// (given the strings, or the project) and `lint` (which reads the project's tables).
    @Test func aMissingLocKeyGetsTheSameFindingInRenderAndLint() throws {
        let folder = try TestPaths.temporaryFolder(holding: [
            "App/en.lproj/Localizable.strings": #""INVITE_TITLE" = "Join us";"#,
            "push/invite.json":
                "{\"aps\": {\"alert\": {\"title-loc-key\": \"INVITE_TITLE\",\n \"loc-key\": \"INVITE_BODY\"}}}",
        ])
        let payload = folder.appendingPathComponent("push/invite.json").path
        let rules: Set<String> = ["loc-key-missing"]
        let linted = Self.only(rules, try Self.linted([folder.path], about: payload))
        #expect(linted.count == 1, "\(linted)")
        #expect(linted.first?.keyPath == "aps.alert.loc-key" && linted.first?.severity == "warning", "\(linted)")
        for source in [["--strings", folder.path], ["--project", folder.path]] {
            let run = ToolRun.inProcess(["render", payload, "--format", "text"] + source)
            #expect(Self.only(rules, Self.printed(run.err, about: payload)) == linted, "\(source): \(run.err)")
        }
    }
}
