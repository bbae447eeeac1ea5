import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SdkContentCategoryUnclaimed`, and `ExtensionModuleNotLinked` for a content extension: a
/// React Native app's Braze Push Story extension (`react-native-braze-push-story`) and its wired
/// near miss.
struct SdkContentCategoryUnclaimedTests {
    static let fixture = "react-native-braze-push-story"

    /// The fixture's files by path, its extension's Swift file among them when `withCode`.
    static func fixtureFiles(withCode: Bool) throws -> [String: String] {
        let root = TestPaths.fixture("projects/\(fixture)")
        var names = [
            "package.json", "ios/Sample.xcodeproj/project.pbxproj", "ios/Sample/Info.plist",
            "ios/BrazePushStoryContent/Info.plist", "ios/Podfile",
        ]
        if withCode { names.append("ios/BrazePushStoryContent/NotificationViewController.swift") }
        var files: [String: String] = [:]
        for name in names { files[name] = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8) }
        return files
    }

    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("sdk-content-category-unclaimed", in: Self.fixture)
        #expect(found.map(\.file) == ["ios/BrazePushStoryContent/Info.plist"], "\(found)")
        #expect(found.first?.severity == .error)
        let message = found.first?.message ?? ""
        #expect(message.contains("hands its pushes to BrazePushStory (Braze Push Stories)"), "\(message)")
        #expect(message.contains("lists story_category but not ab_cat_push_story_v2"), "\(message)")
        #expect(
            message.hasSuffix(
                "add ab_cat_push_story_v2 to NSExtension > NSExtensionAttributes > UNNotificationExtensionCategory"))
    }

    @Test func theContentExtensionsPodIsNotLinked() {
        let found = XcodeProjectFixtures.findings("extension-module-not-linked", in: Self.fixture)
        #expect(found.map(\.file) == ["ios/BrazePushStoryContent/NotificationViewController.swift"], "\(found)")
        #expect(found.first?.message.contains("imports BrazePushStory (Braze)") == true, "\(found)")
        #expect(
            found.first?.message.contains("add `target 'BrazePushStoryContent' do pod 'BrazePushStory' end`") == true)
    }

    /// The category among others, and the pod in the extension's own block: neither rule fires.
    @Test func nearMissDoesNotTrigger() throws {
        var files = try Self.fixtureFiles(withCode: true)
        files["ios/BrazePushStoryContent/Info.plist"] = files["ios/BrazePushStoryContent/Info.plist"]?
            .replacingOccurrences(
                of: "<string>story_category</string>",
                with: "<array><string>story_category</string><string>ab_cat_push_story_v2</string></array>")
        files["ios/Podfile"]? += "\ntarget 'BrazePushStoryContent' do\n  pod 'BrazePushStory'\nend\n"
        let found = try LintFixture(files).lint().findings
        #expect(
            !found.contains { $0.rule == "sdk-content-category-unclaimed" || $0.rule == "extension-module-not-linked" },
            "\(found.map(\.message))")
    }

    /// An Objective-C extension importing its SDK in the header beside its `.m` only.
    @Test func anImportInTheExtensionsHeaderCounts() throws {
        var files = try Self.fixtureFiles(withCode: false)
        files["ios/Sample.xcodeproj/project.pbxproj"] = files["ios/Sample.xcodeproj/project.pbxproj"]?
            .replacingOccurrences(of: "NotificationViewController.swift", with: "NotificationViewController.m")
        files["ios/BrazePushStoryContent/NotificationViewController.h"] =
            "#import <CTNotificationContent/CTNotificationContent.h>\n\n@interface NotificationViewController : CTNotificationViewController\n@end\n"
        files["ios/BrazePushStoryContent/NotificationViewController.m"] =
            "#import \"NotificationViewController.h\"\n\n@implementation NotificationViewController\n@end\n"
        let found = try LintFixture(files).findings("extension-module-not-linked")
        #expect(found.count == 1 && found.first?.file?.hasSuffix("NotificationViewController.h") == true, "\(found)")
        #expect(found.first?.message.contains("imports CTNotificationContent (CleverTap)") == true, "\(found)")
    }

    /// CleverTap's slideshow controller comes in a category the app names: no category to check.
    @Test func anSdkWhoseCategoryTheAppChoosesIsNotChecked() throws {
        var files = try Self.fixtureFiles(withCode: false)
        files["ios/BrazePushStoryContent/NotificationViewController.swift"] =
            "import CTNotificationContent\n\nclass NotificationViewController: CTNotificationViewController {}\n"
        #expect(try LintFixture(files).findings("sdk-content-category-unclaimed").isEmpty)
    }
}
