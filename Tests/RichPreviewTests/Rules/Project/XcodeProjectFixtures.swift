import Foundation
import RichPreview
import RichPreviewTestSupport

/// The Xcode project fixtures under `Tests/Fixtures/projects/`: `xcode-problems` (each project
/// rule fires once), `xcode-two-apps` (two apps, an extension no app embeds, a widget and a share
/// extension: nothing wrong), `xcode-unreadable` (a project file and an entitlements file that do
/// not read).
enum XcodeProjectFixtures {
    /// The findings of rule `rule` when the fixture `name` is linted, with files below the fixture.
    static func findings(_ rule: String, in name: String) -> [(severity: Severity, file: String, message: String)] {
        let root = TestPaths.fixture("projects/\(name)").path
        return Linter().lint([root]).findings.filter { $0.rule == rule }.map {
            ($0.severity, String(($0.file ?? "").dropFirst(root.count + 1)), $0.message)
        }
    }
}
