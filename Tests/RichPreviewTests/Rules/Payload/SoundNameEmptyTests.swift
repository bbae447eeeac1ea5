import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SoundNameEmpty`: an empty sound name, plain or critical, and the near misses (no sound, a named
/// sound, the default).
struct SoundNameEmptyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "plain.json": #"{"aps": {"alert": "x", "sound": ""}}"#,
            "critical.json": #"{"aps": {"alert": "x", "sound": {"critical": 1, "name": " ", "volume": 1}}}"#,
        ])
        let found = fixture.findings("sound-name-empty")
        #expect(found.map(\.keyPath) == ["aps.sound.name", "aps.sound"], "\(found)")
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "none.json": #"{"aps": {"alert": "x"}}"#, "named.json": #"{"aps": {"alert": "x", "sound": "chime.caf"}}"#,
            "default.json": #"{"aps": {"alert": "x", "sound": "default"}}"#,
        ])
        #expect(fixture.findings("sound-name-empty").isEmpty)
    }
}
