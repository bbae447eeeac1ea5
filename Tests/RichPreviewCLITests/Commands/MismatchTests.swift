import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// Where a command said one thing and did another: options accepted past their documented range
/// or refused inside it, messages that named the wrong problem, a race that made an existing folder
/// an error, batch names that collide, and colour on a terminal that is only half one.
struct MismatchTests {
    static let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
    static let badge = TestPaths.packageFile("Resources/attachments/sample-badge.png").path
    static let badgeGIF = TestPaths.packageFile("Resources/attachments/sample-badge.gif").path
    static let payload = TestPaths.packageFile("Resources/payloads/image_category.json").path

    @Test func jobsAreAtMostSixtyFour() throws {
        let folder = try TestPaths.temporaryFolder().path
        let run = ToolRun.inProcess(["scale", Self.image, "--output-dir", folder, "--fit", "8x8", "--jobs", "65"])
        #expect(run.status == 2 && run.err.contains("--jobs needs a whole number from 1 to 64, not '65'"), "\(run.err)")
        #expect(
            ToolRun.inProcess(["scale", Self.image, "--output-dir", folder, "--fit", "8x8", "--jobs", "64"]).status == 0
        )
    }

    @Test(arguments: [1001, 1024])
    func pictureWidthsUpTo1024PointsAreAccepted(width: Int) throws {
        let output = try TestPaths.temporaryFolder().appendingPathComponent("card.png").path
        let run = try ToolRun.binary([
            "render", Self.payload, "--format", "png", "-o", output, "--width", String(width), "--scale", "1",
            "--attachments", TestPaths.packageFile("Resources/attachments").path,
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(try ImageHeader.read(Data(contentsOf: URL(fileURLWithPath: output))).size.width == width)
        let tooWide = ToolRun.inProcess(["render", Self.payload, "--format", "png", "-o", output, "--width", "1025"])
        #expect(tooWide.status == 2 && tooWide.err.contains("200 to 1024 points"))
    }

    @Test func renderSaysWhatAFileIsWhenItIsNeitherPayloadNorImage() throws {
        let folder = try TestPaths.temporaryFolder()
        let empty = folder.appendingPathComponent("empty.png")
        try Data().write(to: empty)
        let run = ToolRun.inProcess(["render", empty.path])
        #expect(run.status == 1 && run.err == "\(empty.path): error: empty file: neither a payload nor an image\n")
        let movie = TestPaths.packageFile("Resources/attachments/sample-movie.mp4").path
        let movieRun = ToolRun.inProcess(["render", movie])
        #expect(movieRun.status == 1 && movieRun.err.split(separator: "\n").count == 1, "\(movieRun.err)")
        #expect(movieRun.err.contains("movie (mp4), not a payload") && !movieRun.err.contains("JSON"))
    }

    @Test func aLoopOfSymbolicLinksIsCalledOne() throws {
        let folder = try TestPaths.temporaryFolder()
        let a = folder.appendingPathComponent("a.json").path
        let b = folder.appendingPathComponent("b.json").path
        #expect(symlink(b, a) == 0 && symlink(a, b) == 0)
        let payload = ToolRun.inProcess(["payload", a])
        #expect(payload.err.contains("symbolic link loop") && !payload.err.contains("no such file"), "\(payload.err)")
        let inspect = ToolRun.inProcess(["inspect", a])
        #expect(inspect.err.contains("symbolic link loop"), "\(inspect.err)")
    }

    @Test func helpHelpIsTheToolsHelp() throws {
        let run = ToolRun.inProcess(["help", "help"])
        #expect(run.status == 0 && run.out == ToolRun.inProcess(["--help"]).out)
    }

    @Test func anOldStylePlistErrorSaysWhereAndLeavesStandardErrorQuiet() throws {
        let plist = try TestPaths.temporaryFolder().appendingPathComponent("Info.plist")
        try Data("{\n  NSExtension = { NSExtensionPointIdentifier = x }\n  Other = 1;\n}\n".utf8).write(to: plist)
        let run = try ToolRun.binary([
            "respond", "--extensions", plist.path, "--categories",
            TestPaths.packageFile("Resources/categories.json").path, "--category", "image_category", "--action",
            "default",
        ])
        #expect(run.status == 1)
        #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
        #expect(run.err.contains("missing semicolon in dictionary on line 2"), "\(run.err)")
        #expect(!run.err.contains("CFPropertyList") && !run.err.contains("Unexpected character {"))
    }

    @Test func twoBatchesMakingTheSameFolderBothSucceed() throws {
        for attempt in 0..<12 {
            let folder = try TestPaths.temporaryFolder().appendingPathComponent("out-\(attempt)").path
            let processes = (0..<2).map { index in
                let process = Process()
                process.executableURL = ToolRun.builtBinary
                process.arguments = [
                    "scale", index == 0 ? Self.image : Self.badge, "--output-dir", folder, "--fit", "8x8",
                ]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "attempt \(attempt)")
        }
    }

    @Test func namesThatCollideAreSaidBeforeAnythingIsWrittenWithAWayOut() throws {
        let folder = try TestPaths.temporaryFolder()
        let out = folder.appendingPathComponent("out").path
        let colliding = ToolRun.inProcess(["scale", Self.badge, Self.badgeGIF, "--output-dir", out, "--fit", "8x8"])
        #expect(colliding.status == 2 && colliding.err.contains("--keep-extension"), "\(colliding.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let kept = ToolRun.inProcess([
            "scale", Self.badge, Self.badgeGIF, "--output-dir", out, "--fit", "8x8", "--keep-extension",
        ])
        #expect(kept.status == 0, "\(kept.err)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                "sample-badge.gif.png", "sample-badge.png",
            ])
    }

    @Test func aDashWritesTheImageToStandardOutput() throws {
        let run = try ToolRun.binary(["scale", Self.image, "-o", "-", "--fit", "32x32"])
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        let header = try ImageHeader.read(run.outBytes)
        #expect(header.format == .png && header.size == PixelSize(width: 32, height: 21))
        let jpeg = try ToolRun.binary(["scale", Self.image, "-o", "-", "--fit", "32x32", "--format", "jpeg", "--json"])
        #expect(try ImageHeader.read(jpeg.outBytes).format == .jpeg)
        #expect(jpeg.err.contains("\"outputFormat\" : \"jpeg\""), "\(jpeg.err)")
    }

    /// Colour needs both streams on a terminal: standard output on a pseudo-terminal and standard
    /// error in a file gets the plain text card.
    @Test func renderIsPlainWhenOnlyStandardOutputIsATerminal() throws {
        let script = """
            import os, pty, subprocess, sys
            leader, follower = pty.openpty()
            with open(os.devnull, "w") as errors:
                subprocess.run(sys.argv[1:], stdout=follower, stderr=errors, env={"TERM": "xterm-256color"})
            os.close(follower)
            data = b""
            try:
                while chunk := os.read(leader, 65536):
                    data += chunk
            except OSError:
                pass
            sys.stdout.write("escape" if b"\\x1b[" in data else "plain" if data else "empty")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, ToolRun.builtBinary.path, "render", Self.payload, "--width", "40",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let answer = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(answer == "plain", "render wrote \(answer) output")
    }
}
