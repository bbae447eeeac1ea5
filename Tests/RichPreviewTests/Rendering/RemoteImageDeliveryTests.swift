import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

@testable import RichPreview

/// `RemoteImageDelivery`: what a project says about the images its pushes name by URL (its
/// service extension downloads them, or not, and why), and how a card shows one: from a file of
/// the URL's name, as a placeholder, or not at all.
struct RemoteImageDeliveryTests {
    /// The delivery `AppIdentity.read(project:)` finds in the project fixture `name`.
    static func delivery(_ name: String) -> RemoteImageDelivery {
        AppIdentity.read(project: TestPaths.fixture("projects/\(name)").path).remoteImages
    }

    @Test func projectsWithAnExtensionThatAttachesDownloadThem() {
        for fixture in ["flutter-wired-service-extension", "capacitor-onesignal-wired", "expo-prebuild-wired"] {
            guard case .downloaded(let by) = Self.delivery(fixture) else {
                Issue.record("\(fixture): \(Self.delivery(fixture))")
                continue
            }
            #expect(by.hasPrefix("the app's notification service extension "), "\(fixture): \(by)")
        }
        guard case .downloaded(let by) = Self.delivery("expo-managed-wired") else {
            Issue.record("expo-managed-wired: \(Self.delivery("expo-managed-wired"))")
            return
        }
        #expect(by.contains("adds at expo prebuild"), "\(by)")
    }

    @Test func projectsWithoutOneDoNot() {
        #expect(
            Self.delivery("flutter-no-service-extension")
                == .notDownloaded(reason: "the app embeds no notification service extension"))
        guard case .notDownloaded(let reason) = Self.delivery("react-native-extension-problems") else {
            Issue.record("\(Self.delivery("react-native-extension-problems"))")
            return
        }
        #expect(reason.contains("neither attaches an image nor calls a push SDK's helper"), "\(reason)")
    }

    @Test func aFolderWithNoAppIsUnknown() throws {
        let folder = try TestPaths.temporaryFolder(holding: ["push.json": #"{"aps": {"alert": "Hi"}}"#])
        #expect(AppIdentity.read(project: folder.path).remoteImages == .unknown)
    }

    /// The first attachment of `payload` read from `folder`/push.json, as iOS shows it (with an
    /// error such as a missing `mutable-content`).
    static func attachment(_ payload: String, in folder: URL) throws -> (PayloadAttachments.Attachment, APNsPayload) {
        let file = folder.appendingPathComponent("push.json").path
        let decoded = try #require(PayloadDecoder().checkShown(Data(payload.utf8), file: file).shown)
        return (try #require(PayloadAttachments().check(decoded, file: file).first), decoded)
    }

    static let imagePush =
        #"{"aps": {"alert": "Sale", "mutable-content": 1}, "fcm_options": {"image": "https://cdn.example.com/img/sale%20banner.png?v=2"}}"#

    @Test func aDownloadedImageIsDrawnFromAFileOfItsNameElseAsAPlaceholder() throws {
        let folder = try TestPaths.temporaryFolder()
        let (attachment, payload) = try Self.attachment(Self.imagePush, in: folder)
        let delivery = RemoteImageDelivery.downloaded(by: "Service")
        let placeholder = try #require(delivery.shown(attachment, payload: payload, folder: folder))
        #expect(placeholder.attachment.isPlaceholder && placeholder.attachment.isDrawableImage)
        #expect(placeholder.attachment.keyPath == "fcm_options.image")
        #expect(placeholder.note.contains("drawn as a placeholder: Service downloads it at delivery"))
        #expect(placeholder.note.contains("a file named sale banner.png in"), "\(placeholder.note)")

        let pixels = [UInt8](repeating: 200, count: 4 * 3 * 4)
        try ImageEncoder.encode(RGBAImage(size: PixelSize(width: 4, height: 3), pixels: pixels)).data.write(
            to: folder.appendingPathComponent("sale banner.png"))
        let file = try #require(delivery.shown(attachment, payload: payload, folder: folder))
        #expect(!file.attachment.isPlaceholder && file.attachment.isDrawableImage)
        #expect(file.attachment.path == folder.appendingPathComponent("sale banner.png").path)
        #expect(
            file.attachment.format == .png
                && file.attachment.name == "https://cdn.example.com/img/sale%20banner.png?v=2")
        #expect(file.note.contains("is drawn from sale banner.png in"))
    }

    @Test func aFileOfTheURLsNameThatIOSWouldRefuseIsSaidSo() throws {
        let folder = try TestPaths.temporaryFolder()
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("sale banner.png"))
        let (attachment, payload) = try Self.attachment(Self.imagePush, in: folder)
        let shown = try #require(
            RemoteImageDelivery.downloaded(by: "Service").shown(attachment, payload: payload, folder: folder))
        #expect(!shown.attachment.isDrawableImage && !shown.attachment.isPlaceholder)
        #expect(shown.note.contains("sale banner.png in \(folder.path) stands for"), "\(shown.note)")
        #expect(shown.note.contains("but iOS would refuse it") && shown.note.hasSuffix("the card shows the text alone"))
    }

    @Test func aLinkOfTheURLsNameIsNotFollowed() throws {
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("sale banner.png").path, withDestinationPath: "/etc/passwd")
        let (attachment, payload) = try Self.attachment(Self.imagePush, in: folder)
        let shown = try #require(
            RemoteImageDelivery.downloaded(by: "Service").shown(attachment, payload: payload, folder: folder))
        #expect(shown.attachment.isPlaceholder && shown.attachment.path == nil)
        #expect(shown.note.contains("is not a regular file (a link is not followed)"), "\(shown.note)")
    }

    @Test func withoutMutableContentOrAnExtensionTheTextIsShownAlone() throws {
        let folder = try TestPaths.temporaryFolder()
        let (plain, plainPayload) = try Self.attachment(
            Self.imagePush.replacingOccurrences(of: #", "mutable-content": 1"#, with: ""), in: folder)
        let notRun = try #require(
            RemoteImageDelivery.downloaded(by: "Service").shown(plain, payload: plainPayload, folder: folder))
        #expect(!notRun.attachment.isDrawableImage)
        #expect(notRun.note.contains("without mutable-content iOS does not run Service"))

        let (attachment, payload) = try Self.attachment(Self.imagePush, in: folder)
        let none = try #require(
            RemoteImageDelivery.notDownloaded(reason: "no extension").shown(
                attachment, payload: payload, folder: folder))
        #expect(!none.attachment.isDrawableImage && none.note.contains("never appears on iOS: no extension"))
        let unknown = try #require(RemoteImageDelivery.unknown.shown(attachment, payload: payload, folder: folder))
        #expect(!unknown.attachment.isDrawableImage && unknown.note.contains("nothing says the app has one"))
    }

    @Test func aLocalAttachmentIsNotItsConcern() throws {
        let folder = try TestPaths.temporaryFolder()
        let (attachment, payload) = try Self.attachment(
            #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "photo.png"}"#, in: folder)
        #expect(RemoteImageDelivery.downloaded(by: "S").shown(attachment, payload: payload, folder: folder) == nil)
    }
}

/// `ExpoTargetConfig`: the `type` literal of an `@bacons/apple-targets` target's config, and
/// which files are such configs.
struct ExpoTargetConfigTests {
    @Test func theTypeLiteralIsRead() {
        let javaScript = """
            /** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
            module.exports = config => ({
              type: 'notification-service',
              entitlements: { "com.apple.security.application-groups": ["group.x"] },
            });
            """
        #expect(ExpoTargetConfig.type(in: Data(javaScript.utf8)) == "notification-service")
        #expect(ExpoTargetConfig.type(in: Data(#"{"type": "widget", "name": "W"}"#.utf8)) == "widget")
        #expect(ExpoTargetConfig.type(in: Data("module.exports = { type: kind };".utf8)) == nil)
        #expect(ExpoTargetConfig.type(in: Data("const subtype: 'x'".utf8)) == nil)
        #expect(ExpoTargetConfig.type(in: Data()) == nil)
    }

    @Test func onlyATargetFoldersConfigIsOne() {
        #expect(ExpoTargetConfig.appFolder(of: "app/targets/nse/expo-target.config.ts") == "app")
        #expect(ExpoTargetConfig.appFolder(of: "targets/nse/expo-target.config.json") == "")
        #expect(ExpoTargetConfig.appFolder(of: "app/targets/expo-target.config.js") == nil)
        #expect(ExpoTargetConfig.appFolder(of: "app/targets/nse/expo-target.config.swift") == nil)
        #expect(ExpoTargetConfig.appFolder(of: "app/other/nse/expo-target.config.js") == nil)
    }
}
