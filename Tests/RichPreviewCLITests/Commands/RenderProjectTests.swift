import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `render --project DIR`: the app's icon from its asset catalog, its display name from its
/// Info.plist and its strings; `--app-icon` and `--app-name` win; a project whose icon cannot be
/// used falls back to the placeholder with a note. `--sender` and `--avatar` draw a communication
/// notification. Run through the built binary.
struct RenderProjectTests {
    /// The icon's colour: a magenta no other part of a card has.
    static let iconColour: [UInt8] = [230, 20, 190]
    /// The avatar's colour, a green.
    static let avatarColour: [UInt8] = [20, 180, 70]
    /// The `--app-icon` file's colour, an orange.
    static let givenIconColour: [UInt8] = [250, 140, 10]

    /// A solid PNG of `side`² pixels in `colour`.
    static func png(_ colour: [UInt8], side: Int) throws -> Data {
        let pixels = [UInt8]((0..<(side * side)).map { _ in colour + [255] }.joined())
        return try ImageEncoder.encode(RGBAImage(size: PixelSize(width: side, height: side), pixels: pixels)).data
    }

    static let contents = """
        {"images": [
          {"filename": "small.png", "idiom": "iphone", "scale": "2x", "size": "20x20"},
          {"filename": "large.png", "idiom": "iphone", "scale": "3x", "size": "60x60"},
          {"filename": "pad.png", "idiom": "ipad", "scale": "2x", "size": "83.5x83.5"}
        ], "info": {"author": "xcode", "version": 1}}
        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleDisplayName</key><string>Parcel Pal</string>
        <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
        </dict></plist>
        """

    /// A project folder: the app's Info.plist, an asset catalog whose largest iPhone icon is
    /// `iconColour` (the smaller one and the iPad one another colour), and English strings.
    static func project(contents: String = Self.contents) throws -> URL {
        let folder = try TestPaths.temporaryFolder(holding: [
            "App/Info.plist": plist,
            "App/Assets.xcassets/AppIcon.appiconset/Contents.json": contents,
            "App/en.lproj/Localizable.strings": #""ORDER_SHIPPED" = "Your order is on its way";"#,
        ])
        let set = folder.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset")
        try png(iconColour, side: 24).write(to: set.appendingPathComponent("large.png"))
        try png([0, 0, 0], side: 8).write(to: set.appendingPathComponent("small.png"))
        try png([0, 0, 0], side: 8).write(to: set.appendingPathComponent("pad.png"))
        return folder
    }

    static let payload = Data(#"{"aps": {"alert": {"loc-key": "ORDER_SHIPPED"}}}"#.utf8)

    /// How many pixels of `image` within the points `x`, `y` (at `scale`) are `colour`, give or take 3.
    static func count(
        _ colour: [UInt8], in image: RGBAImage, x: ClosedRange<Double>, y: ClosedRange<Double>, scale: Double = 2
    ) -> Int {
        var found = 0
        for row in Int(y.lowerBound * scale)..<min(image.size.height, Int(y.upperBound * scale)) {
            for column in Int(x.lowerBound * scale)..<min(image.size.width, Int(x.upperBound * scale)) {
                let pixel = image.pixel(x: column, y: row)
                if (0..<3).allSatisfy({ abs(Int(pixel[$0]) - Int(colour[$0])) <= 3 }) { found += 1 }
            }
        }
        return found
    }

    static func render(_ arguments: [String], in folder: URL) throws -> (run: ToolRun, image: RGBAImage?) {
        let output = folder.appendingPathComponent("card-\(UUID().uuidString).png").path
        let run = try ToolRun.binary(
            ["render", "-", "--format", "png", "-o", output] + arguments, standardInput: payload)
        let image = (try? Data(contentsOf: URL(fileURLWithPath: output))).flatMap { try? ImageDecoder.decode($0) }
        return (run, image)
    }

    @Test func theHeaderAndTheBannerDrawTheProjectsIcon() throws {
        let project = try Self.project()
        for state in ["expanded", "banner"] {
            let (run, image) = try Self.render(["--project", project.path, "--state", state], in: project)
            #expect(run.status == 0, "\(run.err)")
            let picture = try #require(image)
            // The icon is the leftmost thing on the platter, in its first 72 points.
            let pixels = Self.count(Self.iconColour, in: picture, x: 8...72, y: 8...72)
            // 20 pt expanded, 38 pt in the banner, rounded: most of the square at 2x.
            #expect(pixels > (state == "banner" ? 4000 : 1200), "\(state): \(pixels)")
        }
    }

    @Test func theTextShowsTheDisplayNameAndTheStrings() throws {
        let project = try Self.project()
        let run = try ToolRun.binary(
            ["render", "-", "--format", "text", "--width", "60", "--project", project.path],
            standardInput: Self.payload)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Parcel Pal") && run.out.contains("Your order is on its way"), "\(run.out)")
        let named = try ToolRun.binary(
            ["render", "-", "--format", "text", "--width", "60", "--project", project.path, "--app-name", "Other"],
            standardInput: Self.payload)
        #expect(named.out.contains("Other") && !named.out.contains("Parcel Pal"), "\(named.out)")
    }

    @Test func aGivenIconWins() throws {
        let project = try Self.project()
        let given = project.appendingPathComponent("given.png")
        try Self.png(Self.givenIconColour, side: 24).write(to: given)
        let (run, image) = try Self.render(["--project", project.path, "--app-icon", given.path], in: project)
        #expect(run.status == 0, "\(run.err)")
        let picture = try #require(image)
        #expect(Self.count(Self.givenIconColour, in: picture, x: 8...72, y: 8...72) > 1200)
        #expect(Self.count(Self.iconColour, in: picture, x: 0...375, y: 0...400) == 0)
    }

    @Test func theSingleSizeIconOfXcode14IsTaken() throws {
        let project = try Self.project(
            contents:
                #"{"images": [{"filename": "large.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}]}"#
        )
        let (run, image) = try Self.render(["--project", project.path], in: project)
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.count(Self.iconColour, in: try #require(image), x: 8...72, y: 8...72) > 1200)
    }

    @Test func anAvatarCardShowsTheAvatarInACircleWithTheAppIconAsABadge() throws {
        let project = try Self.project()
        let avatar = project.appendingPathComponent("anna.png")
        try Self.png(Self.avatarColour, side: 64).write(to: avatar)
        let (run, image) = try Self.render(
            ["--project", project.path, "--state", "banner", "--sender", "Anna Berg", "--avatar", avatar.path],
            in: project)
        #expect(run.status == 0, "\(run.err)")
        let picture = try #require(image)
        // The banner's 38 pt icon place, at x 21…59 pt, centred in a 66 pt platter 8 pt down.
        let (left, top, side) = (21.0, 22.0, 38.0)
        let centre = picture.pixel(x: Int((left + side / 2) * 2), y: Int((top + side / 2) * 2))
        #expect((0..<3).allSatisfy { abs(Int(centre[$0]) - Int(Self.avatarColour[$0])) <= 3 }, "\(centre)")
        // Round: the top leading corner of its square is not the avatar's.
        #expect(Self.count(Self.avatarColour, in: picture, x: left...(left + 4), y: top...(top + 4)) == 0)
        // The badge: the app's icon at the lower trailing corner.
        let badge = Self.count(
            Self.iconColour, in: picture, x: (left + side - 16)...(left + side + 2),
            y: (top + side - 16)...(top + side + 2))
        #expect(badge > 200, "\(badge)")
        // The sender's name is the title.
        let text = try ToolRun.binary(
            ["render", "-", "--format", "text", "--width", "60", "--sender", "Anna Berg"], standardInput: Self.payload)
        #expect(text.out.contains("Anna Berg"), "\(text.out)")
    }

    @Test func anAvatarNeedsASenderAndMustBeAnImage() throws {
        let project = try Self.project()
        let run = try ToolRun.binary(
            ["render", "-", "--format", "text", "--avatar", project.appendingPathComponent("x.png").path],
            standardInput: Self.payload)
        #expect(run.status == 2, "\(run.err)")
        let text = project.appendingPathComponent("anna.png")
        try Data("not an image".utf8).write(to: text)
        for avatar in [text.path, project.appendingPathComponent("nowhere.png").path] {
            let (bad, image) = try Self.render(["--sender", "Anna", "--avatar", avatar], in: project)
            #expect(bad.status == 1 && image == nil, "\(bad.err)")
            #expect(bad.err.split(separator: "\n").filter { $0.contains("the avatar") }.count == 1, "\(bad.err)")
        }
    }

    // MARK: Hostile projects

    @Test func iconSetsThatCannotBeUsedFallBackToThePlaceholderWithANote() throws {
        let notJSON = try Self.project(contents: "{ not json")
        let notPNG = try Self.project()
        try Data("GIF89a, not a PNG".utf8).write(
            to: notPNG.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset/large.png"))
        let huge = try Self.project(
            contents:
                #"{"images": [{"filename": "large.png", "idiom": "iphone", "scale": "3x", "size": "99999999x99999999"}]}"#
        )
        // A PNG whose header declares 60000 × 60000 pixels: over the pixel limit before a row is read.
        let hugePNG = try Self.project()
        var header = try Self.png(Self.iconColour, side: 24)
        header.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        try header.write(to: hugePNG.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset/large.png"))
        let outside = try TestPaths.temporaryFolder()
        try Self.png(Self.iconColour, side: 24).write(to: outside.appendingPathComponent("secret.png"))
        let linked = try Self.project()
        let link = linked.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset/large.png")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: outside.appendingPathComponent("secret.png"))
        for (name, project, note) in [
            ("not JSON", notJSON, "not an asset catalog's JSON"), ("not a PNG", notPNG, "not a PNG"),
            ("a PNG over the pixel limit", hugePNG, "the app icon is not drawn"),
            ("a link out", linked, "leads out of the folder"),
        ] {
            let (run, image) = try Self.render(["--project", project.path], in: project)
            #expect(run.status == 0 && run.terminatingSignal == nil, "\(name): \(run.err)")
            #expect(run.err.contains(note), "\(name): \(run.err)")
            #expect(run.err.split(separator: "\n").count <= 2, "\(name): \(run.err)")
            let picture = try #require(image, "\(name)")
            #expect(Self.count(Self.iconColour, in: picture, x: 0...375, y: 0...400) == 0, "\(name)")
        }
        // A declared size is only a rank: the real PNG is decoded.
        let (run, image) = try Self.render(["--project", huge.path], in: huge)
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.count(Self.iconColour, in: try #require(image), x: 8...72, y: 8...72) > 1200)
    }

    @Test func aProjectThatIsNotAFolderIsAnError() throws {
        let folder = try TestPaths.temporaryFolder()
        let run = try ToolRun.binary(
            ["render", "-", "--format", "text", "--project", folder.appendingPathComponent("nowhere").path],
            standardInput: Self.payload)
        #expect(run.status == 1 && run.err.contains("nowhere"), "\(run.err)")
    }
}
