import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// Each command's `--json` output on the bundled samples, through the built binary, pinned to a
/// golden under `goldens/json/` (times, the sizes of files written and temporary folders masked:
/// the encoders' and fonts' versions move them), and decoded into the library report it is
/// (`ShownNotification`, `ScaleOutputReport`, `ReviewReport`, `InspectedAttachment`,
/// `ResponseReport`, `PayloadFileReport`) and encoded again with `ReportJSON` to the same bytes.
struct JSONSchemaTests {
    static let payloads = "Resources/payloads"
    static let attachments = "Resources/attachments"
    static let fixtures = "Tests/Fixtures/payloads"

    /// `text` with `folder`'s path written as `OUT`, and every time (`"milliseconds"` and the
    /// stages under it) and size written (`"outputBytes"`) as 0.
    static func masked(_ text: String, folder: URL) throws -> String {
        let times = try Regex(#"("(decode|resample|orient|encode|total|milliseconds|outputBytes)" : )-?[0-9.e+-]+"#)
        return text.replacing(folder.path, with: "OUT").replacing(times) { $0.output[1].substring! + "0" }
    }

    /// Runs the binary, expects `status`, and checks its standard output against the golden `name`.
    static func pin(_ arguments: [String], status: Int32, golden name: String, folder: URL) throws -> String {
        let run = try ToolRun.binary(arguments)
        #expect(run.status == status, "\(arguments): \(run.err)")
        try Golden.expect(text: try masked(run.out, folder: folder), matches: "json/\(name).json")
        return run.out
    }

    /// Expects `json` to decode into `Report` and encode again with `ReportJSON` to itself.
    static func expectRoundTrip<Report: Codable>(_ json: String, as _: Report.Type) throws {
        let report = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(try ReportJSON.encode(report) == json)
    }

    /// `lint --format json` on a React Native app: each finding of its iOS side, and the note
    /// saying what kind of app lint saw, with the SDK's guide in the notes.
    @Test func lintOfACrossPlatformApp() throws {
        let folder = try TestPaths.temporaryFolder()
        let json = try Self.pin(
            ["lint", "--format", "json", "Tests/Fixtures/projects/react-native-extension-problems"], status: 1,
            golden: "lint-cross-platform", folder: folder)
        try Self.expectRoundTrip(json, as: [Finding].self)
    }

    @Test func deliver() throws {
        let folder = try TestPaths.temporaryFolder()
        let json = try Self.pin(
            [
                "deliver", "--json", "--categories", "Resources/categories.json",
                "\(Self.payloads)/image_category.json",
                "\(Self.payloads)/audio_category.json", "\(Self.fixtures)/silent-hello.json",
                "\(Self.fixtures)/silent-goodbye.json", "\(Self.fixtures)/voip-hello.json",
            ], status: 0, golden: "deliver", folder: folder)
        try Self.expectRoundTrip(json, as: [ShownNotification].self)
    }

    @Test func scale() throws {
        let folder = try TestPaths.temporaryFolder()
        let one = try Self.pin(
            [
                "scale", "--json", "\(Self.attachments)/sample-image.jpg", "-o", folder.path + "/a.jpg", "--fit",
                "200x200",
            ],
            status: 0, golden: "scale", folder: folder)
        try Self.expectRoundTrip(one, as: ScaleOutputReport.self)
        let batch = try Self.pin(
            [
                "scale", "--json", "--jobs", "2", "\(Self.attachments)/sample-image.jpg",
                "\(Self.attachments)/sample-badge.png", "\(Self.attachments)/sample-audio.wav", "--output-dir",
                folder.path + "/batch", "--fit", "100x100",
            ], status: 1, golden: "scale-batch", folder: folder)
        try Self.expectRoundTrip(batch, as: [ScaleOutputReport].self)
    }

    @Test func review() throws {
        let folder = try TestPaths.temporaryFolder()
        let json = try Self.pin(
            [
                "review", "--json", "--baseline", "Tests/Fixtures/review/two-cards.html", "-o",
                folder.path + "/review.html", "Resources", "Info-plist-samples",
            ], status: 0, golden: "review", folder: folder)
        try Self.expectRoundTrip(json, as: ReviewReport.self)
    }

    @Test func inspectAndRespond() throws {
        let folder = try TestPaths.temporaryFolder()
        let inspect = try Self.pin(
            ["inspect", "--json", "\(Self.attachments)/sample-image.jpg", "\(Self.attachments)/sample-movie.mp4"],
            status: 0, golden: "inspect", folder: folder)
        try Self.expectRoundTrip(inspect, as: [InspectedAttachment].self)
        let respond = try Self.pin(
            [
                "respond", "--json", "--categories", "Resources/categories.json", "--extensions", "Info-plist-samples",
                "--category", "image_category", "--action", "imageconfirmaction",
            ], status: 0, golden: "respond", folder: folder)
        try Self.expectRoundTrip(respond, as: ResponseReport.self)
    }

    @Test func payload() throws {
        let folder = try TestPaths.temporaryFolder()
        let json = try Self.pin(
            ["payload", "--json", "\(Self.payloads)/image_category.json", "\(Self.fixtures)/typos.json"], status: 0,
            golden: "payload", folder: folder)
        try Self.expectRoundTrip(json, as: [PayloadFileReport].self)
    }
}
