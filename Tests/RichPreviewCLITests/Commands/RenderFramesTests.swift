import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `render --frames DIR`: an animated GIF attachment's expanded card once per frame, as iOS plays
/// it, with each frame's seconds; the PNG of `-o` keeps the first frame.
struct RenderFramesTests {
    static func project() throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        let gif = AnimatedGIFWriter.make(
            width: 40, height: 30,
            frames: [
                .solid(2, width: 40, height: 30, delay: 20), .solid(3, width: 40, height: 30, delay: 0),
                .solid(4, width: 40, height: 30, delay: 50),
            ])
        try gif.write(to: folder.appendingPathComponent("anim.gif"))
        try Data(
            #"{"aps": {"alert": {"title": "Animated", "body": "three frames"}, "mutable-content": 1}, "attachment-url": "anim.gif"}"#
                .utf8
        ).write(to: folder.appendingPathComponent("push.json"))
        return folder
    }

    /// The colour filling the middle of a drawn card's media area.
    static func middle(_ file: URL) throws -> SIMD4<UInt8> {
        let image = try ImageDecoder.decode(try Data(contentsOf: file))
        return image.pixel(x: image.size.width / 2, y: image.size.height / 3)
    }

    @Test func everyFrameIsDrawnWithItsSeconds() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames")
        let card = folder.appendingPathComponent("card.png")
        let run = try ToolRun.binary(
            [
                "render", folder.appendingPathComponent("push.json").path, "--format", "png", "-o", card.path,
                "--frames", frames.path,
            ])
        #expect(run.status == 0, "\(run.err)")
        let listing = try String(contentsOf: frames.appendingPathComponent("frames.txt"), encoding: .utf8)
        #expect(listing == "frame-001.png 0.2\nframe-002.png 0.1\nframe-003.png 0.5\n")
        let colours = try (1...3).map {
            try Self.middle(frames.appendingPathComponent(String(format: "frame-%03d.png", $0)))
        }
        #expect(colours.map { [$0.x, $0.y, $0.z] } == [[255, 0, 0], [0, 255, 0], [0, 0, 255]])
        #expect(try Self.middle(card) == colours[0], "the card keeps the first frame")
        #expect(run.err.contains("3 frames written"))
    }

    @Test func framesAreForAPictureOfAGIF() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("push.json").path
        let usage = ToolRun.inProcess(["render", payload, "--format", "text", "--frames", folder.path + "/f"])
        #expect(usage.status == 2 && usage.err.contains("--frames is for --format png"))
        let banner = try ToolRun.binary(
            [
                "render", payload, "--format", "png", "-o", folder.path + "/b.png", "--state", "banner", "--frames",
                folder.path + "/f",
            ])
        #expect(banner.status == 0 && banner.err.contains("no frames written"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/f/frame-001.png"))
    }
}
