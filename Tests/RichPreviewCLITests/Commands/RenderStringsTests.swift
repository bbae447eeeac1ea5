import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `render --strings PATH --language CODE`: loc-key payloads drawn with the app's strings.
struct RenderStringsTests {
    static func project() throws -> URL {
        try TestPaths.temporaryFolder(holding: [
            "App/en.lproj/Localizable.strings": #""GAME_INVITE_TITLE" = "%@ invites you";"# + "\n"
                + #""GAME_INVITE_BODY" = "Join %1$@ for %2$d rounds";"#,
            "App/de.lproj/Localizable.strings": #""GAME_INVITE_TITLE" = "%@ lädt dich ein";"#,
        ])
    }

    static let payload = Data(
        #"{"aps":{"alert":{"title-loc-key":"GAME_INVITE_TITLE","title-loc-args":["Anna"],"loc-key":"GAME_INVITE_BODY","loc-args":["Ben","3"]}}}"#
            .utf8)

    @Test func theCardShowsTheValuesWithTheirArguments() throws {
        let project = try Self.project()
        let run = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--width", "60", "--strings", project.path], standardInput: Self.payload
        )
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Anna invites you") && run.out.contains("Join Ben for 3 rounds"))
        #expect(!run.out.contains("GAME_INVITE") && !run.err.contains("loc-key-missing"))
        let png = project.appendingPathComponent("card.png")
        let picture = ToolRun.inProcess(
            ["render", "-", "--format", "png", "-o", png.path, "--strings", project.path], standardInput: Self.payload)
        #expect(picture.status == 0, "\(picture.err)")
    }

    @Test func aKeyTheLanguageLacksIsShownAsWrittenAndReported() throws {
        let project = try Self.project()
        let run = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--width", "60", "--strings", project.path, "--language", "de"],
            standardInput: Self.payload)
        #expect(run.out.contains("Anna lädt dich ein") && run.out.contains("GAME_INVITE_BODY"))
        #expect(run.err.contains("aps.alert.loc-key") && run.err.contains("[loc-key-missing]"), "\(run.err)")
    }

    @Test func aMalformedFileOrAMissingPathIsOneError() throws {
        let project = try TestPaths.temporaryFolder(holding: ["en.lproj/Localizable.strings": #""KEY" = "open"#])
        let run = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--strings", project.path], standardInput: Self.payload)
        #expect(run.status == 1 && run.err.contains("en.lproj/Localizable.strings"), "\(run.err)")
        let none = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--strings", project.path + "/nowhere"], standardInput: Self.payload)
        #expect(none.status == 1 && none.err.contains("nowhere"))
        // Without --strings, --language is still the notification's language; the keys are shown
        // as written.
        let alone = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--width", "60", "--language", "de"], standardInput: Self.payload)
        #expect(alone.status == 0 && alone.out.contains("GAME_INVITE_TITLE"), "\(alone.err)")
    }
}
