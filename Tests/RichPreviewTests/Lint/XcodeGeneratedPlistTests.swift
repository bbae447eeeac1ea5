import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// An app target whose Info.plist Xcode writes from build settings alone
/// (`GENERATE_INFOPLIST_FILE`, no `INFOPLIST_FILE`): it is the app's plist all the same, so a
/// silent push in the tree is checked against it, and the finding names the project file.
struct XcodeGeneratedPlistTests {
    @Test func aGeneratedAppPlistHasNoBackgroundModes() {
        let root = TestPaths.fixture("projects/xcode-generated-plist").path
        let found = Linter().lint([root]).findings.filter { $0.rule == "background-mode-missing" }
        #expect(found.map(\.file) == [root + "/Lone.xcodeproj/project.pbxproj"], "\(found)")
        #expect(
            found.first?.keyPath == nil && found.first?.message.contains("Xcode generates for target 'Lone'") == true)
    }
}
