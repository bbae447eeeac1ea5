import Foundation
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewTestSupport
import Testing

/// `render PAYLOAD PAYLOAD...`: the payloads grouped by thread and drawn as stacks, by the built
/// binary and in-process, measured against the cards drawn alone.
struct RenderStackTests {
    /// Writes payloads of `(file name, thread, body)` into a new folder; their paths in order.
    static func payloads(_ items: [(String, String?, String)]) throws -> (folder: URL, paths: [String]) {
        let folder = try TestPaths.temporaryFolder()
        let paths = try items.map { name, thread, body in
            let threadKey = thread.map { #","thread-id":"\#($0)""# } ?? ""
            let json = #"{"aps":{"alert":{"title":"Anna","body":"\#(body)"}\#(threadKey)}}"#
            let url = folder.appendingPathComponent(name)
            try Data(json.utf8).write(to: url)
            return url.path
        }
        return (folder, paths)
    }

    /// Runs the binary to draw `paths` as one PNG and decodes it: solid platters on a one-colour
    /// wallpaper, so that a card's pixels do not depend on where in the picture it stands.
    static func picture(_ paths: [String], state: String, in folder: URL) throws -> RGBAImage {
        let output = folder.appendingPathComponent("picture-\(paths.count)-\(state).png")
        let wallpaper = folder.appendingPathComponent("grey.png")
        _ = try ImageEncoder.write(
            RGBAImage(size: PixelSize(width: 1, height: 1), pixels: [209, 209, 214, 255]), to: wallpaper.path)
        let run = try ToolRun.binary(
            ["render"] + paths + [
                "--format", "png", "-o", output.path, "--state", state, "--scale", "2", "--reduce-transparency",
                "--wallpaper", wallpaper.path,
            ])
        #expect(run.status == 0, "\(run.err)")
        return try ImageDecoder.decode(try Data(contentsOf: output))
    }

    static func sameRows(_ a: RGBAImage, _ b: RGBAImage, _ rows: Range<Int>) -> Bool {
        a.size.width == b.size.width
            && rows.allSatisfy { y in (0..<a.size.width).allSatisfy { a.pixel(x: $0, y: y) == b.pixel(x: $0, y: y) } }
    }

    @Test func twoPayloadsOfOneThreadAreOneStack() throws {
        let (folder, paths) = try Self.payloads([
            ("old.json", "chat", "Are we still on?"), ("new.json", "chat", "See you there!"),
        ])
        let top = try Self.picture([paths[1]], state: "banner", in: folder)
        let older = try Self.picture([paths[0]], state: "banner", in: folder)
        let stack = try Self.picture(paths, state: "banner", in: folder)
        #expect(stack.size.width == 750)
        // The newest card, one edge (8 pt) and the summary line under it.
        #expect(stack.size.height > top.size.height + 16 + 20, "\(stack.size) against \(top.size)")
        #expect(stack.size.height < top.size.height + older.size.height - 16, "less than two cards")
        let backdrop = stack.pixel(x: 0, y: 0)
        #expect(stack.pixel(x: 375, y: top.size.height - 16 + 8) != backdrop, "the edge under the top card")

        let list = try Self.picture(paths, state: "expanded", in: folder)
        let expected = 16 + 88 + (top.size.height - 32) + 16 + (older.size.height - 32) + 16
        #expect(abs(list.size.height - expected) <= 1, "\(list.size.height) against \(expected)")

        let text = ToolRun.inProcess(["render"] + paths + ["--format", "text", "--width", "50", "--state", "banner"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.components(separatedBy: "╭").count - 1 == 1, "the top card only:\n\(text.out)")
        #expect(text.out.contains("See you there!"))
        #expect(!text.out.contains("Are we still on?"))
        let lines = text.out.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.count == 50 }, "the card's lines")
        // The summary is the top card's last row, centred in it, as iOS draws it; under the card,
        // the edge of the one behind, a column narrower a side.
        #expect(
            lines.dropLast(2).last
                == Substring(
                    "│" + String(repeating: " ", count: 14) + "1 more notification" + String(repeating: " ", count: 15)
                        + "│"), "\(text.out)")
        #expect(lines.last == Substring(" ╰" + String(repeating: "─", count: 46) + "╯"), "\(text.out)")
        let expanded = ToolRun.inProcess(["render"] + paths + ["--format", "text", "--width", "50"])
        #expect(expanded.out.components(separatedBy: "╭").count - 1 == 2)
        let newest = try #require(expanded.out.range(of: "See you there!"))
        let oldest = try #require(expanded.out.range(of: "Are we still on?"))
        #expect(newest.lowerBound < oldest.lowerBound, "newest first")
    }

    @Test func payloadsOfTwoThreadsAreTwoStacks() throws {
        let (folder, paths) = try Self.payloads([
            ("anna.json", "anna", "Are we still on?"), ("ben.json", "ben", "Package arrived"),
        ])
        let anna = try Self.picture([paths[0]], state: "banner", in: folder)
        let ben = try Self.picture([paths[1]], state: "banner", in: folder)
        let both = try Self.picture(paths, state: "banner", in: folder)
        // Two single cards, 8 pt apart, the newest thread first.
        let expected = anna.size.height + ben.size.height - 16
        #expect(abs(both.size.height - expected) <= 1, "\(both.size.height) against \(expected)")
        #expect(Self.sameRows(ben, both, 0..<ben.size.height - 16))

        let text = ToolRun.inProcess(["render"] + paths + ["--format", "text", "--width", "50", "--state", "banner"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.components(separatedBy: "╭").count - 1 == 2)
        #expect(!text.out.contains("more notification"))
    }

    @Test func anInvalidPayloadAmongSeveralFailsAndIsNamed() throws {
        let (folder, paths) = try Self.payloads([("good.json", "chat", "Hello")])
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"aps": {"alert": "#.utf8).write(to: broken)
        let output = folder.appendingPathComponent("stack.png")
        let run = try ToolRun.binary(["render", paths[0], broken.path, "--format", "png", "-o", output.path])
        #expect(run.status == 1)
        #expect(run.err.contains(broken.path), "\(run.err)")
        #expect(!run.err.contains("good.json"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let missing = folder.appendingPathComponent("missing.json").path
        let unread = ToolRun.inProcess(["render", paths[0], missing, "--format", "text"])
        #expect(unread.status == 1)
        #expect(unread.err.contains(missing))
    }

    /// A push iOS presents no notification for is left out of the stacks with a note; when none
    /// is presented there is nothing to stack, one error.
    @Test func pushesWithoutANotificationAreLeftOutOfTheStacks() throws {
        let (folder, paths) = try Self.payloads([("a.json", "chat", "Hello"), ("b.json", "chat", "Again")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let update = folder.appendingPathComponent("update.json")
        try Data(#"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"score":1}}}"#.utf8)
            .write(to: update)
        let reload = folder.appendingPathComponent("reload.json")
        try Data(#"{"aps":{"content-changed":true}}"#.utf8).write(to: reload)
        let run = ToolRun.inProcess(["render", paths[0], update.path, paths[1], "--format", "text"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Hello") && run.out.contains("Again") && !run.out.contains("Live Activity"))
        #expect(
            run.err.contains("update.json: note: iOS presents no notification for this push (Live Activity update)"),
            "\(run.err)")
        let none = ToolRun.inProcess(["render", update.path, reload.path, "--format", "text"])
        #expect(none.status == 1 && none.out.isEmpty)
        #expect(none.err.contains("nothing to stack: iOS presents none of these pushes as a notification"))
    }

    @Test func aBareImageOrFramesAmongSeveralIsAUsageError() throws {
        let (folder, paths) = try Self.payloads([("a.json", "chat", "Hello"), ("b.png", "chat", "Again")])
        let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        let mixed = ToolRun.inProcess(["render", paths[0], image, "--format", "text"])
        #expect(mixed.status == 2)
        #expect(mixed.err.contains("sample-image.jpg"))
        let frames = ToolRun.inProcess(
            ["render"] + paths + [
                "--format", "png", "-o", folder.appendingPathComponent("s.png").path, "--frames",
                folder.appendingPathComponent("frames").path,
            ])
        #expect(frames.status == 2)
        // A payload named like a picture is not overwritten by it, whichever input it is.
        let overwrite = ToolRun.inProcess(["render", paths[0], paths[1], "--format", "png", "-o", paths[1]])
        #expect(overwrite.status == 2)
        #expect(overwrite.err.contains("overwrite"))
    }

    @Test func aListTooLongForOnePictureIsCutWithAWarning() throws {
        let (folder, paths) = try Self.payloads((1...120).map { ("m\($0).json", "chat", "message \($0)") })
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("long.png")
        let run = try ToolRun.binary(["render"] + paths + ["--format", "png", "-o", output.path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("of 120 cards are left out: a picture is at most 8192 pixels tall"), "\(run.err)")
        #expect(try ImageDecoder.decode(try Data(contentsOf: output)).size.height <= 8192)
        let banner = try ToolRun.binary(
            ["render"] + paths + ["--format", "png", "-o", output.path, "--state", "banner"])
        #expect(banner.status == 0 && !banner.err.contains("left out"), "\(banner.err)")
    }
}
