import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PodLinkageUnsupported`: React Native Firebase's versions against the `use_frameworks!` a
/// React Native app's Podfile, an Expo app's `Podfile.properties.json` or a managed Expo app's
/// `expo-build-properties` asks for.
struct PodLinkageUnsupportedTests {
    /// A React Native app (the `react-native-extension-problems` fixture's project) with
    /// React Native Firebase at `version` and the Podfile lines `podfile`.
    static func reactNative(_ version: String, podfile: String, lock: String? = nil) throws -> [Finding] {
        let fixture = TestPaths.fixture("projects/react-native-extension-problems")
        let read = { (file: String) in try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8) }
        var files = [
            "package.json":
                #"{"dependencies": {"react-native": "0.76.0", "@react-native-firebase/app": "\#(version)", "@react-native-firebase/messaging": "\#(version)"}}"#,
            "ios/Sample.xcodeproj/project.pbxproj": try read("ios/Sample.xcodeproj/project.pbxproj"),
            "ios/Sample/Info.plist": try read("ios/Sample/Info.plist"),
            "ios/Podfile":
                "platform :ios, '15.1'\n\ntarget 'Sample' do\n  config = use_native_modules!\n\(podfile)\n  use_react_native!(:path => config[:reactNativePath])\nend\n",
        ]
        if let lock { files["ios/Podfile.lock"] = lock }
        return try LintFixture(files).findings("pod-linkage-unsupported")
    }

    /// A managed Expo app (no `ios/` folder) with React Native Firebase at `version` and `plugins`.
    static func managedExpo(_ version: String, plugins: String) throws -> [Finding] {
        try LintFixture([
            "package.json":
                #"{"dependencies": {"expo": "~54.0.0", "@react-native-firebase/app": "\#(version)", "@react-native-firebase/messaging": "\#(version)"}}"#,
            "app.json": #"{"expo": {"name": "Sample", "plugins": [\#(plugins)]}}"#,
        ]).findings("pod-linkage-unsupported")
    }

    @Test func version21WithoutFrameworksStopsPodInstall() throws {
        let found = try Self.reactNative("^21.6.1", podfile: "")
        #expect(found.count == 1 && found.first?.severity == .error, "\(found)")
        let message = found.first?.message ?? ""
        #expect(found.first?.file?.hasSuffix("ios/Podfile") == true && found.first?.line == nil)
        #expect(message.contains("@react-native-firebase/app ^21.6.1 (package.json)"), "\(message)")
        #expect(message.contains("asks for no frameworks"), "\(message)")
        #expect(
            message.hasSuffix(
                "add `use_frameworks! :linkage => :static` and `$RNFirebaseAsStaticFramework = true` to the Podfile, before `use_react_native!`"
            ), "\(message)")
        #expect(found.first?.notes.contains { $0.contains("rnfirebase.io") } == true)
    }

    @Test func version21WithStaticFrameworksOrModularHeadersIsSilent() throws {
        #expect(
            try Self.reactNative(
                "^21.6.1", podfile: "  use_frameworks! :linkage => :static\n  $RNFirebaseAsStaticFramework = true"
            ).isEmpty)
        #expect(try Self.reactNative("~21.0.0", podfile: "  use_modular_headers!").isEmpty)
        #expect(try Self.reactNative("21.0.0", podfile: "  pod 'GoogleUtilities', :modular_headers => true").isEmpty)
        // Before 15 (firebase-ios-sdk 8), nothing is asked.
        #expect(try Self.reactNative("^14.11.0", podfile: "").isEmpty)
    }

    @Test func version26WithStaticFrameworksAndSwiftPackagesStopsPodInstall() throws {
        let found = try Self.reactNative("^26.1.0", podfile: "  use_frameworks! :linkage => :static")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.line == 5, "\(found)")
        let message = found.first?.message ?? ""
        #expect(
            message.contains("asks for static frameworks") && message.contains("SPM + static linkage is not supported"))
        #expect(
            message.hasSuffix(
                "use `use_frameworks! :linkage => :dynamic`, or set `$RNFirebaseDisableSPM = true` before the first target block to keep static frameworks"
            ), "\(message)")
    }

    @Test func version26NearMisses() throws {
        // Swift packages turned off: static frameworks are what it needs.
        #expect(
            try Self.reactNative(
                "^26.1.0", podfile: "  $RNFirebaseDisableSPM = true\n  use_frameworks! :linkage => :static"
            ).isEmpty)
        #expect(try Self.reactNative("^26.1.0", podfile: "  use_frameworks! :linkage => :dynamic").isEmpty)
        #expect(try Self.reactNative("^26.1.0", podfile: "  use_frameworks!").isEmpty)
        // React Native's template: the linkage is an environment variable when pod install runs.
        let template =
            "  linkage = ENV['USE_FRAMEWORKS']\n  if linkage != nil\n    use_frameworks! :linkage => linkage.to_sym\n  end"
        #expect(try Self.reactNative("^26.1.0", podfile: template).isEmpty)
        #expect(try Self.reactNative("^21.0.0", podfile: template).isEmpty)
        // Swift packages turned off and no frameworks: the CocoaPods path's requirement holds.
        #expect(try Self.reactNative("^26.1.0", podfile: "  $RNFirebaseDisableSPM = true").count == 1)
    }

    /// A version the manifest does not give (a tag) is read from the installed pod.
    @Test func theLockGivesTheVersionWhenTheManifestDoesNot() throws {
        let lock =
            "PODS:\n  - RNFBApp (26.0.1):\n    - React-Core\n\nDEPENDENCIES:\n  - \"RNFBApp (from `../node_modules/@react-native-firebase/app`)\"\n"
        let found = try Self.reactNative("latest", podfile: "  use_frameworks! :linkage => :static", lock: lock)
        #expect(found.count == 1 && found.first?.message.contains("RNFBApp 26.0.1 (") == true, "\(found)")
        #expect(try Self.reactNative("latest", podfile: "  use_frameworks! :linkage => :static").isEmpty)
    }

    /// Expo's Podfile takes the linkage from `Podfile.properties.json`, which prebuild writes from
    /// `expo-build-properties`.
    @Test func expoPodfileReadsItsProperties() throws {
        let fixture = TestPaths.fixture("projects/expo-prebuild-wired")
        var files: [String: String] = [:]
        for file in [
            "package.json", "app.json", "plugins/NotificationService.m", "ios/Podfile",
            "ios/Sample.xcodeproj/project.pbxproj", "ios/Sample/Info.plist",
            "ios/NotificationServiceExtension/Info.plist", "ios/NotificationServiceExtension/NotificationService.m",
        ] {
            files[file] = try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8)
        }
        files["package.json"] = files["package.json"]?.replacingOccurrences(of: "\"20.0.0\"", with: "\"^26.1.0\"")
        #expect(try LintFixture(files).findings("pod-linkage-unsupported").isEmpty)
        files["ios/Podfile.properties.json"] = #"{"expo.jsEngine": "hermes", "ios.useFrameworks": "static"}"#
        let found = try LintFixture(files).findings("pod-linkage-unsupported")
        #expect(found.count == 1 && found.first?.file?.hasSuffix("ios/Podfile") == true, "\(found)")
    }

    @Test func managedExpoReadsExpoBuildProperties() throws {
        let staticFrameworks = #"["expo-build-properties", {"ios": {"useFrameworks": "static"}}]"#
        let found = try Self.managedExpo("^26.1.0", plugins: #""@react-native-firebase/app", \#(staticFrameworks)"#)
        #expect(found.count == 1 && found.first?.file?.hasSuffix("app.json") == true, "\(found)")
        #expect(found.first?.message.contains(#"expo-build-properties' ios.useFrameworks in"#) == true, "\(found)")
        #expect(
            found.first?.message.hasSuffix(#"or the @react-native-firebase/app plugin's ios.disableSPM to true"#)
                == true)
        let disabled = #"["@react-native-firebase/app", {"ios": {"disableSPM": true}}], \#(staticFrameworks)"#
        #expect(try Self.managedExpo("^26.1.0", plugins: disabled).isEmpty)
        let none = try Self.managedExpo("^21.0.0", plugins: #""@react-native-firebase/app""#)
        #expect(none.count == 1 && none.first?.message.contains("sets no ios.useFrameworks") == true, "\(none)")
        #expect(
            try Self.managedExpo("^21.0.0", plugins: #""@react-native-firebase/app", \#(staticFrameworks)"#).isEmpty)
    }
}
