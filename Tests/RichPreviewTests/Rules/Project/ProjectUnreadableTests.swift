import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ProjectUnreadable`: a project file or an entitlements file that does not read is a finding
/// about that file, and the rest of the tree is still linted.
struct ProjectUnreadableTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("project-unreadable", in: "xcode-unreadable")
        #expect(
            found.map(\.file) == ["Broken.xcodeproj/project.pbxproj", "Solo/Solo.entitlements"]
                && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(XcodeProjectFixtures.findings("storyboard-and-class", in: "xcode-unreadable").count == 1)
    }

    @Test func garbageOfEveryShapeIsAFindingNeverACrash() throws {
        let shapes = [
            "", "{", "()", "\"just text\"", "{ objects = 3; rootObject = X; }",
            "{ objects = { X = { isa = PBXProject; targets = (Y, Z); }; Y = 3; Z = { isa = PBXNativeTarget; }; }; rootObject = X; }",
            String(repeating: "(", count: 100_000),
        ]
        for shape in shapes {
            let fixture = try LintFixture(["App.xcodeproj/project.pbxproj": shape])
            let result = Linter().lint([fixture.root.path])
            #expect(result.findings.allSatisfy { $0.rule == "project-unreadable" }, "\(result.findings)")
        }
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("project-unreadable", in: "xcode-two-apps").isEmpty)
        #expect(XcodeProjectFixtures.findings("project-unreadable", in: "xcode-problems").isEmpty)
    }
}
