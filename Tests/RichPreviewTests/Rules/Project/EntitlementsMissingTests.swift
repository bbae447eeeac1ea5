import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `EntitlementsMissing`: an app or extension target naming an entitlements file the tree does
/// not hold fails to build; a script of the target that names the file may write it.
struct EntitlementsMissingTests {
    static func fixture(
        entitlements: String, scripts: [String] = [], files: [String: String] = [:], sdk: String = "iphoneos"
    ) throws -> LintFixture {
        let project = ProjectFileText(targets: [
            .init(
                "App",
                settings: [
                    "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": sdk, "CODE_SIGN_ENTITLEMENTS": entitlements,
                ], scripts: scripts)
        ])
        return try LintFixture(
            files.merging([
                "App.xcodeproj/project.pbxproj": project.text, "App/Info.plist": Samples.app(modes: []),
            ]) { $1 })
    }

    @Test func triggers() throws {
        let found = try Self.fixture(entitlements: "App/App.entitlements").findings("entitlements-missing")
        #expect(found.map(\.severity) == [.error], "\(found)")
        #expect(found.first?.file?.hasSuffix("/App.xcodeproj/project.pbxproj") == true)
        #expect(found.first?.message.contains("App/App.entitlements'") == true, "\(found.first?.message ?? "")")
    }

    @Test func aScriptNamingTheFileMakesItANote() throws {
        let found = try Self.fixture(
            entitlements: "App/App.entitlements", scripts: ["cp \"$SRCROOT/Config/App.entitlements\" App/"]
        ).findings("entitlements-missing")
        #expect(found.map(\.severity) == [.note] && found.first?.cause == "written-by-script", "\(found)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let present = try Self.fixture(
            entitlements: "App/App.entitlements",
            files: [
                "App/App.entitlements": #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>"#
            ])
        #expect(present.findings("entitlements-missing").isEmpty)
        // A macOS app is left alone, as is a path with a variable nothing defines.
        #expect(
            try Self.fixture(entitlements: "App/App.entitlements", sdk: "macosx").findings("entitlements-missing")
                .isEmpty)
        #expect(
            try Self.fixture(entitlements: "$(UNDEFINED)/App.entitlements").findings("entitlements-missing").isEmpty)
    }
}

extension EntitlementsMissingTests {
    /// The file is there under another letter case: found on a Mac's default disk, so a note.
    @Test func aNameDifferingInCaseIsANote() throws {
        let found = try Self.fixture(
            entitlements: "App/App.entitlements",
            files: [
                "app/App.entitlements": #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>"#
            ]
        ).findings("entitlements-missing")
        #expect(found.map(\.severity) == [.note] && found.first?.cause == "differs-in-case", "\(found)")
    }
}

extension EntitlementsMissingTests {
    /// A name differing in case that is a link out of the tree does not count: still an error.
    @Test func aCaseVariantThroughALinkOutOfTheTreeDoesNotCount() throws {
        let outside = try TestPaths.temporaryFolder()
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>"#.utf8).write(
            to: outside.appendingPathComponent("App.entitlements"))
        let fixture = try Self.fixture(entitlements: "Signing/App.entitlements")
        try FileManager.default.createSymbolicLink(
            at: fixture.root.appendingPathComponent("signing"), withDestinationURL: outside)
        let found = fixture.findings("entitlements-missing")
        #expect(found.map(\.severity) == [.error], "\(found)")
    }
}
