import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// How lint recognises a Flutter, React Native, Expo or Capacitor app and reads what its iOS side
/// needs: configs written as code, Podfile methods and nesting, Objective-C extensions, folders
/// never entered.
struct CrossPlatformAppTests {
    /// A Flutter app whose Objective-C extension calls Firebase's helper, linked through a pod
    /// named in a Podfile method its nested target block calls.
    static let objectiveCFlutterApp: [String: String] = {
        var files: [String: String] = [:]
        let fixture = TestPaths.fixture("projects/flutter-wired-service-extension")
        for file in ["pubspec.yaml", "ios/Runner/Info.plist", "ios/ImageNotification/Info.plist"] {
            files[file] = try? String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8)
        }
        let project =
            (try? String(
                contentsOf: fixture.appendingPathComponent("ios/Runner.xcodeproj/project.pbxproj"), encoding: .utf8))
            ?? ""
        files["ios/Runner.xcodeproj/project.pbxproj"] = project.replacingOccurrences(
            of: "NotificationService.swift", with: "NotificationService.m")
        files["ios/ImageNotification/NotificationService.m"] = """
            #import "NotificationService.h"
            #import <FirebaseMessaging/FirebaseMessaging.h>

            @implementation NotificationService
            - (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent *))handler {
                UNMutableNotificationContent *content = [request.content mutableCopy];
                [[FIRMessaging extensionHelper] populateNotificationContent:content withContentHandler:handler];
            }
            @end
            """
        files["ios/Podfile"] = """
            platform :ios, '13.0' # the app's floor

            def messaging_pods
              pod 'Firebase/Messaging'
            end

            target 'Runner' do
              flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))
              if ENV['CI']
                puts 'ci'
              end
            end

            target 'ImageNotification' do
              messaging_pods
            end
            """
        return files
    }()

    @Test func anObjectiveCExtensionLinkedThroughAPodfileMethodIsWired() throws {
        let result = try LintFixture(Self.objectiveCFlutterApp).lint()
        #expect(result.apps.map(\.framework) == [.flutter])
        let rules: Set<String> = [
            "images-need-service-extension", "service-extension-helper-missing", "extension-module-not-linked",
            "extension-above-podfile-platform",
        ]
        #expect(result.findings.filter { rules.contains($0.rule) }.isEmpty, "\(result.findings)")
    }

    /// A Podfile saved with Windows line ends reads as the same blocks.
    @Test func aPodfileWithCarriageReturnsIsReadTheSame() throws {
        var files = Self.objectiveCFlutterApp
        files["ios/Podfile"] = files["ios/Podfile"]?.replacingOccurrences(of: "\n", with: "\r\n")
        let found = try LintFixture(files).lint().findings
        #expect(!found.contains { $0.rule == "extension-module-not-linked" }, "\(found.map(\.message))")
        // The extension's code too: its second import is found, on its own line.
        let code = "ios/ImageNotification/NotificationService.m"
        files[code] = files[code]?.replacingOccurrences(of: "\n", with: "\r\n")
        files["ios/Podfile"] = "platform :ios, '13.0'\r\ntarget 'Runner' do\r\nend\r\n"
        let unlinked = try LintFixture(files).findings("extension-module-not-linked")
        #expect(unlinked.count == 1 && unlinked.first?.line == 2, "\(unlinked)")
    }

    @Test func anExtensionWithoutItsPodIsNotLinked() throws {
        var files = Self.objectiveCFlutterApp
        files["ios/Podfile"] =
            "platform :ios, '13.0'\ntarget 'Runner' do\n  target 'ImageNotification' do\n    inherit! :search_paths\n  end\nend\n"
        let found = try LintFixture(files).findings("extension-module-not-linked")
        #expect(found.count == 1 && found.first?.line == 2, "\(found)")
        #expect(found.first?.message.contains("names none of Firebase, FirebaseMessaging") == true)
    }

    /// A `pubspec.yaml` indented by four spaces is a Flutter app all the same.
    @Test func aPubspecIndentedByFourSpacesIsRead() throws {
        var files = Self.objectiveCFlutterApp
        files["pubspec.yaml"] =
            "name: sample\ndependencies:\n    flutter:\n        sdk: flutter\n    firebase_messaging: ^15.0.0\n"
        let result = try LintFixture(files).lint()
        #expect(result.apps.map(\.framework) == [.flutter])
        #expect(result.apps.first?.pushSDKs == ["Firebase Messaging"], "\(result.apps)")
    }

    /// An `app.config.js` that writes no plugins is handed `app.json`'s config: its plugins stand.
    @Test func anAppConfigWithoutPluginsLeavesAppJSONs() throws {
        let result = try LintFixture([
            "package.json": #"{"dependencies": {"expo": "~51.0.0", "@braze/react-native-sdk": "10.0.0"}}"#,
            "app.json":
                #"{"expo": {"name": "Sample", "plugins": [["@braze/expo-plugin/app.plugin.js", {"enableBrazeIosRichPush": true}]]}}"#,
            "app.config.js": "module.exports = ({ config }) => ({ ...config, extra: { api: process.env.API } });\n",
        ]).lint()
        #expect(result.apps.first?.expoConfig?.hasSuffix("app.json") == true, "\(result.apps)")
        #expect(result.apps.first?.configUnreadable == nil)
        // The plugin named by its file is the package's, and it adds the extension.
        #expect(result.findings.filter { $0.rule == "expo-service-extension-missing" }.isEmpty, "\(result.findings)")
    }

    @Test func anAppConfigBuiltByCodeIsSaidUnreadable() throws {
        let fixture = try LintFixture([
            "package.json": #"{"dependencies": {"expo": "~51.0.0", "expo-notifications": "~0.28.0"}}"#,
            "app.config.js":
                "const plugins = [\"expo-notifications\"];\nmodule.exports = { plugins: [...plugins, withSomething()] };\n",
        ])
        let result = fixture.lint()
        #expect(result.apps.count == 1)
        #expect(result.apps.first?.configUnreadable?.hasPrefix("its plugins array is built by code") == true)
        #expect(result.findings.filter { $0.rule == "expo-service-extension-missing" }.isEmpty)
    }

    @Test func aPlainAppConfigIsReadAsLiterals() throws {
        let fixture = try LintFixture([
            "package.json": #"{"dependencies": {"expo": "~51.0.0", "@braze/react-native-sdk": "10.0.0"}}"#,
            "app.config.js": """
            module.exports = {
              expo: {
                version: process.env.VERSION,
                plugins: [
                  ["@braze/expo-plugin", { enableBrazeIosRichPush: false, iosApiKey: 'key' }], // off for now
                  `expo-build-properties`,
                ],
              },
            };
            """,
        ])
        let found = fixture.findings("expo-service-extension-missing")
        #expect(found.count == 1 && found.first?.severity == .warning, "\(found)")
        #expect(
            found.first?.message.contains("set enableBrazeIosRichPush in the options of @braze/expo-plugin") == true)
    }

    @Test func hostileConfigsAreSaidUnreadableNeverACrash() throws {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let configs = [
            "module.exports = { plugins: \(deep) };", "module.exports = { plugins: ['expo-notifications",
            "module.exports = { plugins: [`a${b}`] };",
        ]
        for config in configs {
            let fixture = try LintFixture([
                "package.json": #"{"dependencies": {"expo": "~51.0.0"}}"#, "app.config.js": config,
            ])
            let result = fixture.lint()
            #expect(result.apps.count == 1 && result.apps.first?.configUnreadable != nil, "\(config.prefix(40))")
        }
        let broken = try LintFixture([
            "package.json": #"{"dependencies": {"expo": "~51.0.0"}}"#, "app.json": #"{"expo": {"plugins": ["#,
        ])
        #expect(broken.lint().apps.first?.configUnreadable == "not a JSON object")
    }

    @Test func nativeAppsAndFoldersNeverEnteredSayNothing() throws {
        let fixture = try LintFixture([
            "node_modules/lib/package.json": #"{"dependencies": {"react-native": "0.74.0"}}"#,
            "node_modules/lib/ios/Lib.xcodeproj/project.pbxproj": "{}",
            ".dart_tool/pkg/pubspec.yaml": "dependencies:\n  flutter:\n    sdk: flutter\n",
            "packages/plugin/pubspec.yaml": "dependencies:\n  flutter:\n    sdk: flutter\n",
        ])
        let result = fixture.lint()
        #expect(result.apps.isEmpty)
        #expect(result.findings.isEmpty, "\(result.findings)")
    }
}
