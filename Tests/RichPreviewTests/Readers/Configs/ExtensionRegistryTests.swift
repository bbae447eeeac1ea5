import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct ExtensionRegistryTests {
    @Test func bundledSamplesAnswerWhichExtensionDrawsACategory() throws {
        let folder = TestPaths.packageFile("Info-plist-samples")
        let registry = try ExtensionRegistry.load([folder])
        #expect(registry.extensions.map(\.point) == [.contentExtension, .serviceExtension])
        let content = folder.appendingPathComponent("NotificationContent/Info.plist").relativePath
        for category in ["image_category", "audio_category", "movie_category"] {
            #expect(registry.contentExtension(for: category)?.file == content)
        }
        #expect(registry.contentExtension(for: "other") == nil)
        #expect(registry.conflicts.isEmpty)
    }

    @Test func twoExtensionsClaimingACategoryFirstGivenWins() throws {
        let folder = try TestPaths.temporaryFolder()
        let first = try PlistFixture.write(
            PlistFixture.content(categories: ["shared", "a"]), to: folder, "Z/Info.plist")
        let second = try PlistFixture.write(
            PlistFixture.content(categories: ["b", "shared"]), to: folder, "A/Info.plist")
        for order in [[first, second], [second, first]] {
            let registry = try ExtensionRegistry.load(order)
            #expect(registry.contentExtension(for: "shared")?.file == order[0].relativePath)
            #expect(
                registry.conflicts == [
                    CategoryConflict(category: "shared", winner: order[0].relativePath, loser: order[1].relativePath)
                ])
            #expect(registry.contentExtension(for: "a")?.file == first.relativePath)
            #expect(registry.contentExtension(for: "b")?.file == second.relativePath)
        }
    }

    @Test func foldersAreSearchedInPathOrder() throws {
        let folder = try TestPaths.temporaryFolder()
        try PlistFixture.write(PlistFixture.content(categories: ["shared"]), to: folder, "b/Info.plist")
        try PlistFixture.write(PlistFixture.content(categories: ["shared"]), to: folder, "a/deeper/Content.plist")
        let registry = try ExtensionRegistry.load([folder])
        #expect(registry.contentExtension(for: "shared")?.file.hasSuffix("a/deeper/Content.plist") == true)
        #expect(registry.conflicts.count == 1)
        #expect(registry.findings.count == 1)
    }

    @Test func foldersSkipPlistsThatAreNotExtensionsButNamedFilesMustBeOne() throws {
        let folder = try TestPaths.temporaryFolder()
        let app = try PlistFixture.write(["CFBundleName": "App"], to: folder, "App/Info.plist")
        try PlistFixture.write(PlistFixture.service(), to: folder, "Service/Info.plist")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Odd.plist"), withIntermediateDirectories: true)
        let registry = try ExtensionRegistry.load([folder])
        #expect(registry.extensions.map(\.point) == [.serviceExtension])
        do {
            _ = try ExtensionRegistry.load([app])
            Issue.record("an app's own plist named directly loaded")
        } catch {
            #expect(!error.isExtensionPlist && error.finding.rule == "extension-point-unknown")
            #expect(error.finding.file == app.relativePath)
        }
    }

    @Test func aFileReachedTwiceIsReadOnce() throws {
        let folder = try TestPaths.temporaryFolder()
        let file = try PlistFixture.write(PlistFixture.content(), to: folder, "Content/Info.plist")
        let registry = try ExtensionRegistry.load([folder, file])
        #expect(registry.extensions.count == 1)
        #expect(registry.conflicts.isEmpty)
    }

    @Test func aBrokenPlistInAFolderIsAnError() throws {
        let folder = try TestPaths.temporaryFolder()
        try Data("not a plist {".utf8).write(to: folder.appendingPathComponent("Broken.plist"))
        #expect(throws: ExtensionConfigError.self) { try ExtensionRegistry.load([folder]) }
        #expect(throws: ExtensionConfigError.self) {
            try ExtensionRegistry.load([folder.appendingPathComponent("absent")])
        }
    }

    @Test func symbolicLinkLoopsDoNotHang() throws {
        let folder = try TestPaths.temporaryFolder()
        try PlistFixture.write(PlistFixture.content(), to: folder, "Content/Info.plist")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Content/loop"), withDestinationURL: folder)
        #expect(ExtensionRegistry.plistFiles(in: folder).count == 1)
    }
}
