import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Every lint format can reach a terminal (a CI log, `cat report.json`): none lets a control
/// character, an escape sequence or a bidirectional override from a payload key, a category id or a
/// file name through raw.
struct ReporterEscapingTests {
    /// Text an attacker puts in a key, an id or a file name: a colour change, a window-title change,
    /// an OSC 52 clipboard write, a bell, a backspace, DEL, a C1 CSI and a right-to-left override.
    static let hostile = "x\u{1B}[31mred\u{1B}]0;title\u{07}\u{1B}]52;c;aGk=\u{07}\u{08}\u{7F}\u{9B}2J\u{202E}y"

    /// A tree whose payload has a hostile unknown key and category, in a file with a hostile name.
    static func project() throws -> (root: URL, payloadName: String) {
        let root = try TestPaths.temporaryFolder()
        let name = "push%:,\u{1B}[2J\u{07}.json"
        let payload: [String: Any] = ["aps": ["alert": "hi", "category": hostile, hostile: 1]]
        try JSONSerialization.data(withJSONObject: payload).write(to: root.appendingPathComponent(name))
        return (root, name)
    }

    /// The scalars that must never be printed raw; line feeds between records are allowed.
    static func rawControls(in text: String) -> [UInt32] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscape($0) }.map(\.value)
    }

    @Test(arguments: ["github", "json", "sarif", "text"])
    func noFormatPrintsControlsRaw(format: String) throws {
        let (root, _) = try Self.project()
        let run = ToolRun.inProcess(["lint", "--format", format, root.path])
        #expect(Self.rawControls(in: run.out).isEmpty, "stdout has \(Self.rawControls(in: run.out))")
        #expect(Self.rawControls(in: run.err).isEmpty, "stderr has \(Self.rawControls(in: run.err))")
        #expect(run.out.contains("red") || run.err.contains("red"))
    }

    @Test func gitHubAnnotationsShowTheControlsEscapedAndKeepTheirOwnEscaping() throws {
        let (root, name) = try Self.project()
        let run = ToolRun.inProcess(["lint", "--format", "github", root.path])
        #expect(run.out.contains(#"x\u{1B}[31mred\u{1B}]0;title\u{7}"#), "\(run.out)")
        #expect(run.out.contains(#"\u{8}\u{7F}\u{9B}2J\u{202E}y"#))
        // GitHub's own escaping of a property (%, the colon and the comma) comes first.
        #expect(run.out.contains("/push%25%3A%2C\\u{1B}[2J\\u{7}.json,line="), "\(run.out)")
        #expect(!run.out.contains(name))
    }

    @Test(arguments: ["json", "sarif"])
    func jsonFormatsEscapeAsUnicodeAndDecodeToTheOriginalText(format: String) throws {
        let (root, _) = try Self.project()
        let run = ToolRun.inProcess(["lint", "--format", format, root.path])
        #expect(run.out.contains(#"\u001b[31mred"#))
        #expect(run.out.contains(#"\u007f\u009b2J\u202ey"#), "\(run.out)")
        // The escapes are JSON's own: the text decodes back to exactly what the payload said.
        let decoded = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
        let strings = Self.strings(in: decoded)
        #expect(strings.contains { $0.contains(Self.hostile) })
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings)
        default: []
        }
    }
}
