import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// A project is untrusted: every path it names stays inside the folders linted, and the walk
/// follows no link out of them. Each case puts a secret beside the tree and checks that no
/// finding quotes it, and that a note names the path instead.
struct ConfinementTests {
    /// A folder outside the tree holding a secret in every form a project could name it.
    struct Outside {
        let folder: URL
        static let secret = "topsecret-5f1e"

        init() throws {
            folder = try TestPaths.temporaryFolder()
            let settings = "SECRET_KEY = \(Self.secret)\nPRODUCT_BUNDLE_IDENTIFIER = \(Self.secret)\n"
            try Data(settings.utf8).write(to: folder.appendingPathComponent("secret.xcconfig"))
            try Data(Samples.content([Self.secret]).utf8).write(to: folder.appendingPathComponent("Info.plist"))
            let entitlements = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
                <array><string>group.\(Self.secret)</string></array></dict></plist>
                """
            try Data(entitlements.utf8).write(to: folder.appendingPathComponent("App.entitlements"))
            try Data("echo \(Self.secret)\n".utf8).write(to: folder.appendingPathComponent("tool.sh"))
        }

        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    }

    /// Every finding's text, joined, to search for the secret.
    static func text(_ result: LintResult) -> String {
        result.findings.map { "\($0.file ?? "") \($0.message) \($0.notes.joined())" }.joined(separator: "\n")
    }

    /// The path-unreadable notes, as "file: message".
    static func notes(_ result: LintResult) -> [String] {
        result.findings.filter { $0.rule == "path-unreadable" && $0.severity == .note }.map {
            "\($0.file ?? ""): \($0.message)"
        }
    }

    @Test func anIncludeLeadingOutIsNotRead() throws {
        let outside = try Outside()
        let base = """
            #include "\(outside.path("secret.xcconfig"))"
            #include "../../../../../../../../../../..\(outside.path("secret.xcconfig"))"
            MINE = 1
            """
        var project = ProjectFileText()
        project.targetBase = "Base.xcconfig"
        project.targetSettings = ["SDKROOT": "iphoneos", "INFOPLIST_FILE": "Content/Info.plist"]
        let fixture = try LintFixture([
            "App.xcodeproj/project.pbxproj": project.text, "Base.xcconfig": base,
            "Content/Info.plist": Samples.content(["$(SECRET_KEY)"]),
        ])
        let result = fixture.lint()
        #expect(!Self.text(result).contains(Outside.secret), "\(Self.text(result))")
        let notes = Self.notes(result)
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.hasPrefix(fixture.path("Base.xcconfig") + ": names an include, which leads to ") == true)
        #expect(notes.first?.contains("outside the folders linted; not read") == true)
        #expect(
            result.findings.contains { $0.rule == "build-variable-unresolved" && $0.message.contains("SECRET_KEY") })
    }

    @Test func aBaseEntitlementsAndScriptOutsideAreNamedNotRead() throws {
        let outside = try Outside()
        var project = ProjectFileText()
        project.targetBase = outside.path("secret.xcconfig")
        project.targetSettings = ["SDKROOT": "iphoneos", "CODE_SIGN_ENTITLEMENTS": outside.path("App.entitlements")]
        project.scripts = ["exec \(outside.path("tool.sh"))"]
        let fixture = try LintFixture(["App.xcodeproj/project.pbxproj": project.text])
        let result = fixture.lint()
        #expect(!Self.text(result).contains(Outside.secret), "\(Self.text(result))")
        let file = fixture.path("App.xcodeproj/project.pbxproj")
        let notes = Set(Self.notes(result))
        for name in ["secret.xcconfig", "App.entitlements", "tool.sh"] {
            #expect(
                notes.contains("\(file): names \(outside.path(name)) outside the folders linted; not read"),
                "\(name): \(notes)")
        }
    }

    @Test func linksOutOfTheTreeAreNotFollowed() throws {
        let outside = try Outside()
        let fixture = try LintFixture(["Inside/Info.plist": Samples.content(["mine"])])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: fixture.path("root"), withDestinationPath: "/")
        try manager.createSymbolicLink(atPath: fixture.path("proc"), withDestinationPath: "/proc")
        try manager.createSymbolicLink(atPath: fixture.path("cwd"), withDestinationPath: "/proc/self/cwd")
        try manager.createSymbolicLink(atPath: fixture.path("elsewhere"), withDestinationPath: outside.folder.path)
        try manager.createSymbolicLink(
            atPath: fixture.path("secret.plist"), withDestinationPath: outside.path("Info.plist"))
        // A link inside the tree is followed as before.
        try manager.createSymbolicLink(atPath: fixture.path("Again"), withDestinationPath: fixture.path("Inside"))
        try manager.createSymbolicLink(
            atPath: fixture.path("again.plist"), withDestinationPath: fixture.path("Inside/Info.plist"))
        let result = fixture.lint()
        #expect(!Self.text(result).contains(Outside.secret), "\(Self.text(result))")
        let notes = Set(Self.notes(result))
        #expect(notes.contains("\(fixture.path("root")): symbolic link to /, outside the folders linted; not followed"))
        #expect(
            notes.contains("\(fixture.path("proc")): symbolic link to /proc, outside the folders linted; not followed"))
        #expect(notes.contains { $0.hasPrefix(fixture.path("elsewhere") + ": symbolic link to ") })
        #expect(notes.contains { $0.hasPrefix(fixture.path("secret.plist") + ": symbolic link to ") })
        // The process's folder is outside the tree, or the tree itself: never walked either way.
        #expect(notes.contains { $0.hasPrefix(fixture.path("cwd") + ":") })
        #expect(result.counts["extension plists"] == 2, "\(result.counts)")
    }

    @Test func theConfigurationFileIsConfinedToo() throws {
        let outside = try Outside()
        for (key, value) in [("xcconfig", outside.path("secret.xcconfig")), ("attachments", outside.folder.path)] {
            let fixture = try LintFixture([".richpreview.json": #"{"\#(key)": "\#(value)"}"#])
            let error = fixture.lint().configurationError
            #expect(
                error?.reason.contains("outside the folders linted") == true, "\(key): \(String(describing: error))")
            #expect(error?.reason.contains(Outside.secret) == false)
        }
        try Data(#"{"warningsAsErrors": true}"#.utf8).write(to: outside.folder.appendingPathComponent("config.json"))
        let linked = try LintFixture([:])
        try FileManager.default.createSymbolicLink(
            atPath: linked.path(".richpreview.json"), withDestinationPath: outside.path("config.json"))
        #expect(linked.lint().configurationError?.reason.contains("outside the folders linted") == true)
        // Named by the user, the same file is read wherever it is.
        #expect(try LintConfiguration().adding(file: linked.path(".richpreview.json")).warningsAsErrors)
    }

    @Test func aFileGivenStandsForItsFolder() throws {
        let fixture = try LintFixture(["Content/Info.plist": Samples.content(["mine"])])
        let result = Linter().lint([fixture.path("Content/Info.plist")])
        #expect(Self.notes(result).isEmpty && result.counts["extension plists"] == 1, "\(result.findings)")
    }

    /// Calls `body` with the path whose bytes are `bytes`, as the system takes it.
    static func withPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    @Test func namesThatAreNotUTF8AreWalkedAndRead() throws {
        let fixture = try LintFixture([:])
        // A folder and a file named with bytes 0xFF and 0xFE, made through the system by their bytes.
        let folder = Array((fixture.root.path + "/dir").utf8) + [0xFF]
        #expect(Self.withPath(folder) { mkdir($0, 0o755) } == 0)
        let payload = Array(#"{"aps": {"alert": "x", "badge": "no"}}"#.utf8)
        let written = Self.withPath(folder + Array("/p".utf8) + [0xFE] + Array(".json".utf8)) { path in
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
            defer { close(descriptor) }
            return payload.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        #expect(written == payload.count)
        let result = fixture.lint()
        let finding = result.findings.first { $0.rule == "aps-type" }
        #expect(finding != nil, "\(result.findings)")
        #expect(finding.map { TerminalText.escaped($0.file ?? "") } == fixture.root.path + "/dir\\xFF/p\\xFE.json")
        #expect(!result.findings.contains { $0.rule == "path-unreadable" })
    }
}
