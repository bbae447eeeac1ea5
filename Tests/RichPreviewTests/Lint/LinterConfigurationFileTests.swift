import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `Linter` reads the folder's `.richpreview.json` as `richpreview lint` does, unless told not to,
/// so a library user and the command line get the same findings from the same folder.
struct LinterConfigurationFileTests {
    static func folder(config: String) throws -> URL {
        let root = try TestPaths.temporaryFolder()
        try Data(#"{"aps": {"alert": "x"}, "image": "missing.png"}"#.utf8).write(
            to: root.appendingPathComponent("push.json"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("vendor"), withIntermediateDirectories: true)
        try Data(#"{"aps": {"alert": {"titel": "x"}}}"#.utf8).write(
            to: root.appendingPathComponent("vendor/other.json"))
        try Data(config.utf8).write(to: root.appendingPathComponent(LintConfiguration.fileName))
        return root
    }

    @Test func theFolderFileIsReadByDefault() throws {
        let root = try Self.folder(config: #"{"exclude": ["vendor/**"], "disable": ["mutable-content-missing"]}"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let withFile = Linter().lint([root.path])
        let without = Linter(readsConfigurationFile: false).lint([root.path])
        #expect(withFile.configurationError == nil)
        #expect(
            withFile.findings.allSatisfy { !($0.file ?? "").contains("vendor") && $0.rule != "mutable-content-missing" }
        )
        #expect(without.findings.contains { ($0.file ?? "").contains("vendor") })
        #expect(without.filesWalked > withFile.filesWalked)
        // The command line, on the same folder, prints the same findings.
        let run = ToolRun.inProcess(["lint", root.path, "--format", "json"])
        let printed = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]]
        #expect(printed?.count == withFile.findings.count)
        #expect(printed?.compactMap { $0["rule"] as? String } == withFile.findings.map(\.rule))
    }

    @Test func anUnusableFileStopsTheLintWithItsReason() throws {
        let root = try Self.folder(config: #"{"disabel": []}"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Linter().lint([root.path])
        #expect(result.failed && result.findings.isEmpty)
        #expect(result.configurationError?.reason.contains("did you mean 'disable'") == true)
    }
}
