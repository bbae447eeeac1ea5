import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `NotificationRenderJob`: what it reports, in order, for a payload drawn in the terminal, an
/// invalid one, a picture, and stacks.
struct NotificationRenderJobTests {
    static func input(_ name: String) throws -> NotificationRenderJob.Input {
        let url = TestPaths.packageFile("Resources/payloads/\(name).json")
        return NotificationRenderJob.Input(path: url.path, data: try Data(contentsOf: url))
    }

    static func configurations() throws -> RenderConfigurations {
        RenderConfigurations(
            categories: try CategoryManifest.load(contentsOf: TestPaths.packageFile("Resources/categories.json")),
            extensions: ExtensionRegistry([]), findings: [])
    }

    static func run(_ job: NotificationRenderJob, _ inputs: [NotificationRenderJob.Input]) throws -> (
        Bool, [RenderEvent]
    ) {
        let configurations = try Self.configurations()
        var events: [RenderEvent] = []
        let succeeded = job.render(inputs, configurations: { configurations }) { events.append($0) }
        return (succeeded, events)
    }

    static func text(_ events: [RenderEvent]) -> String {
        events.compactMap { if case .output(let text) = $0 { text } else { nil } }.joined()
    }

    @Test func aPayloadInTheTerminal() throws {
        var job = NotificationRenderJob(
            output: .terminal(TerminalCardRenderer(style: .text, columns: 50, appearance: .light)))
        job.attachmentsFolder = TestPaths.packageFile("Resources/attachments")
        job.time = "9:41"
        let (succeeded, events) = try Self.run(job, [try Self.input("image_category")])
        #expect(succeeded)
        let text = Self.text(events)
        #expect(text.contains("新图片") && text.contains("9:41") && text.contains("查看"))
    }

    @Test func anInvalidPayloadIsReportedAndNothingIsDrawn() throws {
        let job = NotificationRenderJob(output: .terminal(TerminalCardRenderer(style: .text, columns: 50)))
        var asked = false
        var events: [RenderEvent] = []
        let broken = NotificationRenderJob.Input(path: "broken.json", data: Data(#"{"aps": "#.utf8))
        let succeeded = job.render(
            [broken],
            configurations: {
                asked = true
                return nil
            }, report: { events.append($0) })
        #expect(!succeeded && !asked)
        guard case .findings(let findings) = events.first else {
            Issue.record("no findings first: \(events)")
            return
        }
        #expect(findings.contains { $0.severity == .error && $0.file == "broken.json" })
        #expect(Self.text(events).isEmpty)
        let audio = NotificationRenderJob.Input(
            path: "a.wav", data: try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-audio.wav")))
        #expect(!job.render([audio], configurations: { nil }, report: { _ in }))
        #expect(NotificationRenderJob.notRenderable(Data()) == "empty file: neither a payload nor an image")
    }

    @Test func aPictureAndStacksAreWritten() throws {
        let folder = try TestPaths.temporaryFolder()
        let card = folder.appendingPathComponent("card.png").path
        var job = NotificationRenderJob(output: .picture(path: card), width: 320, scale: 1)
        job.attachmentsFolder = TestPaths.packageFile("Resources/attachments")
        let (succeeded, _) = try Self.run(job, [try Self.input("image_category")])
        #expect(succeeded)
        #expect(try ImageHeader.read(Data(contentsOf: URL(fileURLWithPath: card))).size.width == 320)

        let stacks = folder.appendingPathComponent("stacks.png").path
        job.output = .picture(path: stacks)
        job.state = .banner
        let (stacked, _) = try Self.run(job, [try Self.input("image_category"), try Self.input("audio_category")])
        #expect(stacked)
        #expect(try ImageHeader.read(Data(contentsOf: URL(fileURLWithPath: stacks))).size.width == 320)
    }
}

extension NotificationRenderJobTests {
    @Test func aPictureIsNeverWrittenOverAnInput() throws {
        let folder = try TestPaths.temporaryFolder()
        let payload = folder.appendingPathComponent("push.png")
        let bytes = Data(#"{"aps": {"alert": "hello"}}"#.utf8)
        try bytes.write(to: payload)
        var events: [RenderEvent] = []
        let succeeded = NotificationRenderJob(output: .picture(path: payload.path)).render(
            [NotificationRenderJob.Input(path: payload.path, data: bytes)], configurations: { nil },
            report: { events.append($0) })
        #expect(!succeeded)
        #expect(events == [.problem(.error, file: payload.path, "the output would overwrite the input")])
        #expect(try Data(contentsOf: payload) == bytes)
    }
}
