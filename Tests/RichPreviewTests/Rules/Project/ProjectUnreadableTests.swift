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
        let garbage = [
            "", "{", "()", "\"just text\"", "{ objects = 3; rootObject = X; }",
            String(repeating: "(", count: 100_000),
        ]
        for shape in garbage {
            let fixture = try LintFixture(["App.xcodeproj/project.pbxproj": shape])
            let found = Linter().lint([fixture.root.path]).findings
            #expect(found.map(\.rule) == ["project-unreadable"], "\(shape.prefix(40)): \(found)")
        }
        // A project whose objects are of the wrong kinds reads as one without targets: no finding.
        let odd =
            "{ objects = { X = { isa = PBXProject; targets = (Y, Z); }; Y = 3; Z = { isa = PBXNativeTarget; }; }; rootObject = X; }"
        let fixture = try LintFixture(["App.xcodeproj/project.pbxproj": odd])
        #expect(Linter().lint([fixture.root.path]).findings.isEmpty)
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("project-unreadable", in: "xcode-two-apps").isEmpty)
        #expect(XcodeProjectFixtures.findings("project-unreadable", in: "xcode-problems").isEmpty)
    }
}
