import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// How the lint finds and reads files: which names count (extension, any case; not hidden names),
/// the source size limit, symbolic links, several paths naming the same files.
struct LintReadingTests {
    static let payload = #"{"aps": {"alert": "x"}}"#

    @Test func extensionsCountInAnyCaseAndHiddenNamesDoNot() throws {
        let fixture = try LintFixture([
            "App/Register.SWIFT": Samples.swiftRegistration(["a"]), "App/Legacy.M": "int x = 1;",
            "Push/one.Json": Self.payload, "Push/two.APNS": Self.payload, "Push/.json": Self.payload,
            "Push/notes.txt": Self.payload, "Push/json": Self.payload,
        ])
        let result = fixture.lint()
        #expect(result.counts["sources"] == 2)
        #expect(result.counts["payloads"] == 2)
        #expect(result.filesWalked == 4)
    }

    @Test func sourcesOverTwoMebibytesAreNotRead() throws {
        let line = "let padding = \"\(String(repeating: "x", count: 100))\"\n"
        let big = String(repeating: line, count: 2 * 1024 * 1024 / line.utf8.count + 1)
        let fixture = try LintFixture(["Big.swift": big, "Small.swift": Samples.swiftRegistration(["a"])])
        #expect(fixture.lint().counts["sources"] == 1)
    }

    @Test func emptyAndOneByteFilesAreReadWhole() throws {
        let fixture = try LintFixture([
            "App/Empty.swift": "", "App/One.m": "x", "App/Register.swift": Samples.swiftRegistration(["a"]),
            "Push/empty.json": "", "Push/tiny.apns": "{}", "Push/one.json": Self.payload,
        ])
        let result = fixture.lint()
        #expect(result.counts["sources"] == 3)
        #expect(result.counts["payloads"] == 2)
        #expect(result.filesWalked == 6)
    }

    /// A `.json` file is a payload when a key is `aps` in any case, or a manifest when one is
    /// `categories`, however the key is written (escapes, UTF-16); the files with neither word
    /// are passed over unparsed, and broken JSON that says `"aps"` is still a payload.
    @Test func jsonFilesAreToldApartHoweverTheirKeysAreWritten() throws {
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(#"{"aps": {"alert": "x"}}"#.data(using: .utf16LittleEndian) ?? Data())
        let fixture = try LintFixture(
            [
                "Push/escaped.json": #"{"\u0061ps": {"alert": "x"}}"#, "Push/upper.json": #"{"APS": {"alert": "x"}}"#,
                "Push/broken.json": #"{"aps": {"alert": "x""#, "Assets/Contents.json": #"{"images": [], "info": {}}"#,
                "Assets/list.json": "[1, 2]", "Assets/empty.json": "",
                "Config/escaped.json": #"{"c\u0061tegories": [{"identifier": "a", "actions": []}]}"#,
                "Config/plain.json": Samples.manifest(["b"]),
            ], data: ["Push/utf16.json": utf16])
        let result = fixture.lint()
        #expect(result.counts["payloads"] == 4)
        #expect(result.counts["manifests"] == 2)
    }

    @Test func keepingTheModelChangesNothingFound() throws {
        let fixture = try LintFixture([
            "App/Register.swift": Samples.swiftRegistration(["a"]), "Push/one.json": #"{"aps": {"category": "b"}}"#,
        ])
        let plain = Linter().lint([fixture.root.path])
        let (kept, _) = Linter().lintKeepingModel([fixture.root.path])
        #expect(!plain.findings.isEmpty)
        #expect(kept.findings == plain.findings)
        #expect(kept.counts == plain.counts && kept.filesWalked == plain.filesWalked && kept.notes == plain.notes)
    }

    @Test func linkedFilesAreReadAndDanglingLinksReported() throws {
        let fixture = try LintFixture(["Push/real.json": Self.payload])
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("Push/linked.json"), withDestinationPath: fixture.path("Push/real.json"))
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("Push/gone.json"), withDestinationPath: fixture.path("Push/nowhere.json"))
        let result = fixture.lint()
        #expect(result.counts["payloads"] == 2)
        #expect(result.findings.filter { $0.rule == "path-unreadable" }.map(\.file) == [fixture.path("Push/gone.json")])
    }

    @Test func pathsGivenTwiceAreLintedOnce() throws {
        let fixture = try LintFixture(["Push/one.json": Self.payload, "Push/two.json": Self.payload])
        let once = Linter().lint([fixture.root.path])
        let twice = Linter().lint([fixture.root.path, fixture.path("Push"), fixture.path("Push/../Push/one.json")])
        #expect(once.filesWalked == 2)
        #expect(twice.filesWalked == 2)
        #expect(twice.findings == once.findings)
    }
}

/// A payload is a VoIP push when its file name says `voip`, in any case; the folder's name does not count.
struct LintVoIPNameTests {
    @Test(arguments: [("Push/Incoming-VoIP.json", true), ("VOIP/plain.json", false), ("Push/voip", false)])
    func voipPayloadsNeedTheBackgroundMode(path: String, needsVoIP: Bool) throws {
        let fixture = try LintFixture([
            "App/Info.plist": Samples.app(modes: ["remote-notification"]), path: #"{"aps": {"alert": "x"}}"#,
        ])
        let findings = fixture.findings("background-mode-missing").filter { $0.message.contains("lacks voip") }
        #expect(findings.isEmpty == !needsVoIP)
    }
}
