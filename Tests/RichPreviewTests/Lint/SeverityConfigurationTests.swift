import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// A rule's severity, or one cause's, can be given in `.richpreview.json` (`severity`) and on the
/// command line (`--severity`); a cause's wins over its rule's, and `off` drops the findings.
struct SeverityConfigurationTests {
    /// A folder with a ratio written as a string (`size-ratio-invalid/number-as-string`, a warning),
    /// a ratio of 0 in another plist (`size-ratio-invalid/zero`, a note) and a misspelt attribute.
    static func folder(config: String?) throws -> URL {
        func plist(ratio: String, extra: String = "") -> String {
            """
            <plist version="1.0"><dict><key>NSExtension</key><dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.content-extension</string>
            <key>NSExtensionMainStoryboard</key><string>Main</string>
            <key>NSExtensionAttributes</key><dict>
            <key>UNNotificationExtensionCategory</key><string>c</string>
            <key>UNNotificationExtensionInitialContentSizeRatio</key>\(ratio)\(extra)
            </dict></dict></dict></plist>
            """
        }
        var files = [
            "A/Info.plist": plist(ratio: "<string>0.5</string>"),
            "B/Info.plist": plist(
                ratio: "<real>0</real>", extra: "<key>UNNotificationExtensionCategry</key><string>x</string>"),
        ]
        if let config { files[LintConfiguration.fileName] = config }
        return try TestPaths.temporaryFolder(holding: files)
    }

    /// The severities of `rule`'s findings, by the plist's folder.
    static func severities(_ result: LintResult, _ rule: String) -> [String: Severity] {
        var found: [String: Severity] = [:]
        for finding in result.findings where finding.rule == rule {
            found[URL(fileURLWithPath: finding.file ?? "").deletingLastPathComponent().lastPathComponent] =
                finding.severity
        }
        return found
    }

    @Test func theDeclaredSeveritiesByDefault() throws {
        let result = Linter().lint([try Self.folder(config: nil).path])
        #expect(Self.severities(result, "size-ratio-invalid") == ["A": .warning, "B": .note])
        let finding = result.findings.first { $0.rule == "size-ratio-invalid" }
        #expect(finding?.cause == "number-as-string")
    }

    @Test func aRuleACauseAndOff() throws {
        let config = #"""
            {"severity": {"size-ratio-invalid": "error", "size-ratio-invalid/zero": "off", "unknown-attribute": "note"}}
            """#
        let result = Linter().lint([try Self.folder(config: config).path])
        #expect(result.configurationError == nil)
        #expect(Self.severities(result, "size-ratio-invalid") == ["A": .error])
        #expect(Self.severities(result, "unknown-attribute") == ["B": .note])
        #expect(result.failed)
    }

    @Test(arguments: [
        (#"{"severity": {"no-such-rule": "note"}}"#, "'severity': no rule 'no-such-rule'"),
        (
            #"{"severity": {"size-ratio-invalid/nope": "note"}}"#,
            "has no cause 'nope' (its causes: number-as-string, zero)"
        ),
        (#"{"severity": {"aps-empty/x": "note"}}"#, "the rule 'aps-empty' has no causes of its own"),
        (#"{"severity": {"aps-empty": "fatal"}}"#, "'aps-empty' must be error, warning, note or off, not 'fatal'"),
        (#"{"severity": ["aps-empty"]}"#, "'severity' must be an object of rule ids and levels"),
    ])
    func aWrongEntryStopsTheLint(config: String, reason: String) throws {
        let result = Linter().lint([try Self.folder(config: config).path])
        #expect(
            result.configurationError?.reason.contains(reason) == true,
            "\(String(describing: result.configurationError))")
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let folder = try Self.folder(config: #"{"severity": {"size-ratio-invalid/number-as-string": "error"}}"#)
        let fromFile = ToolRun.inProcess(["lint", folder.path])
        let ratio = "NSExtension.NSExtensionAttributes.UNNotificationExtensionInitialContentSizeRatio: expected <real>"
        #expect(fromFile.err.contains("error: \(ratio)"), "\(fromFile.err)")
        let given = ToolRun.inProcess(["lint", folder.path, "--severity", "size-ratio-invalid/number-as-string=note"])
        #expect(given.err.contains("note: \(ratio)") && !given.err.contains("error: \(ratio)"), "\(given.err)")
        let wrong = ToolRun.inProcess(["lint", folder.path, "--severity", "size-ratio-invalid"])
        #expect(wrong.status == 2 && wrong.err.hasPrefix("richpreview: error: --severity needs RULE=LEVEL"))
    }
}
