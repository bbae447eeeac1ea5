import Foundation
import RichPreviewTestSupport
import Testing

/// `render` with action icons through the built binary: the fixture's symbols and template image
/// drawn without a word, and each icon left out says why on a `note:` line, exit 0.
struct RenderActionIconTests {
    static let fixture = TestPaths.fixture("projects/action-icons")
    static let payload = fixture.appendingPathComponent("payloads/task.json").path
    static let manifest = fixture.appendingPathComponent("categories.json").path

    static func render(_ extra: [String], categories: String = manifest) throws -> (ToolRun, Data?) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("card.png").path
        let run = try ToolRun.binary(
            ["render", payload, "--categories", categories, "--format", "png", "-o", output] + extra)
        return (run, FileManager.default.contents(atPath: output))
    }

    @Test func theFixturesIconsAreDrawnWithoutANote() throws {
        let (withProject, picture) = try Self.render(["--project", Self.fixture.path])
        #expect(withProject.status == 0)
        #expect(withProject.err.isEmpty, "\(withProject.err)")
        let (without, plain) = try Self.render([])
        #expect(without.status == 0)
        #expect(
            without.err
                == "\(Self.payload): action 'comment' is drawn without its icon, the template image 'ReplyGlyph': images are read from the app's asset catalogs (give --project)\n"
        )
        #expect(picture != nil && plain != nil && picture != plain)
    }

    @Test func anIconThatCannotBeDrawnSaysWhy() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("categories.json")
        try Data(
            #"""
            {"categories": [{"identifier": "task_reminder", "actions": [
              {"identifier": "walk", "title": "Log a Walk", "icon": {"systemImageName": "shoe.2"}},
              {"identifier": "star", "title": "Star", "icon": {"templateImageName": "Star\nGlyph"}}]}]}
            """#.utf8
        ).write(to: manifest)
        let (run, picture) = try Self.render(["--project", Self.fixture.path], categories: manifest.path)
        #expect(run.status == 0 && picture != nil)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 2, "\(run.err)")
        #expect(
            lines.contains {
                $0.hasSuffix("action 'walk' is drawn without its icon: SF Symbol 'shoe.2' has no stand-in glyph here")
            })
        #expect(
            lines.contains {
                $0.contains("'Star\\nGlyph'")
                    && $0.contains("the project's asset catalogs have no image set of that name")
            }, "a name's newline is escaped: \(run.err)")
    }
}
