import Foundation
import RichPreviewTestSupport
import Testing

/// A hostile pull request's project files, through the built binary: build settings that refer to
/// each other over and over, `.xcconfig` includes that fan out or lead out of the tree, links to
/// `/` and `/proc`, a secret beside the tree. Each ends in a finding and the documented exit
/// status, in under 64 MiB, and nothing outside the tree is read or quoted in any output.
struct HostileProjectTests {
    static let memoryLimit = 64 * 1024 * 1024
    static let secret = "topsecret-9c4d"

    /// A folder outside every tree with a secret in an `.xcconfig`, an entitlements file and a script.
    static func outside() throws -> URL {
        try TestPaths.temporaryFolder(holding: [
            "secret.xcconfig": "SECRET_KEY = \(secret)\n",
            "secret.entitlements":
                "<plist><dict><key>com.apple.security.application-groups</key><array><string>\(secret)</string></array></dict></plist>",
            "tool.sh": "echo \(secret)\n",
        ])
    }

    /// An extension plist whose category is `category`.
    static func contentPlist(_ category: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSExtension</key><dict>
        <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.content-extension</string>
        <key>NSExtensionMainStoryboard</key><string>MainInterface</string>
        <key>NSExtensionAttributes</key><dict>
        <key>UNNotificationExtensionCategory</key><string>\(category)</string>
        <key>UNNotificationExtensionInitialContentSizeRatio</key><real>0.5</real>
        </dict></dict></dict></plist>
        """
    }

    /// Runs the binary, expecting `status`, no signal, and peak memory under the limit.
    func run(
        _ arguments: [String], in folder: URL, status: Int32, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> ToolRun {
        let run = try ToolRun.binary(arguments, workingDirectory: folder, timeLimit: 60)
        #expect(run.terminatingSignal == nil, "ended by signal: \(run.err)", sourceLocation: sourceLocation)
        #expect(run.status == status, "stderr: \(run.err)", sourceLocation: sourceLocation)
        if let peak = run.peakMemoryBytes {
            #expect(peak < Self.memoryLimit, "peak \(peak >> 20) MiB", sourceLocation: sourceLocation)
        }
        return run
    }

    @Test func settingsThatReferToEachOtherAThousandTimesALevel() throws {
        var wide: [String: String] = ["L8": "x"]
        for level in 0..<8 { wide["L\(level)"] = String(repeating: "$(L\(level + 1))", count: 1000) }
        var project = ProjectFileText()
        project.targetSettings = wide.merging(["S": String(repeating: "$(S)", count: 1000)]) { $1 }
        let folder = try TestPaths.temporaryFolder(holding: [
            "App.xcodeproj/project.pbxproj": project.text, "Content/Info.plist": Self.contentPlist("$(L0)"),
        ])
        let lint = try run(["lint", "."], in: folder, status: 1)
        #expect(lint.err.contains("App.xcodeproj/project.pbxproj: error: L0 of the target App expands past 64 KiB"))
        let review = try run(["review", ".", "-o", "review.html", "--json"], in: folder, status: 0)
        // Four settings over the limits, and the plist's $(L0), which no target defines.
        #expect(review.out.contains("\"errors\" : 5"), "\(review.out)")

        // The same through the configuration file's variables and through -D.
        let configured = try TestPaths.temporaryFolder(holding: [
            ".richpreview.json": String(
                decoding: try JSONSerialization.data(withJSONObject: ["variables": wide]), as: UTF8.self),
            "Content/Info.plist": Self.contentPlist("$(L0)"),
        ])
        let fromFile = try run(["lint", "."], in: configured, status: 1)
        #expect(fromFile.err.contains("error: a value referring to $(L0) expands past 64 KiB"), "\(fromFile.err)")
        let bomb = String(repeating: "$(B)", count: 1000)
        let fromCommandLine = try run(["lint", ".", "-D", "B=\(bomb)", "-D", "L0=$(B)"], in: configured, status: 1)
        #expect(fromCommandLine.err.contains("expands past 64 KiB"))
    }

    @Test func anIncludeThatFansOutIntoItself() throws {
        let bomb = String(repeating: "#include? \"base.xcconfig\"\n", count: 4)
        let folder = try TestPaths.temporaryFolder(holding: [
            ".richpreview.json": #"{"xcconfig": "base.xcconfig"}"#, "base.xcconfig": bomb,
        ])
        for command in ["lint", "review"] {
            let run = try run([command, "."], in: folder, status: 1)
            #expect(
                run.err
                    == "./base.xcconfig: error: includes ./base.xcconfig, which is already being read (an include cycle)\n",
                "\(command): \(run.err)")
        }
        let given = try run(["lint", "--xcconfig", "base.xcconfig", "."], in: folder, status: 1)
        #expect(given.err.contains("an include cycle"))
    }

    @Test func nothingOutsideTheTreeIsReadOrQuotedInAnyFormat() throws {
        let outside = try Self.outside()
        var project = ProjectFileText()
        project.targetBase = "Base.xcconfig"
        project.targetSettings = [
            "SDKROOT": "iphoneos", "CODE_SIGN_ENTITLEMENTS": outside.appendingPathComponent("secret.entitlements").path,
        ]
        project.scripts = ["exec \(outside.appendingPathComponent("tool.sh").path)"]
        let include = outside.appendingPathComponent("secret.xcconfig").path
        let folder = try TestPaths.temporaryFolder(holding: [
            "App.xcodeproj/project.pbxproj": project.text,
            "Base.xcconfig": "#include \"\(include)\"\n#include \"../../../../../../../..\(include)\"\n",
            "Content/Info.plist": Self.contentPlist("$(SECRET_KEY)"),
        ])
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Elsewhere"), withDestinationURL: outside)
        for format in ["text", "json", "sarif", "github"] {
            let run = try run(["lint", ".", "--format", format], in: folder, status: 1)
            #expect(!(run.out + run.err).contains(Self.secret), "\(format): \(run.out)\(run.err)")
            #expect((run.out + run.err).contains("outside the folders linted"), "\(format)")
        }
        let text = try run(["lint", "."], in: folder, status: 1)
        #expect(text.err.contains("Base.xcconfig: note: names an include, which leads to "))
        #expect(text.err.contains("Elsewhere: note: symbolic link to "))
        #expect(text.err.contains("$(SECRET_KEY) is not defined"))
        _ = try run(["review", ".", "-o", "review.html"], in: folder, status: 0)
        let page = try String(contentsOf: folder.appendingPathComponent("review.html"), encoding: .utf8)
        #expect(!page.contains(Self.secret) && page.contains("outside the folders linted"))
    }

    @Test func linksToTheWholeMachineAreNotWalked() throws {
        let folder = try TestPaths.temporaryFolder(holding: ["push.json": #"{"aps": {"alert": "hello"}}"#])
        for (name, target) in [("root", "/"), ("proc", "/proc"), ("cwd", "/proc/self/cwd"), ("up", "..")] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let lint = try run(["lint", "."], in: folder, status: 0)
        #expect(lint.err.contains("root: note: symbolic link to /, outside the folders linted; not followed"))
        #expect(lint.err.contains("in 1 file"), "\(lint.err)")
        _ = try run(["review", ".", "-o", "review.html"], in: folder, status: 0)
    }

    @Test func namesThatAreNotUTF8AreReadAndPrintedEscaped() throws {
        let folder = try TestPaths.temporaryFolder()
        let path = Array((folder.path + "/a").utf8) + [0xFF] + Array(".json".utf8) + [0]
        let payload = Array(#"{"aps": {"alert": "x", "badge": -1}}"#.utf8)
        let written = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { name -> Int in
                let descriptor = open(name.baseAddress!, O_WRONLY | O_CREAT, 0o644)
                defer { close(descriptor) }
                return payload.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            }
        }
        #expect(written == payload.count)
        let lint = try run(["lint", "."], in: folder, status: 1)
        #expect(lint.err.hasPrefix("a\\xFF.json:1:"), "\(lint.err)")
        let json = try run(["lint", ".", "--format", "json"], in: folder, status: 1)
        #expect(json.out.contains(#""file" : "a\udbff\udfff.json""#), "\(json.out)")
    }

    @Test func filesWithoutASizeAndProjectFilesOverTheLimit() throws {
        let folder = try TestPaths.temporaryFolder(holding: ["push.json": #"{"aps": {"alert": "hello"}}"#])
        if FileManager.default.fileExists(atPath: "/proc/self/environ") {
            let run = try run(["lint", "--xcconfig", "/proc/self/environ", "."], in: folder, status: 1)
            #expect(run.err.hasPrefix("/proc/self/environ: error: not a regular file with a size"), "\(run.err)")
        }
        let project = folder.appendingPathComponent("Big.xcodeproj/project.pbxproj")
        try FileManager.default.createDirectory(
            at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: project.path, contents: nil)
        let handle = try FileHandle(forWritingTo: project)
        try handle.truncate(atOffset: 16 * 1024 * 1024 + 1)
        try handle.close()
        let run = try run(["lint", "."], in: folder, status: 1)
        #expect(run.err.contains("Big.xcodeproj/project.pbxproj: error: 16777217 bytes, over the limit of 16777216"))
    }
}
