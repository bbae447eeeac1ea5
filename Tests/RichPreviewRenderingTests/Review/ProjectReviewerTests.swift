import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `ProjectReviewer` names the app as the project's app Info.plist does, unless told a name,
/// decodes a movie's frame within its memory limit, and draws every payload iOS shows as iOS
/// shows it (without an attachment iOS would not add).
struct ProjectReviewerTests {
    /// A folder with one payload and an app Info.plist whose display name is `displayName`.
    static func project(displayName: String?) throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        try Data(#"{"aps": {"alert": {"title": "Dinner", "body": "Table for two at eight"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("dinner.json"))
        let name = displayName.map { "<key>CFBundleDisplayName</key><string>\($0)</string>" } ?? ""
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>LSRequiresIPhoneOS</key><true/>\(name)</dict></plist>
            """
        try Data(plist.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        return folder
    }

    static func pictures(_ folder: URL, appName: String?) throws -> [Data] {
        let reviewer = ProjectReviewer(appName: appName, fonts: try SharedFonts.fonts(), parallelism: 1)
        let review = try reviewer.review([folder.path])
        return try #require(review.cards.first).pictures.map(\.data)
    }

    @Test func theAppsDisplayNameIsTheDefault() throws {
        let named = try Self.project(displayName: "Pantry")
        defer { try? FileManager.default.removeItem(at: named) }
        let fromPlist = try Self.pictures(named, appName: nil)
        #expect(fromPlist.count == 4)
        #expect(fromPlist == (try Self.pictures(named, appName: "Pantry")))
        #expect(fromPlist != (try Self.pictures(named, appName: "App")))
        // A name the option gives wins over the plist's.
        #expect(try Self.pictures(named, appName: "Other") != fromPlist)
    }

    @Test func theCardsDrawTheAppsIconFromItsAssetCatalog() throws {
        let folder = try Self.project(displayName: "Pantry")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images": [{"filename": "icon.png", "idiom": "iphone", "scale": "3x", "size": "60x60"}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let colour: [UInt8] = [230, 20, 190, 255]
        let icon = RGBAImage(
            size: PixelSize(width: 16, height: 16), pixels: [UInt8]((0..<256).map { _ in colour }.joined()))
        try ImageEncoder.encode(icon).data.write(to: set.appendingPathComponent("icon.png"))
        for data in try Self.pictures(folder, appName: nil) {
            let picture = try ImageDecoder.decode(data)
            // The icon's place, the platter's first 72 points at 2x: mostly the icon's colour.
            var found = 0
            for y in 16..<min(picture.size.height, 144) {
                for x in 16..<144 where picture.pixel(x: x, y: y) == SIMD4(colour) { found += 1 }
            }
            #expect(found > 1000, "\(found)")
        }
    }

    @Test func withoutADisplayNameOrWithAnUnresolvedOneTheAppIsApp() throws {
        for name in [nil, "$(PRODUCT_NAME)"] {
            let folder = try Self.project(displayName: name)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(
                try Self.pictures(folder, appName: nil) == (try Self.pictures(folder, appName: "App")),
                "\(String(describing: name))")
        }
    }

    @Test func aMovieWhoseFrameIsOverTheMemoryLimitIsDrawnWithoutItAndSaysWhy() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: TestPaths.fixture("media-frames/mp4-8192x8192.mp4"), to: folder.appendingPathComponent("large.mp4"))
        try Data(
            #"{"aps": {"alert": {"title": "Clip", "body": "b"}, "mutable-content": 1}, "attachment-url": "large.mp4"}"#
                .utf8
        ).write(to: folder.appendingPathComponent("clip.json"))
        var reviewer = ProjectReviewer(fonts: try SharedFonts.fonts(), parallelism: 1)
        reviewer.frameLimits = ImageLimits(maxMemory: 64 << 20)
        let card = try #require(try reviewer.review([folder.path]).cards.first)
        #expect(card.problem == nil)
        #expect(card.pictures.map(\.view) == ReviewView.standard)
        let without = try #require(card.drawnWithout)
        #expect(without.contains("8192x8192") && without.contains("over the memory limit of 64 MiB"), "\(without)")
        // The facts still name the attachment.
        #expect(card.attachment?.name == "large.mp4")
    }

    @Test func aPayloadWithAnAttachmentButNoMutableContentIsDrawnAsIOSShowsItBesideItsFinding() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: TestPaths.packageFile("Resources/attachments/sample-image.jpg"),
            to: folder.appendingPathComponent("photo.jpg"))
        try Data(#"{"aps": {"alert": {"title": "Photo", "body": "b"}}, "attachment-url": "photo.jpg"}"#.utf8)
            .write(to: folder.appendingPathComponent("a-attached.json"))
        try Data(#"{"aps": {"alert": {"title": "Photo", "body": "b"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("b-text.json"))
        let reviewer = ProjectReviewer(fonts: try SharedFonts.fonts(), parallelism: 1)
        let cards = try reviewer.review([folder.path]).cards
        let attached = try #require(cards.first { $0.file.hasSuffix("a-attached.json") })
        let text = try #require(cards.first { $0.file.hasSuffix("b-text.json") })
        #expect(attached.problem == nil)
        #expect(attached.findings.contains { $0.rule == "mutable-content-missing" })
        #expect(
            attached.drawnWithout?.contains("mutable-content") == true, "\(String(describing: attached.drawnWithout))")
        // What iOS shows: the text alone, as the same payload without the attachment draws it.
        #expect(attached.pictures.count == 4)
        #expect(attached.pictures.map(\.data) == text.pictures.map(\.data))
        #expect(attached.fields["attachment-url"] == "photo.jpg" && attached.fields["aps.alert.title"] == "Photo")
    }

    /// A review's cards and stacks stand on one plain colour per appearance (the wallpaper's
    /// base, not its gradient), and their platters cast no shadow: every picture's corners are
    /// that colour, and so is the margin beside the platters, where a shadow would fall.
    @Test func thePicturesStandOnAPlainBackdrop() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] {
            try Data(#"{"aps": {"alert": {"title": "\#(name)", "body": "b"}, "thread-id": "t"}}"#.utf8)
                .write(to: folder.appendingPathComponent("\(name).json"))
        }
        let review = try ProjectReviewer(fonts: try SharedFonts.fonts(), parallelism: 1).review([folder.path])
        let pictures = review.cards.flatMap(\.pictures) + review.threads.flatMap(\.pictures)
        #expect(pictures.count == 8 + 4)
        var backdrops: [Appearance: Set<SIMD4<UInt8>>] = [:]
        for picture in pictures {
            let image = try ImageDecoder.decode(picture.data, convertingToSRGB: false)
            let (width, height) = (image.size.width, image.size.height)
            // The four corners, outside the platters' shadows; a gradient would differ between
            // them and between pictures of other heights.
            let corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)].map {
                image.pixel(x: $0.0, y: $0.1)
            }
            backdrops[picture.view.appearance, default: []].formUnion(corners)
            // The platters start 8 points (16 pixels) in; the style's shadow reaches 12 points out.
            let besideThePlatter = Set((0..<12).map { image.pixel(x: $0, y: height / 2) })
            #expect(besideThePlatter == [corners[0]], "\(picture.view.key): \(besideThePlatter)")
        }
        #expect(backdrops[.light]?.count == 1 && backdrops[.dark]?.count == 1, "\(backdrops)")
        #expect(backdrops[.light] != backdrops[.dark])
    }

    @Test func aNameXcodeGeneratesIsReadFromTheProjectFile() throws {
        // The app target's Info.plist is generated: INFOPLIST_KEY_CFBundleDisplayName = Lone.
        let folder = TestPaths.fixture("projects/xcode-generated-plist")
        let drawn = try Self.pictures(folder, appName: nil)
        #expect(!drawn.isEmpty)
        #expect(drawn == (try Self.pictures(folder, appName: "Lone")))
        #expect(drawn != (try Self.pictures(folder, appName: "App")))
    }
}
