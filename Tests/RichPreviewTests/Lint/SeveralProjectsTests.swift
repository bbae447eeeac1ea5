import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Several independent Xcode projects in one repository (an SDK's samples side by side, flavours
/// kept as separate projects) whose extension products share a name: each app embeds its own
/// project's `NotificationService.appex`, and only a product no target of its project builds is
/// matched in the other projects.
struct SeveralProjectsTests {
    /// A project folder `name` whose app embeds a service and a content extension named alike in
    /// every project, at deployment target `target` (the app's is 13.0), the content extension
    /// claiming `shared`.
    static func project(_ name: String, extensionTarget target: String, extra: [ProjectFileText.Target] = [])
        -> [String: String]
    {
        let service = ProjectFileText.Target(
            "NotificationService", isExtension: true,
            settings: [
                "INFOPLIST_FILE": "NotificationService/Info.plist", "IPHONEOS_DEPLOYMENT_TARGET": target,
                "PRODUCT_BUNDLE_IDENTIFIER": "com.example.\(name.lowercased()).service", "SDKROOT": "iphoneos",
            ])
        let content = ProjectFileText.Target(
            "NotificationContent", isExtension: true,
            settings: [
                "INFOPLIST_FILE": "NotificationContent/Info.plist", "IPHONEOS_DEPLOYMENT_TARGET": target,
                "PRODUCT_BUNDLE_IDENTIFIER": "com.example.\(name.lowercased()).content", "SDKROOT": "iphoneos",
            ])
        let app = ProjectFileText.Target(
            "\(name)App",
            settings: [
                "INFOPLIST_FILE": "App/Info.plist", "IPHONEOS_DEPLOYMENT_TARGET": "13.0",
                "PRODUCT_BUNDLE_IDENTIFIER": "com.example.\(name.lowercased())", "SDKROOT": "iphoneos",
            ],
            embeds: ["NotificationService", "NotificationContent"] + extra.map(\.name))
        let text = ProjectFileText(targets: [app, service, content] + extra).text
        return [
            "\(name)/\(name).xcodeproj/project.pbxproj": text, "\(name)/App/Info.plist": Samples.app(modes: []),
            "\(name)/NotificationService/Info.plist": Samples.service,
            "\(name)/NotificationContent/Info.plist": Samples.content(["shared"]),
            "\(name)/App/Categories.swift": Samples.swiftRegistration(["shared"]),
        ]
    }

    static let crossProjectRules: Set<String> = [
        "service-extension-duplicate", "category-claimed-twice", "deployment-target-above-app",
        "extension-not-embedded",
    ]

    @Test func eachAppEmbedsItsOwnProjectsExtensions() throws {
        let files = Self.project("Swift", extensionTarget: "13.0").merging(
            Self.project("ObjC", extensionTarget: "15.0")
        ) { $1 }
        let fixture = try LintFixture(files)
        let found = fixture.lint().findings.filter { Self.crossProjectRules.contains($0.rule) }
        // ObjC's extensions are above ObjC's app (15.0 over 13.0): a true finding, about ObjC's only.
        #expect(found.map(\.rule) == ["deployment-target-above-app", "deployment-target-above-app"], "\(found)")
        #expect(found.allSatisfy { ($0.file ?? "").contains("/ObjC/") }, "\(found)")
    }

    @Test func twoServiceExtensionsInOneProjectAreStillADuplicate() throws {
        let second = ProjectFileText.Target(
            "SecondService", isExtension: true,
            settings: [
                "INFOPLIST_FILE": "SecondService/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.one.second",
                "SDKROOT": "iphoneos",
            ])
        var files = Self.project("One", extensionTarget: "13.0", extra: [second])
        files["One/SecondService/Info.plist"] = Samples.service
        files.merge(Self.project("Two", extensionTarget: "13.0")) { $1 }
        let found = try LintFixture(files).lint().findings.filter { $0.rule == "service-extension-duplicate" }
        #expect(found.count == 1 && (found.first?.message.contains("OneApp") == true), "\(found)")
    }

    @Test func aProductOfAnotherProjectIsMatchedByName() throws {
        // The host app builds no extension itself: it embeds the SDK project's by its product name.
        let host = ProjectFileText.Target(
            "Host",
            settings: [
                "INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.host",
                "SDKROOT": "iphoneos",
            ], embedsFromElsewhere: ["Shared.appex"])
        let shared = ProjectFileText.Target(
            "Shared", isExtension: true,
            settings: [
                "INFOPLIST_FILE": "Shared/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.host.shared",
                "SDKROOT": "iphoneos",
            ])
        let fixture = try LintFixture([
            "Host/Host.xcodeproj/project.pbxproj": ProjectFileText(targets: [host]).text,
            "Host/App/Info.plist": Samples.app(modes: []),
            "Kit/Kit.xcodeproj/project.pbxproj": ProjectFileText(targets: [shared]).text,
            "Kit/Shared/Info.plist": Samples.service,
        ])
        #expect(fixture.findings("extension-not-embedded").isEmpty)
    }
}
