import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `lint` checks payloads' loc-keys against the project's own `Localizable` tables (`.strings`,
/// `.stringsdict`, `.xcstrings`), through the built binary: a key in none is `loc-key-missing`; a
/// key in one language only is not; a project without tables, or with one that cannot be read,
/// gives no such finding.
struct LintLocKeyTests {
    static let payload = #"{"aps": {"alert": {"title-loc-key": "INVITE_TITLE", "loc-key": "INVITE_BODY"}}}"#

    static func lint(_ files: [String: String]) throws -> ToolRun {
        let folder = try TestPaths.temporaryFolder(holding: files.merging(["push/invite.json": payload]) { a, _ in a })
        return try ToolRun.binary(["lint", folder.path])
    }

    @Test func aKeyInNoTableIsFound() throws {
        let run = try Self.lint(["App/en.lproj/Localizable.strings": #""INVITE_TITLE" = "Join us";"#])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.err.split(separator: "\n").filter { $0.contains("[loc-key-missing]") }
        #expect(lines.count == 1, "\(run.err)")
        #expect(lines.first?.contains("push/invite.json:1") == true, "\(run.err)")
        #expect(lines.first?.contains("'INVITE_BODY'") == true && lines.first?.contains("warning") == true)
    }

    @Test func keysInAnyTableOrLanguageAreSilent() throws {
        let run = try Self.lint([
            "App/de.lproj/Localizable.strings": #""INVITE_TITLE" = "Mach mit";"#,
            "App/Base.lproj/Localizable.stringsdict": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>INVITE_BODY</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>other</key><string>%d friends</string></dict></dict></dict></plist>
            """,
        ])
        #expect(!run.err.contains("loc-key-missing"), "\(run.err)")
        let catalog = try Self.lint([
            "App/Localizable.xcstrings":
                #"{"sourceLanguage": "en", "strings": {"INVITE_TITLE": {}, "INVITE_BODY": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "Viens"}}}}}, "version": "1.0"}"#
        ])
        #expect(!catalog.err.contains("loc-key-missing"), "\(catalog.err)")
    }

    @Test func noTablesOrAnUnreadableOneGiveNoFinding() throws {
        let none = try Self.lint([:])
        #expect(!none.err.contains("loc-key-missing"), "\(none.err)")
        // A table outside an .lproj folder is not the app's table.
        let loose = try Self.lint(["Localizable.strings": #""OTHER" = "x";"#])
        #expect(!loose.err.contains("loc-key-missing"), "\(loose.err)")
        let broken = try Self.lint([
            "App/en.lproj/Localizable.strings": #""INVITE_TITLE" = "Join us";"#,
            "App/fr.lproj/Localizable.strings": #""INVITE_TITLE" = "open"#,
        ])
        #expect(!broken.err.contains("loc-key-missing"), "\(broken.err)")
        #expect(broken.err.contains("fr.lproj/Localizable.strings"), "\(broken.err)")
    }
}
