import Foundation
import RichPreviewTestSupport
import Testing

/// What `render` says when text cannot be drawn as iOS draws it, and which commands load the
/// text-layout library: runs of the built binary.
struct RenderTextLayoutTests {
    /// A payload with `alert` in a fresh folder; returns its path and the folder.
    static func payload(_ alert: String) throws -> (path: String, folder: URL) {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("push.json")
        try Data(#"{"aps": {"alert": \#(alert)}}"#.utf8).write(to: path)
        return (path.path, folder)
    }

    @Test(arguments: ["png", "text"])
    func withoutFriBidiRightToLeftTextIsDrawnWithOneWarningNamingThePackage(format: String) throws {
        let (path, folder) = try Self.payload(#"{"title": "مرحبا", "body": "שלום 123."}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("card.png").path
        let run = try ToolRun.binary(
            ["render", path, "--format", format] + (format == "png" ? ["-o", output] : ["--width", "40"]),
            environment: ["RICHPREVIEW_FRIBIDI_LIBRARY": "libfribidi-missing.so.0"])
        #expect(run.status == 0, "\(run.err)")
        let warnings = run.err.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(run.err)")
        #expect(
            warnings.first?.contains(
                "right-to-left text is laid out left to right: libfribidi-missing.so.0 cannot be loaded") == true)
        #expect(warnings.first?.hasSuffix("install libfribidi0") == true)
    }

    @Test func aCharacterNoFontHasIsNamedOnceAndDrawnAsABox() throws {
        let (path, folder) = try Self.payload(#"{"title": "a\u0378\u0301b \u0378", "body": "\u0378 \ufdd0"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("card.png").path
        let run = try ToolRun.binary(["render", path, "--format", "png", "-o", output])
        #expect(run.status == 0, "\(run.err)")
        let warnings = run.err.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(run.err)")
        #expect(
            warnings.first?.hasSuffix(
                "no installed font has U+0378 U+0301, U+0378, U+FDD0: each is drawn as an empty box") == true,
            "\(run.err)")
    }

    /// The dynamic loader's log (LD_DEBUG=files) names every library a run maps.
    static func mappedLibraries(_ arguments: [String]) throws -> (ToolRun, [String]) {
        let run = try ToolRun.binary(arguments, environment: ["LD_DEBUG": "files"])
        let names = run.err.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { !$0.isWhitespace })
        }
        return (run, names)
    }

    @Test func onlyAMoviesPictureMapsFFmpeg() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = TestPaths.packageFile("Resources").path
        let movie = RenderCommandTests.payload("movie")
        let output = folder.appendingPathComponent("card.png").path
        for arguments in [
            ["inspect", samples + "/attachments/sample-movie.mp4"], ["lint", samples],
            ["render", movie, "--format", "text"] + RenderCommandTests.context,
            ["render", RenderCommandTests.payload("image"), "--format", "png", "-o", output]
                + RenderCommandTests.context,
        ] {
            let (run, libraries) = try Self.mappedLibraries(arguments)
            #expect(libraries.contains("libc.so.6"))
            #expect(
                !libraries.contains { $0.hasPrefix("libav") || $0.hasPrefix("libswscale") },
                "\(arguments[0]) mapped FFmpeg")
            #expect(run.terminatingSignal == nil)
        }
        let (run, libraries) = try Self.mappedLibraries(
            ["render", movie, "--format", "png", "-o", output] + RenderCommandTests.context)
        #expect(run.status == 0, "\(run.err)")
        #expect(
            libraries.contains { $0.hasPrefix("libavcodec.so") } && libraries.contains { $0.hasPrefix("libswscale.so") }
        )
    }

    @Test(arguments: [
        (["RICHPREVIEW_AVCODEC_LIBRARY": "libavcodec-missing.so"], [String](), "install the Debian package libavcodec"),
        ([:], ["--thumbnail-time", "50"], "no frame at 50.0 s: the movie lasts 2.0 s"),
    ])
    func withoutAFrameTheMovieCardHasAPlayButtonAndOneWarning(
        environment: [String: String], options: [String], reason: String
    ) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("card.png")
        let run = try ToolRun.binary(
            ["render", RenderCommandTests.payload("movie"), "--format", "png", "-o", output.path] + options
                + RenderCommandTests.context,
            environment: environment)
        #expect(run.status == 0, "\(run.err)")
        let poster = run.err.split(separator: "\n").filter { $0.hasSuffix("[attachment-poster-unavailable]") }
        #expect(poster.count == 1 && poster[0].contains(reason), "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test func onlyRenderingRightToLeftTextMapsFriBidi() throws {
        let (path, folder) = try Self.payload(#"{"title": "مرحبا", "body": "hello"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = TestPaths.packageFile("Resources").path
        let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        for arguments in [
            ["inspect", samples + "/attachments/sample-movie.mp4", image],
            ["scale", image, "-o", folder.appendingPathComponent("small.jpg").path, "--fit", "64x64"],
            ["lint", samples],
            ["render", TestPaths.packageFile("Resources/payloads/image_category.json").path, "--format", "text"],
        ] {
            let (run, libraries) = try Self.mappedLibraries(arguments)
            #expect(libraries.contains("libc.so.6"), "the loader's log is there: \(arguments)")
            #expect(!libraries.contains { $0.hasPrefix("libfribidi") }, "\(arguments[0]) mapped FriBidi")
            #expect(run.terminatingSignal == nil)
        }
        let (run, libraries) = try Self.mappedLibraries(["render", path, "--format", "text", "--width", "40"])
        #expect(run.status == 0)
        #expect(libraries.contains("libfribidi.so.0"))
    }

    @Test(arguments: [
        ["--thumbnail-clip", "0,0,0.5"], ["--thumbnail-clip", "a,b,c,d"], ["--thumbnail-clip", "1,2,3,4,5"],
        ["--thumbnail-time", "later"],
    ])
    func aThumbnailOptionThatIsNotANumberIsAUsageError(option: [String]) throws {
        let run = ToolRun.inProcess(
            ["render", RenderCommandTests.payload("image"), "--format", "text"] + option + RenderCommandTests.context)
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("richpreview: error: \(option[0]) needs "), "\(run.err)")
        #expect(run.out.isEmpty)
    }

    @Test func aClipOutsideTheImageIsAWarningAndTheWholeImageIsShown() throws {
        let run = ToolRun.inProcess(
            [
                "render", RenderCommandTests.payload("image"), "--format", "text", "--state", "banner",
                "--thumbnail-clip", "0.5,0,0.6,1",
            ]
                + RenderCommandTests.context)
        #expect(run.status == 0)
        #expect(run.err.contains("[attachment-thumbnail-invalid]"), "\(run.err)")
        #expect(!run.out.isEmpty)
    }
}
