import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PathUnreadable`: a case that triggers the rule and a near miss that must not.
struct PathUnreadableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}}"#])
        let missing = Linter().lint([fixture.path("nowhere")])
        #expect(
            missing.findings.map(\.rule) == ["path-unreadable"] && missing.unreadablePaths == [fixture.path("nowhere")])
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("a/loop"), withDestinationPath: fixture.root.path)
        let loop = fixture.findings("path-unreadable")
        #expect(loop.map(\.file) == [fixture.path("a/loop")] && loop.map(\.severity) == [.warning])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}}"#])
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("link.json"), withDestinationPath: fixture.path("push.json"))
        #expect(fixture.findings("path-unreadable").isEmpty)
    }

    /// A link to nothing (build output a fresh checkout lacks) is a note, not a warning.
    @Test func aDanglingLinkIsANote() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}}"#])
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("Generated"), withDestinationPath: fixture.path("build/Generated"))
        let found = fixture.findings("path-unreadable")
        #expect(
            found.map(\.severity) == [.note] && found.first?.message.contains("link to nothing") == true, "\(found)")
    }
}
