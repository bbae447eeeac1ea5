import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// A remote image (an FCM message's `apns.fcm_options.image`) drawn as iOS shows it: only when
/// a service extension downloads it (`--assume-service-extension`, or `--project` with one), from
/// a file of the URL's name in the attachments folder, else as a placeholder; the text alone
/// otherwise. `review` does the same. Run through the built binary.
struct RenderRemoteImageTests {
    /// An FCM HTTP v1 message whose iOS image is a remote PNG.
    static let message = """
        {"message": {"token": "t", "notification": {"title": "Sale", "body": "Half off today"},
          "apns": {"payload": {"aps": {"mutable-content": 1}},
                   "fcm_options": {"image": "https://cdn.example.com/banners/sale.png"}}}}
        """

    /// The stand-in's colour, a green nothing else on a card has.
    static let green: [UInt8] = [20, 180, 70]

    /// A folder with the message as `fcm.json`.
    static func folder() throws -> URL {
        try TestPaths.temporaryFolder(holding: ["fcm.json": message])
    }

    /// The banner of `fcm.json` in `folder` drawn with `arguments`, decoded.
    static func banner(_ arguments: [String], in folder: URL) throws -> (run: ToolRun, image: RGBAImage?) {
        let output = folder.appendingPathComponent("banner-\(UUID().uuidString).png").path
        let run = try ToolRun.binary(
            [
                "render", folder.appendingPathComponent("fcm.json").path, "--state", "banner", "--format", "png", "-o",
                output,
            ]
                + arguments)
        let image = (try? Data(contentsOf: URL(fileURLWithPath: output))).flatMap { try? ImageDecoder.decode($0) }
        return (run, image)
    }

    /// The pixels of `colour` (within 3) in the banner's trailing 70 points.
    static func trailing(_ colour: [UInt8], in image: RGBAImage) -> Int {
        RenderProjectTests.count(colour, in: image, x: 305...375, y: 0...90)
    }

    @Test func withoutAnExtensionTheBannerHasNoThumbnail() throws {
        let folder = try Self.folder()
        let (run, image) = try Self.banner([], in: folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("only a notification service extension downloads, and nothing says the app has one"))
        // The placeholder's hills are not drawn: nothing of their grey in the thumbnail's place.
        #expect(Self.trailing([160, 166, 176], in: try #require(image)) == 0)
    }

    @Test func anAssumedExtensionDrawsAPlaceholderThenTheFileOfTheURLsName() throws {
        let folder = try Self.folder()
        let (placeholder, drawn) = try Self.banner(["--assume-service-extension"], in: folder)
        #expect(placeholder.status == 0, "\(placeholder.err)")
        #expect(
            placeholder.err.contains("is drawn as a placeholder") && placeholder.err.contains("a file named sale.png"))
        #expect(Self.trailing([160, 166, 176], in: try #require(drawn)) > 200)

        let pixels = [UInt8]((0..<(64 * 64)).map { _ in Self.green + [255] }.joined())
        let attachments = folder.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        try ImageEncoder.encode(RGBAImage(size: PixelSize(width: 64, height: 64), pixels: pixels)).data.write(
            to: attachments.appendingPathComponent("sale.png"))
        let (run, image) = try Self.banner(
            ["--assume-service-extension", "--attachments", attachments.path], in: folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("is drawn from sale.png in"), "\(run.err)")
        // The thumbnail (about 44 pt square at 2x) is the file's green.
        #expect(Self.trailing(Self.green, in: try #require(image)) > 4000)
    }

    @Test func aProjectWithoutAServiceExtensionSaysTheImageNeverAppears() throws {
        let folder = try Self.folder()
        let project = TestPaths.fixture("projects/flutter-no-service-extension").path
        let run = try ToolRun.binary(
            ["render", folder.appendingPathComponent("fcm.json").path, "--format", "text", "--project", project])
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.err.contains("never appears on iOS: the app embeds no notification service extension"), "\(run.err)")
        #expect(!run.out.contains("[image downloaded at delivery]"))
        let wired = try ToolRun.binary(
            [
                "render", folder.appendingPathComponent("fcm.json").path, "--format", "text", "--project",
                TestPaths.fixture("projects/flutter-wired-service-extension").path,
            ])
        #expect(wired.out.contains("[image downloaded at delivery]"), "\(wired.out)\(wired.err)")
    }

    @Test func reviewSaysHowTheRemoteImageIsShown() throws {
        let folder = try Self.folder()
        let page = folder.appendingPathComponent("review.html").path
        let run = try ToolRun.binary(
            ["review", folder.path, "-o", page, "--json", "--assume-service-extension"])
        #expect(run.status == 0, "\(run.err)")
        let report = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
        let card = (report?["cards"] as? [[String: Any]])?.first
        let remote = card?["remoteImage"] as? String
        #expect(remote?.contains("is drawn as a placeholder") == true, "\(run.out)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("is drawn as a placeholder"))

        let plain = try ToolRun.binary(["review", folder.path, "-o", page, "--json"])
        let plainCard =
            ((try JSONSerialization.jsonObject(with: Data(plain.out.utf8)) as? [String: Any])?["cards"]
            as? [[String: Any]])?.first
        #expect((plainCard?["remoteImage"] as? String)?.contains("only a notification service extension") == true)
    }
}
