import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ProviderImageNotDownloaded`: images each provider's iOS helper drops or misnames, and the same
/// messages with images it keeps.
struct ProviderImageNotDownloadedTests {
    static let oneSignal =
        #"{"app_id": "a", "included_segments": ["All"], "contents": {"en": "B"}, "ios_attachments": {"p": "URL"}}"#

    @Test func triggers() throws {
        let fixture = try LintFixture([
            "onesignal.json": Self.oneSignal.replacingOccurrences(of: "URL", with: "https://cdn.example/p.webp"),
            "onesignal-ftp.json": Self.oneSignal.replacingOccurrences(of: "URL", with: "ftp://cdn.example/p.png"),
            "braze.json":
                #"{"messages": {"apple_push": {"alert": "A", "asset_url": "https://cdn.example/b.png", "asset_file_type": "jpg"}}}"#,
            "braze-type.json":
                #"{"messages": {"apple_push": {"alert": "A", "asset_url": "https://cdn.example/b", "asset_file_type": "webp"}}}"#,
            "braze-url.json":
                #"{"apple_push": {"alert": "A", "asset_url": "videos/clip.mp4", "asset_file_type": "mp4"}}"#,
        ])
        let findings = fixture.findings("provider-image-not-downloaded")
        #expect(
            Set(findings.map(\.placeInFixture))
                == [
                    "onesignal.json:ios_attachments.p", "onesignal-ftp.json:ios_attachments.p",
                    "braze.json:messages.apple_push.asset_file_type",
                    "braze-type.json:messages.apple_push.asset_file_type", "braze-url.json:apple_push.asset_url",
                ], "\(findings)")
        #expect(findings.allSatisfy { $0.severity == .warning && $0.line == 1 })
    }

    @Test func anExpoImageThatIsNoJPEGIsANote() throws {
        let fixture = try LintFixture([
            "expo.json":
                #"{"to": "ExponentPushToken[a]", "title": "T", "mutableContent": true, "richContent": {"image": "https://cdn.example/e.png"}}"#
        ])
        let findings = fixture.findings("provider-image-not-downloaded")
        #expect(findings.map(\.keyPath) == ["richContent.image"], "\(findings)")
        #expect(findings.map(\.severity) == [.note])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "onesignal.json": Self.oneSignal.replacingOccurrences(of: "URL", with: "https://cdn.example/p.jpeg"),
            "onesignal-query.json": Self.oneSignal.replacingOccurrences(
                of: "URL", with: "https://cdn.example/render.php?filename=p.png"),
            "onesignal-bundle.json": Self.oneSignal.replacingOccurrences(of: "URL", with: "bundled.png"),
            "braze.json":
                #"{"messages": {"apple_push": {"alert": "A", "asset_url": "https://cdn.example/b.jpeg", "asset_file_type": "jpg"}}}"#,
            "expo.json":
                #"{"to": "ExponentPushToken[a]", "title": "T", "mutableContent": true, "richContent": {"image": "https://cdn.example/e.jpg"}}"#,
            "airship.json":
                #"{"audience": "all", "device_types": "all", "notification": {"ios": {"alert": "A", "media_attachment": {"url": "https://cdn.example/m.webp"}}}}"#,
        ])
        #expect(fixture.findings("provider-image-not-downloaded").isEmpty)
    }
}
