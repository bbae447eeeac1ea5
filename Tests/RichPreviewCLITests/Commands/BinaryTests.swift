import Foundation
import RichPreviewTestSupport
import Testing

/// End-to-end runs of the built `richpreview` executable.
struct BinaryTests {
    @Test func versionAndHelp() throws {
        let version = try ToolRun.binary(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("richpreview "))
        let help = try ToolRun.binary(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("inspect"))
        let commandHelp = try ToolRun.binary(["help", "inspect"])
        #expect(commandHelp.status == 0)
        #expect(commandHelp.out.contains("usage: richpreview inspect"))
        #expect(try ToolRun.binary(["inspect", "--help"]).out == commandHelp.out)
    }

    @Test func usageErrorsExitTwoWithOneLineAndTheUsage() throws {
        let run = try ToolRun.binary(["inspect", "--bogus", "x"])
        #expect(run.status == 2)
        let lines = run.err.split(separator: "\n")
        #expect(lines.first == "richpreview: error: unknown option '--bogus'")
        #expect(lines.dropFirst().first?.hasPrefix("usage: richpreview inspect") == true)
        #expect(try ToolRun.binary(["frobnicate"]).status == 2)
        #expect(try ToolRun.binary([]).status == 2)
        #expect(try ToolRun.binary(["inspect"]).err.contains("missing FILE"))
    }

    @Test func truncatedImageThroughTheBinary() throws {
        let folder = try TestPaths.temporaryFolder()
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        let cut = folder.appendingPathComponent("cut.jpg")
        try data.prefix(4000).write(to: cut)
        let run = try ToolRun.binary([
            "inspect", cut.path, TestPaths.packageFile("Resources/attachments/sample-badge.png").path,
        ])
        #expect(run.status == 1)
        #expect(
            run.err == "\(cut.path): error: corrupt JPEG: premature end of JPEG file (truncated) [attachment-corrupt]\n"
        )
        #expect(run.out.contains("sample-badge.png: image png, "))
        #expect(run.out.hasSuffix(" bytes, 96x96, 8-bit, 36 KB decoded\n"))
    }

    @Test func noColorWhenNotATerminal() throws {
        let run = try ToolRun.binary(["inspect", "/nonexistent"], environment: ["TERM": "xterm-256color"])
        #expect(!run.err.contains("\u{1B}["))
    }
}
