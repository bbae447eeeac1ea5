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
    static func reactNative(_ version: String, podfile: String, lock: String? = nil, reactNative: String = "0.76.0")
        throws -> [Finding]
    {
        let fixture = TestPaths.fixture("projects/react-native-extension-problems")
        let read = { (file: String) in try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8) }
        var files = [
            "package.json":
                #"{"dependencies": {"react-native": "\#(reactNative)", "@react-native-firebase/app": "\#(version)", "@react-native-firebase/messaging": "\#(version)"}}"#,
            "ios/Sample.xcodeproj/project.pbxproj": try read("ios/Sample.xcodeproj/project.pbxproj"),
            "ios/Sample/Info.plist": try read("ios/Sample/Info.plist"),
            "ios/Podfile":
                "platform :ios, '15.1'\n\ntarget 'Sample' do\n  config = use_native_modules!\n\(podfile)\n  use_react_native!(:path => config[:reactNativePath])\nend\n",
        ]
        if let lock { files["ios/Podfile.lock"] = lock }
        return try LintFixture(files).findings("pod-linkage-unsupported")
    }

    /// A managed Expo app (no `ios/` folder) with React Native Firebase at `version` and `plugins`.
    static func managedExpo(_ version: String, plugins: String, files: [String: String] = [:]) throws -> [Finding] {
        try LintFixture(
            [
                "package.json":
                    #"{"dependencies": {"expo": "~54.0.0", "@react-native-firebase/app": "\#(version)", "@react-native-firebase/messaging": "\#(version)"}}"#,
                "app.json": #"{"expo": {"name": "Sample", "plugins": [\#(plugins)]}}"#,
            ].merging(files) { $1 }
        ).findings("pod-linkage-unsupported")
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
        // Swift packages turned off and no frameworks: the CocoaPods path's requirement holds.
        #expect(try Self.reactNative("^26.1.0", podfile: "  $RNFirebaseDisableSPM = true").count == 1)
    }

    /// React Native's template asks for frameworks only when `USE_FRAMEWORKS` is set as pod
    /// install runs: a warning naming the variable. A Ruby variable holding a literal is read.
    @Test func aLinkageFromTheEnvironmentIsAWarning() throws {
        let template =
            "  linkage = ENV['USE_FRAMEWORKS']\n  if linkage != nil\n    use_frameworks! :linkage => linkage.to_sym\n  end"
        let found = try Self.reactNative("^21.0.0", podfile: template)
        #expect(found.count == 1 && found.first?.severity == .warning, "\(found)")
        #expect(found.first?.message.contains("asks for frameworks only when USE_FRAMEWORKS is set") == true)
        #expect(
            found.first?.message.hasSuffix("(or set USE_FRAMEWORKS=static wherever pod install runs, CI included)")
                == true)
        #expect(try Self.reactNative("^26.1.0", podfile: template).isEmpty)
        let dynamic = "  linkage = 'dynamic'\n  use_frameworks! :linkage => linkage.to_sym"
        #expect(try Self.reactNative("^26.1.0", podfile: dynamic).isEmpty)
        let staticFrameworks = "  linkage = :static\n  use_frameworks! :linkage => linkage.to_sym"
        #expect(try Self.reactNative("^26.1.0", podfile: staticFrameworks).count == 1)
    }

    /// Before React Native 0.75, React Native Firebase 26 installs Firebase through CocoaPods:
    /// static frameworks are what it needs there.
    @Test func version26OnAnOlderReactNativeUsesCocoaPods() throws {
        let staticFrameworks = "  use_frameworks! :linkage => :static"
        #expect(try Self.reactNative("^26.1.0", podfile: staticFrameworks, reactNative: "0.74.5").isEmpty)
        #expect(try Self.reactNative("^26.1.0", podfile: "", reactNative: "~0.73.6").count == 1)
        #expect(try Self.reactNative("^26.1.0", podfile: staticFrameworks, reactNative: "^0.75.0").count == 1)
    }

    /// Module maps for another pod do nothing for Firebase's; Firebase's own do.
    @Test func onlyFirebasesModularHeadersCount() throws {
        #expect(try Self.reactNative("^21.0.0", podfile: "  pod 'SDWebImage', :modular_headers => true").count == 1)
        #expect(try Self.reactNative("^21.0.0", podfile: "  pod 'FirebaseCore', :modular_headers => true").isEmpty)
    }

    /// The rule is React Native Firebase's, whatever else the app uses it for.
    @Test func anAppWithoutMessagingIsCheckedToo() throws {
        let found = try LintFixture([
            "package.json":
                #"{"dependencies": {"expo": "~54.0.0", "@react-native-firebase/app": "^23.4.0", "@react-native-firebase/auth": "^23.4.0"}}"#,
            "app.json":
                #"{"expo": {"name": "Sample", "plugins": ["@react-native-firebase/app", "@react-native-firebase/auth"]}}"#,
        ]).findings("pod-linkage-unsupported")
        #expect(
            found.count == 1 && found.first?.notes.first?.contains("@react-native-firebase/app") == true, "\(found)")
    }

    /// A version the manifest does not give (a tag) is read from the installed pod.
    @Test func theLockGivesTheVersionWhenTheManifestDoesNot() throws {
        let lock =
            "PODS:\n  - RNFBApp (26.0.1):\n    - React-Core\n\nDEPENDENCIES:\n  - \"RNFBApp (from `../node_modules/@react-native-firebase/app`)\"\n"
        let found = try Self.reactNative("latest", podfile: "  use_frameworks! :linkage => :static", lock: lock)
        #expect(found.count == 1 && found.first?.message.contains("RNFBApp 26.0.1 (") == true, "\(found)")
        #expect(try Self.reactNative("latest", podfile: "  use_frameworks! :linkage => :static").isEmpty)
        // A lock without RNFBApp: the package is not installed on iOS (autolinking turned off).
        let withoutFirebase = "PODS:\n  - React-Core (0.76.0)\n"
        #expect(try Self.reactNative("^21.0.0", podfile: "", lock: withoutFirebase).isEmpty)
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
        // React Native 0.75 or later: React Native Firebase 26 resolves Firebase through Swift packages.
        files["package.json"] = files["package.json"]?.replacingOccurrences(of: "\"20.0.0\"", with: "\"^26.1.0\"")
            .replacingOccurrences(of: "\"0.74.0\"", with: "\"0.76.0\"")
        #expect(try LintFixture(files).findings("pod-linkage-unsupported").isEmpty)
        // An ios/ older than its config: the properties say nothing, the config asks for static.
        let stale = files.merging([
            "package.json": files["package.json"]!.replacingOccurrences(of: "^26.1.0", with: "^21.0.0")
        ]) { $1 }
        let prebuild = try LintFixture(stale).findings("pod-linkage-unsupported")
        #expect(prebuild.count == 1 && prebuild.first?.severity == .warning, "\(prebuild)")
        #expect(prebuild.first?.message.contains("run npx expo prebuild again") == true, "\(prebuild)")
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
        // The plugin named by its file, and a local plugin that edits the Podfile itself.
        let byFile =
            #"["@react-native-firebase/app/app.plugin.js", {"ios": {"disableSPM": true}}], \#(staticFrameworks)"#
        #expect(try Self.managedExpo("^26.1.0", plugins: byFile).isEmpty)
        let local = #""./plugins/withFirebaseSPM.js", \#(staticFrameworks)"#
        let edits =
            "module.exports = (config) => withPodfile(config, (c) => { c.modResults.contents = '$RNFirebaseDisableSPM = true' + c.modResults.contents; return c; });\n"
        #expect(try Self.managedExpo("^26.1.0", plugins: local, files: ["plugins/withFirebaseSPM.js": edits]).isEmpty)
        let unrelated = "module.exports = (config) => config;\n"
        #expect(
            try Self.managedExpo("^26.1.0", plugins: local, files: ["plugins/withFirebaseSPM.js": unrelated]).count == 1
        )
        let none = try Self.managedExpo("^21.0.0", plugins: #""@react-native-firebase/app""#)
        #expect(none.count == 1 && none.first?.message.contains("sets no ios.useFrameworks") == true, "\(none)")
        #expect(
            try Self.managedExpo("^21.0.0", plugins: #""@react-native-firebase/app", \#(staticFrameworks)"#).isEmpty)
    }
}
