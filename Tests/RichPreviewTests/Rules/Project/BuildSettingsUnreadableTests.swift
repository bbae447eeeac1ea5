import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BuildSettingsUnreadable`: settings that refer to each other over and over, an `.xcconfig` that
/// includes itself, and the near misses (real settings, a diamond of includes, a missing base).
struct BuildSettingsUnreadableTests {
    /// Nine levels of a thousand references each: `L0 = $(L1)$(L1)…`, …, `L8 = x`.
    static let wideSettings: [String: String] = {
        var settings: [String: String] = ["L8": "x"]
        for level in 0..<8 { settings["L\(level)"] = String(repeating: "$(L\(level + 1))", count: 1000) }
        return settings
    }()

    /// A project whose target has `settings`, and optionally a base configuration.
    static func project(
        settings: [String: String], base: String? = nil, files: [String: String] = [:]
    ) throws -> LintFixture {
        var text = ProjectFileText()
        text.targetSettings = settings.merging(["SDKROOT": "iphoneos"]) { current, _ in current }
        text.targetBase = base
        return try LintFixture(files.merging(["App.xcodeproj/project.pbxproj": text.text]) { current, _ in current })
    }

    @Test func wideAndSelfReferringSettingsAreFindingsNotAllocations() throws {
        let wide = try Self.project(settings: Self.wideSettings)
        let found = wide.findings("build-settings-unreadable")
        // L0 to L6 are over the limits (L7 expands to 1,000 bytes); the first four are found.
        #expect(found.count == 4 && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.first?.message.hasPrefix("L0 of the target App expands past 64 KiB or 4,096 references") == true)
        #expect(found.first?.file == wide.path("App.xcodeproj/project.pbxproj"))

        let selfReferring = try Self.project(settings: ["S": String(repeating: "$(S)", count: 1000)])
        #expect(
            selfReferring.findings("build-settings-unreadable").map { String($0.message.prefix(14)) } == [
                "S of the targe"
            ])
    }

    @Test func inheritedAThousandTimesALevel() throws {
        var text = ProjectFileText()
        let bomb = String(repeating: "$(inherited) ", count: 1000)
        text.projectSettings = ["FLAGS": String(repeating: "-x ", count: 40)]
        text.targetSettings = ["FLAGS": bomb, "SDKROOT": "iphoneos"]
        let fixture = try LintFixture(["App.xcodeproj/project.pbxproj": text.text, "Base.xcconfig": "FLAGS = -y"])
        let found = fixture.findings("build-settings-unreadable")
        #expect(found.map { String($0.message.prefix(31)) } == ["FLAGS of the target App expands"], "\(found)")
    }

    @Test func anXcconfigThatIncludesItself() throws {
        let bomb = String(repeating: "#include? \"Base.xcconfig\"\n", count: 4) + "A = 1\n"
        let fixture = try Self.project(settings: [:], base: "Base.xcconfig", files: ["Base.xcconfig": bomb])
        let found = fixture.findings("build-settings-unreadable")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("an include cycle") == true)
        #expect(found.first?.message.hasSuffix("its settings are left out") == true)
    }

    @Test func aPlistValueOverTheLimitsWithTheSettingsGiven() throws {
        let plist = Samples.content(["$(L0)"])
        let configuration = LintConfiguration(variables: BuildVariables(Self.wideSettings))
        let fixture = try LintFixture(["Content/Info.plist": plist], configuration: configuration)
        let found = fixture.findings("build-settings-unreadable")
        #expect(found.map { String($0.message.prefix(30)) } == ["a value referring to $(L0) exp"], "\(found)")
        // Not also "not defined": it is, and too large.
        #expect(fixture.findings("build-variable-unresolved").isEmpty)
    }

    @Test func nearMissDoesNotTrigger() throws {
        // Real settings referring to each other, a diamond of includes, a base that is missing
        // (CocoaPods' before `pod install`).
        let settings = [
            "PRODUCT_BUNDLE_IDENTIFIER": "com.example.$(PRODUCT_NAME:rfc1034identifier)",
            "OTHER_LDFLAGS": "$(inherited) -ObjC $(FRAMEWORK_FLAGS) $(FRAMEWORK_FLAGS)", "FRAMEWORK_FLAGS": "-lz",
        ]
        let files = [
            "Base.xcconfig": "#include \"A.xcconfig\"\n#include \"B.xcconfig\"\n",
            "A.xcconfig": "#include \"Shared.xcconfig\"\n", "B.xcconfig": "#include \"Shared.xcconfig\"\n",
            "Shared.xcconfig": "X = 1\n",
        ]
        let diamond = try Self.project(settings: settings, base: "Base.xcconfig", files: files)
        #expect(diamond.findings("build-settings-unreadable").isEmpty)
        let missingBase = try Self.project(settings: settings, base: "Pods/Pods-App.release.xcconfig")
        #expect(missingBase.findings("build-settings-unreadable").isEmpty)
    }
}
