import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AppGroupNotShared`: a service extension with an app group its app lacks, and the near miss
/// where both list it.
struct AppGroupNotSharedTests {
    static func entitlements(_ groups: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
        <array>\(groups.map { "<string>\($0)</string>" }.joined())</array></dict></plist>
        """
    }

    static func fixture(appGroups: [String]) throws -> LintFixture {
        let project = ProjectFileText(
            targets: [
                .init(
                    "App",
                    settings: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
                    embeds: ["Service"]),
                .init(
                    "Service", isExtension: true,
                    settings: [
                        "INFOPLIST_FILE": "Service/Info.plist",
                        "CODE_SIGN_ENTITLEMENTS": "Service/Service.entitlements",
                    ]),
            ], projectSettings: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "15.0"])
        return try LintFixture([
            "App.xcodeproj/project.pbxproj": project.text,
            "App/Info.plist": Samples.app(modes: ["remote-notification"]),
            "App/App.entitlements": entitlements(appGroups),
            "Service/Info.plist": Samples.service,
            "Service/Service.entitlements": entitlements(["group.com.example.app.push"]),
        ])
    }

    @Test func triggers() throws {
        let found = try Self.fixture(appGroups: []).findings("app-group-not-shared")
        #expect(found.count == 1 && found.first?.severity == .warning, "\(found)")
        #expect(found.first?.message.contains("'group.com.example.app.push'") == true)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let found = try Self.fixture(appGroups: ["group.com.example.app.push", "group.other"]).findings(
            "app-group-not-shared")
        #expect(found.isEmpty, "\(found)")
    }
}
