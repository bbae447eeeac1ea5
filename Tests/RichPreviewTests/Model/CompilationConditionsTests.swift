import Foundation
import RichPreviewTestSupport
import Testing

@testable import RichPreview

/// `CompilationConditions`: `#if` conditions evaluated with a target's settings, three-valued.
struct CompilationConditionsTests {
    static let target: XcodeProject.Target = {
        let project = ProjectFileText(targets: [
            .init(
                "App",
                settings: [
                    "SDKROOT": "iphoneos", "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "PRO",
                    "GCC_PREPROCESSOR_DEFINITIONS": "PRO=1 LEVEL=0", "OTHER_CFLAGS": "-DSTORE -O2",
                    "OTHER_SWIFT_FLAGS": "-D BETA -Onone",
                ])
        ])
        let folder = (try? TestPaths.temporaryFolder()) ?? URL(fileURLWithPath: NSTemporaryDirectory())
        let file = folder.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(project.text.utf8).write(to: file)
        return (try? XcodeProject.read(path: file.path, file: file.path, store: .disk))?.targets.first
            ?? XcodeProject.Target(
                name: "none", productType: "", productFile: nil, settings: BuildVariables(), configuration: "",
                infoPlist: nil, entitlements: nil, embeds: [])
    }()

    static let known: Set<String> = ["PRO", "LITE", "LEVEL", "STORE", "BETA"]

    @Test(arguments: [
        ("if", "PRO", true as Bool?), ("if", "LITE", false), ("if", "!LITE && PRO", true), ("if", "LITE || PRO", true),
        ("if", "DEBUG", nil), ("if", "UNKNOWN_NAME", nil), ("if", "PRO && UNKNOWN_NAME", nil),
        ("if", "LITE && UNKNOWN_NAME", false), ("if", "os(iOS)", true), ("if", "os(macOS) || PRO", true),
        ("if", "canImport(UIKit)", nil), ("else", "", true), ("ifdef", "STORE", true), ("ifndef", "PRO", false),
        ("if", "defined(LITE)", false), ("if", "(PRO)", true), ("if", "PRO == 1", nil), ("if", "BETA && PRO", true),
    ])
    func evaluates(directive: String, condition: String, expected: Bool?) {
        let conditions = CompilationConditions(Self.target)
        #expect(
            conditions.evaluate(
                directive, condition, isSwift: !directive.hasPrefix("ifn") && directive != "ifdef", known: Self.known)
                == expected, "\(directive) \(condition)")
    }

    /// An Objective-C macro counts by its value: `LEVEL=0` is defined but false.
    @Test func aMacroOfZeroIsFalse() {
        let conditions = CompilationConditions(Self.target)
        #expect(conditions.evaluate("if", "LEVEL", isSwift: false, known: Self.known) == false)
        #expect(conditions.evaluate("if", "defined(LEVEL)", isSwift: false, known: Self.known) == true)
    }

    /// A condition nested past any real one is unknown, never a crash.
    @Test func aHostileConditionIsUnknown() {
        let conditions = CompilationConditions(Self.target)
        for text in [String(repeating: "(", count: 100_000) + "PRO", String(repeating: "!", count: 100_000) + "PRO"] {
            #expect(conditions.evaluate("if", text, isSwift: true, known: Self.known) == nil)
        }
    }
}
