import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `ScaleBatch` and `ScaleJob` as a library user runs them: output names,
/// refused plans, reports in input order, and never an input written over.
struct ScaleBatchPlanTests {
    static let photo = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
    static let badge = TestPaths.packageFile("Resources/attachments/sample-badge.gif").path
    static let audio = TestPaths.packageFile("Resources/attachments/sample-audio.wav").path
    static let request = ScaleRequest(box: PixelSize(width: 40, height: 40), threads: 1)

    @Test func outputNames() {
        #expect(ScaleBatch.outputName(of: "a/photo.jpg", writtenAs: .jpeg, keepingExtension: false) == "photo.jpg")
        #expect(ScaleBatch.outputName(of: "a/photo.jpeg", writtenAs: .jpeg, keepingExtension: true) == "photo.jpeg")
        #expect(ScaleBatch.outputName(of: "a/badge.gif", writtenAs: .png, keepingExtension: false) == "badge.png")
        #expect(ScaleBatch.outputName(of: "a/badge.gif", writtenAs: .png, keepingExtension: true) == "badge.gif.png")
        #expect(ScaleBatch.outputName(of: "a/photo.jpg", writtenAs: .png, keepingExtension: false) == "photo.png")
    }

    @Test func plansThatWouldLoseAnOutputAreRefused() {
        #expect(throws: ScaleBatchError.standardInputHasNoName) {
            try ScaleBatch(["-"], into: "out", format: nil, keepingExtension: false, request: Self.request, quality: 85)
        }
        #expect(
            throws: ScaleBatchError.sameOutput(
                earlier: "x/a.gif", input: "y/a.png", output: "out/a.png", keepingExtension: false)
        ) {
            try ScaleBatch(
                ["x/a.gif", "y/a.png"], into: "out", format: nil, keepingExtension: false, request: Self.request,
                quality: 85)
        }
        let error = ScaleBatchError.sameOutput(earlier: "a", input: "b", output: "c", keepingExtension: false)
        #expect(
            error.description
                == "'a' and 'b' would both be written to 'c' (--keep-extension writes NAME.gif.png and the like)")
    }

    @Test func aBatchReportsEveryInputInOrderAndGoesOnAfterAFailure() throws {
        let folder = try TestPaths.temporaryFolder().appendingPathComponent("out").path
        let batch = try ScaleBatch(
            [Self.photo, Self.audio, Self.badge], into: folder, format: nil, keepingExtension: false,
            request: Self.request, quality: 80)
        #expect(
            batch.jobs.map { URL(fileURLWithPath: $0.outputs[0].path).lastPathComponent } == [
                "sample-image.jpg", "sample-audio.png", "sample-badge.png",
            ])
        try batch.prepareFolder()
        var failures: [String] = []
        let reports = batch.run(
            width: 2,
            emit: { outcome in
                if let failure = outcome.failure { failures.append(failure.file) }
            })
        #expect(reports.map(\.input) == [Self.photo, Self.audio, Self.badge])
        #expect(reports.map(\.succeeded) == [true, false, true])
        #expect(failures == [Self.audio])
        #expect(reports[0].outputFormat == .jpeg && reports[0].jpegQuality == 80)
        #expect(reports[1].error != nil && reports[1].format == nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/sample-badge.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/sample-audio.png"))
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        let file = try TestPaths.temporaryFolder().appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let batch = try ScaleBatch(
            [Self.photo], into: file.path, format: .png, keepingExtension: false, request: Self.request, quality: 85)
        #expect(throws: ScaleBatchError.outputFolder(file.path, reason: "not a folder")) { try batch.prepareFolder() }
    }

    @Test func aJobNeverWritesOverItsInput() throws {
        let folder = try TestPaths.temporaryFolder()
        let copy = folder.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(atPath: Self.photo, toPath: copy.path)
        let before = try Data(contentsOf: copy)
        let outcome = ScaleJob(input: copy.path, output: copy.path, request: Self.request, encoding: .jpeg()).run()
        #expect(outcome.failure?.message == "the output would overwrite the input")
        #expect(try Data(contentsOf: copy) == before)
        #expect(
            outcome.reports == [
                ScaleOutputReport(input: copy.path, output: copy.path, error: outcome.failure?.message)
            ])
    }

    @Test func severalOutputsFromOneDecodeAndTheReportRoundTrips() throws {
        let folder = try TestPaths.temporaryFolder()
        let outputs = [("big.png", 200), ("small.jpg", 50)].map { name, side in
            ScaleJob.Output(
                path: folder.appendingPathComponent(name).path,
                request: ScaleRequest(box: PixelSize(width: side, height: side), threads: 1),
                encoding: name.hasSuffix(".png") ? .png() : .jpeg())
        }
        let outcome = ScaleJob(input: Self.photo, outputs: outputs).run()
        #expect(outcome.failure == nil)
        #expect(
            outcome.reports.map(\.outputSize) == [PixelSize(width: 200, height: 133), PixelSize(width: 50, height: 33)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for report in outcome.reports {
            let json = try encoder.encode(report)
            #expect(try JSONDecoder().decode(ScaleOutputReport.self, from: json) == report)
        }
        let failed = String(
            decoding: try encoder.encode(ScaleOutputReport(input: "a", output: "b", error: "no")), as: UTF8.self)
        #expect(failed.contains(#""inputSize":null"#) && failed.contains(#""milliseconds":null"#))
    }
}
