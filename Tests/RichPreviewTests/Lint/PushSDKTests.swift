import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Categories a third-party push SDK registers at run time: a project bringing in one (by its
/// Podfile, Podfile.lock, Cartfile, an Xcode project's Swift packages, a React Native
/// `package.json` or a Flutter `pubspec.yaml`) gets a note naming the SDK instead of a warning;
/// a category the SDK registers by name (Braze's) is registered; an SDK that registers none
/// (Firebase Messaging) changes nothing.
struct PushSDKTests {
    /// A content extension claiming `categories`, and the app registering nothing.
    static func tree(_ files: [String: String], categories: [String] = ["chat", "promo"]) throws -> LintFixture {
        try LintFixture(
            files.merging([
                "Content/Info.plist": Samples.content(categories), "App/Info.plist": Samples.app(modes: []),
                "push.json": #"{"aps": {"alert": "x", "category": "promo"}}"#,
            ]) { $1 })
    }

    /// "rule severity" of the category rules' findings.
    static func categoryFindings(_ fixture: LintFixture) -> [String] {
        fixture.lint().findings.filter { ["category-not-registered", "payload-category-unknown"].contains($0.rule) }
            .map { "\($0.rule) \($0.severity)" }
    }

    @Test(arguments: [
        ("Podfile", "platform :ios, '13.0'\ntarget 'App' do\n  pod 'OneSignalXCFramework', '>= 5.0'\nend\n"),
        ("Podfile.lock", "PODS:\n  - OneSignalXCFramework/OneSignalExtension (5.2.0)\n"),
        ("Cartfile", "github \"urbanairship/ios-library\" ~> 17.0\n"),
        ("package.json", #"{"dependencies": {"react-native": "0.74.0", "react-native-onesignal": "^5.0.0"}}"#),
        ("pubspec.yaml", "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  onesignal_flutter: ^5.0.0\n"),
    ])
    func anSDKRegisteringCategoriesAtRunTimeMakesANote(file: String, text: String) throws {
        let fixture = try Self.tree([file: text])
        #expect(
            Self.categoryFindings(fixture) == ["category-not-registered note", "payload-category-unknown note"],
            "\(file)")
        let note = fixture.findings("category-not-registered").first?.message ?? ""
        #expect(note.hasPrefix("categories 'chat', 'promo' are claimed here"), "\(note)")
        #expect(note.contains("registers categories at run time, which lint cannot see"), "\(note)")
    }

    @Test func aSwiftPackageOfTheProjectFileCounts() throws {
        var project = ProjectFileText()
        project.targetSettings = ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos"]
        let text = project.text.replacingOccurrences(
            of: "G1 = {",
            with:
                "K1 = { isa = XCRemoteSwiftPackageReference; repositoryURL = \"https://github.com/Iterable/swift-sdk\"; };\n\t\tG1 = {"
        )
        let fixture = try Self.tree(["App.xcodeproj/project.pbxproj": text])
        #expect(fixture.findings("category-not-registered").first?.message.contains("Iterable (") == true)
    }

    @Test func categoriesAnSDKRegistersByNameAreRegistered() throws {
        let fixture = try Self.tree(
            ["Podfile": "pod 'BrazeKit'\n"], categories: ["ab_cat_yes_no"])
        #expect(fixture.findings("category-not-registered").isEmpty)
    }

    @Test func anSDKThatRegistersNoneChangesNothing() throws {
        let firebase = try Self.tree(["Podfile": "pod 'Firebase/Messaging'\n"])
        let none = try Self.tree([:])
        #expect(Self.categoryFindings(firebase) == Self.categoryFindings(none))
        #expect(firebase.lint().notes == none.lint().notes)
    }

    @Test func manyUnconfirmedCategoriesOfOnePlistAreOneNote() throws {
        let categories = (1...20).map { "c\($0)" }
        let code = """
            import UserNotifications
            func register() {
                let known = UNNotificationCategory(identifier: "known", actions: [], intentIdentifiers: [], options: [])
                let other = UNNotificationCategory(identifier: remoteName(), actions: [], intentIdentifiers: [], options: [])
                UNUserNotificationCenter.current().setNotificationCategories([known, other])
            }
            """
        let fixture = try Self.tree(["App/Register.swift": code], categories: categories)
        let found = fixture.findings("category-not-registered")
        #expect(found.count == 1 && found.first?.severity == .note, "\(found)")
        #expect(
            found.first?.message
                == "categories 'c1', 'c2', 'c3', 'c4', 'c5' and 15 more are claimed here, but richpreview could not confirm that anything registers them (1 registered category has an identifier it could not resolve)",
            "\(found)")
    }
}
