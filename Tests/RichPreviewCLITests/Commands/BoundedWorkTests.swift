import Foundation
import RichPreviewTestSupport
import Testing

/// Inputs within every limit that still ask for a great deal of work or memory: an animation of
/// ten thousand frames, category manifests of a hundred thousand entries, a movie of 8192x8192
/// frames, a batch of images that each need most of the memory budget. Each costs what its result needs, not what its input
/// could make it cost. Runs of the built binary; peak memory is measured with GNU time.
@Suite(.serialized)
struct BoundedWorkTests {
    /// A run still going after this many seconds is killed and fails: far above what these take
    /// (a fraction of a second each in a release build), far below the 15 s the animation took when
    /// every frame was decoded.
    static let hangLimit = 8

    func expectPeak(
        _ run: ToolRun, below limit: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let peak = run.peakMemoryBytes else {
            FileHandle.standardError.write(
                Data("note: peak memory not measured (no GNU time, or a sanitized build).\n".utf8))
            return
        }
        #expect(peak <= limit, "peak \(peak >> 20) MiB, limit \(limit >> 20) MiB", sourceLocation: sourceLocation)
    }

    @Test func anAnimationOfTenThousandFramesIsShownFromItsFirstAndCountedQuickly() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("frames.gif")
        try GIFWriter.plainAnimation(width: 500, height: 500, frameCount: 10_000).write(to: gif)
        let inspect = try ToolRun.binary(["inspect", "--json", gif.path], timeLimit: Self.hangLimit)
        #expect(inspect.status == 0, "\(inspect.err)")
        let report = try #require(
            (try JSONSerialization.jsonObject(with: Data(inspect.out.utf8)) as? [[String: Any]])?.first)
        #expect(report["frames"] as? Int == 10_000)
        let scale = try ToolRun.binary(
            ["scale", gif.path, "-o", folder.appendingPathComponent("first.png").path, "--fit", "64x64"],
            timeLimit: Self.hangLimit)
        #expect(scale.status == 0 && scale.out.contains("500x500 -> 64x64 png"), "\(scale.err)")
        let render = try ToolRun.binary(
            ["render", gif.path, "--format", "text", "--width", "40"], timeLimit: Self.hangLimit)
        #expect(render.status == 0 && render.terminatingSignal == nil, "\(render.err)")
    }

    /// A manifest of `categories` categories of `actions` actions each, as JSON.
    static func manifest(categories: Int, actions: Int) -> Data {
        var text = #"{"categories":["#
        for category in 0..<categories {
            if category > 0 { text += "," }
            text += #"{"identifier":"c\#(category)","actions":["#
            for action in 0..<actions {
                if action > 0 { text += "," }
                text += #"{"identifier":"action\#(action)","title":"Title \#(action)"}"#
            }
            text += "]}"
        }
        return Data((text + "]}").utf8)
    }

    @Test(arguments: [(1, 100_000), (100_000, 1), (200_000, 1)])
    func largeManifestsCostAFewTimesTheirSizeAndPrintAFewLines(categories: Int, actions: Int) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("categories.json")
        let data = Self.manifest(categories: categories, actions: actions)
        try data.write(to: manifest)
        let limit = 8 * data.count + 20 << 20
        let payload = folder.appendingPathComponent("push.json")
        try Data(#"{"aps": {"alert": {"title": "t", "body": "b"}, "category": "c0"}}"#.utf8).write(to: payload)

        let deliver = try ToolRun.binary(["deliver", "--categories", manifest.path, payload.path], timeLimit: 60)
        #expect(deliver.status == 0, "\(deliver.err.prefix(300))")
        expectPeak(deliver, below: limit)

        let respond = try ToolRun.binary(
            ["respond", "--categories", manifest.path, "--category", "nope", "--action", "x"], timeLimit: 60)
        #expect(respond.status == 1)
        #expect(respond.err.count < 600, "\(respond.err.count) bytes: \(respond.err.prefix(300))")
        if categories > 5 { #expect(respond.err.contains("more)"), "\(respond.err)") }
        expectPeak(respond, below: limit)

        let render = try ToolRun.binary(
            ["render", payload.path, "--categories", manifest.path, "--format", "text"], timeLimit: 60)
        #expect(render.status == 0, "\(render.err.prefix(300))")
        #expect(render.err.split(separator: "\n").count <= 11, "\(render.err.prefix(2000))")
        expectPeak(render, below: limit)
    }

    @Test func aMovieOfLargeFramesIsRefusedWithinTheMemoryLimitBeforeItIsDecoded() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 14 KB of H.264 whose one 8192x8192 frame took 690 MiB to render before the limit held it.
        try FileManager.default.copyItem(
            at: TestPaths.fixture("media-frames/mp4-8192x8192.mp4"), to: folder.appendingPathComponent("large.mp4"))
        let payload = folder.appendingPathComponent("push.json")
        try Data(
            #"{"aps": {"alert": {"title": "t", "body": "b"}, "mutable-content": 1}, "attachment-url": "large.mp4"}"#
                .utf8
        )
        .write(to: payload)
        let picture = folder.appendingPathComponent("card.png")

        let refused = try ToolRun.binary(
            ["render", payload.path, "--format", "png", "-o", picture.path, "--max-memory", "64"],
            timeLimit: Self.hangLimit)
        #expect(refused.status == 1)
        let lines = refused.err.split(separator: "\n")
        #expect(lines.count == 1, "\(refused.err)")
        let line = String(lines.first ?? "")
        #expect(
            line.hasPrefix(folder.appendingPathComponent("large.mp4").path + ": error: ")
                && line.contains("8192x8192") && line.contains("over the memory limit of 64 MiB")
                && line.contains("--max-memory"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: picture.path))
        expectPeak(refused, below: 64 << 20)

        let drawn = try ToolRun.binary(
            ["render", payload.path, "--format", "png", "-o", picture.path, "--max-memory", "320"],
            timeLimit: Self.hangLimit)
        #expect(drawn.status == 0 && drawn.err.isEmpty, "\(drawn.err)")
        expectPeak(drawn, below: 320 << 20)

        // inspect reads the container's headers, never a frame.
        let inspect = try ToolRun.binary(["inspect", "--payload", payload.path], timeLimit: Self.hangLimit)
        #expect(inspect.status == 0 && inspect.out.contains("8192x8192"), "\(inspect.err)")
        expectPeak(inspect, below: 64 << 20)
    }

    @Test func theMemoryBudgetIsTheWholeBatchsNotEachImages() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 475 KB, and 243 MB of coefficients to decode: six at once would need 1.4 GB.
        let image = JPEGWriter.greyProgressive(width: 9000, height: 9000)
        var inputs: [String] = []
        for index in 0..<6 {
            let path = folder.appendingPathComponent("large-\(index).jpg").path
            try image.write(to: URL(fileURLWithPath: path))
            inputs.append(path)
        }
        let run = try ToolRun.binary(
            ["scale"] + inputs + [
                "--output-dir", folder.appendingPathComponent("out").path, "--fit", "64x64", "--jobs", "6",
            ],
            timeLimit: 60)
        #expect(run.status == 0 && run.out.split(separator: "\n").count == 6, "\(run.err)")
        expectPeak(run, below: (256 + 64) << 20)
    }
}
