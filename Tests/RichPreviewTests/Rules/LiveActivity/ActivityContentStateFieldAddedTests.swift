import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActivityContentStateFieldAdded`: a ContentState that gained a required field since the
/// baseline; the same field optional, a field renamed through CodingKeys to a key it had, a state
/// that decodes itself, and no baseline at all.
struct ActivityContentStateFieldAddedTests {
    static func attributes(_ state: String) -> String {
        """
        import ActivityKit

        struct MatchAttributes: ActivityAttributes {
            public struct ContentState: Codable, Hashable {
        \(state)
            }
            var homeTeam: String
        }
        """
    }

    static let shipped = attributes(
        """
                var home: Int
                var away: Int
        """)

    /// Lints `now` with `shipped` as the baseline.
    static func findings(_ now: String, before: String = shipped) throws -> [Finding] {
        let baseline = try LintFixture(["Widget/MatchAttributes.swift": before])
        let fixture = try LintFixture(["Widget/MatchAttributes.swift": now])
        var linter = Linter(readsConfigurationFile: false)
        linter.baseline = LintBaseline(paths: [baseline.root.path], name: "v1.4")
        return linter.lint([fixture.root.path]).findings.filter { $0.rule == "activity-content-state-field-added" }
    }

    @Test func triggers() throws {
        let findings = try Self.findings(
            Self.attributes(
                """
                        var home: Int
                        var away: Int
                        var minute: Int
                        var scorer: String?
                """))
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.file?.hasSuffix("Widget/MatchAttributes.swift") == true && finding.line == 7)
        #expect(finding.message.contains("'minute'") && finding.message.contains("v1.4"))
        #expect(finding.suggestion == "minute: Int?")
    }

    /// A new field that is optional, a field renamed through `CodingKeys` to a key the state had,
    /// and a state that decodes itself.
    static let nearMisses = [
        """
                var home: Int
                var away: Int
                var minute: Int?
        """,
        """
                var homeGoals: Int
                var away: Int
                enum CodingKeys: String, CodingKey {
                    case homeGoals = "home"
                    case away
                }
        """,
        """
                var home: Int
                var away: Int
                var minute: Int
                init(from decoder: Decoder) throws {
                    let values = try decoder.container(keyedBy: CodingKeys.self)
                    home = try values.decode(Int.self, forKey: .home)
                    away = try values.decode(Int.self, forKey: .away)
                    minute = (try? values.decode(Int.self, forKey: .minute)) ?? 0
                }
        """,
    ]

    @Test(arguments: nearMisses) func nearMissDoesNotTrigger(_ state: String) throws {
        #expect(try Self.findings(Self.attributes(state)).isEmpty)
    }

    @Test func nothingIsComparedWithoutABaseline() throws {
        let alone = try LintFixture(["Widget/MatchAttributes.swift": Self.attributes("        var minute: Int")])
        #expect(alone.findings("activity-content-state-field-added").isEmpty)
    }
}
