import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `ProjectReviewer` names the app as the project's app Info.plist does, unless told a name, and
/// decodes a movie's frame within its memory limit.
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

    @Test func withoutADisplayNameOrWithAnUnresolvedOneTheAppIsApp() throws {
        for name in [nil, "$(PRODUCT_NAME)"] {
            let folder = try Self.project(displayName: name)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(
                try Self.pictures(folder, appName: nil) == (try Self.pictures(folder, appName: "App")),
                "\(String(describing: name))")
        }
    }

    @Test func aMovieWhoseFrameIsOverTheMemoryLimitIsNotDrawnAndSaysWhy() throws {
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
        #expect(card.pictures.isEmpty)
        let problem = try #require(card.problem)
        #expect(problem.contains("8192x8192") && problem.contains("over the memory limit of 64 MiB"), "\(problem)")
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
