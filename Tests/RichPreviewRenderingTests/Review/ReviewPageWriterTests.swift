import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `ReviewPageWriter`: the page and its report, a baseline from any `ReviewBaselineTree`, and the
/// outputs it refuses.
struct ReviewPageWriterTests {
    /// A baseline tree holding one payload, `dinner.json`, with `title`.
    struct OneFileTree: ReviewBaselineTree {
        var title: String

        func write(_ paths: [String], into scratch: URL) throws(ReviewFailure) -> [String] {
            let folder = scratch.appendingPathComponent("tree")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                try Data(#"{"aps": {"alert": {"title": "\#(title)", "body": "At eight"}}}"#.utf8)
                    .write(to: folder.appendingPathComponent("dinner.json"))
            } catch {
                throw .baseline(file: nil, reason: "\(error)")
            }
            return paths.map { _ in folder.path }
        }
    }

    static func project() throws -> URL {
        try TestPaths.temporaryFolder(holding: [
            "Push/dinner.json": #"{"aps": {"alert": {"title": "Dinner", "body": "At eight"}}}"#,
            "Push/lunch.json": #"{"aps": {"alert": {"title": "Lunch", "body": "At noon"}}}"#,
        ])
    }

    static func writer(_ output: String, baseline: ReviewBaselineSource? = nil) throws -> ReviewPageWriter {
        ReviewPageWriter(
            reviewer: ProjectReviewer(fonts: try SharedFonts.fonts(), parallelism: 1), output: output,
            links: .vscode, baseline: baseline)
    }

    @Test func thePageAndItsReport() throws {
        let project = try Self.project()
        let output = project.appendingPathComponent("review.html").path
        let written = try Self.writer(output).write([project.appendingPathComponent("Push").path])
        let page = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(ReviewPage.isReviewPage(start: page.prefix(256)))
        let report = written.report
        #expect(report.output == output && report.outputBytes == page.count)
        #expect(report.payloads == 2 && report.pictures == 8 && report.cards.count == 2)
        #expect(report.added == nil && report.changed == nil)
        #expect(report.cards.allSatisfy { $0.views.count == 4 && $0.change == nil })

        let json = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(ReviewReport.self, from: json) == report)
    }

    @Test func aBaselineTreeIsDrawnAndComparedUnderTheReviewsNames() throws {
        let project = try Self.project()
        let push = project.appendingPathComponent("Push").path
        let output = project.appendingPathComponent("review.html").path
        let same = try Self.writer(output, baseline: .tree(OneFileTree(title: "Dinner"))).write([push]).report
        #expect(same.changed == [] && same.removed == [] && same.added == [push + "/lunch.json"])
        let moved = try Self.writer(output, baseline: .tree(OneFileTree(title: "Supper"))).write([push]).report
        #expect(moved.changed == [push + "/dinner.json"])
        #expect(moved.cards.map(\.change) == ["changed", "added"])
        // The earlier page is itself a baseline.
        let page = try Self.writer(output, baseline: .page(output)).write([push]).report
        #expect(page.changed == [] && page.added == [] && page.removed == [])
    }

    @Test func outputsThatWouldLoseAFileAreRefused() throws {
        let project = try Self.project()
        let payload = project.appendingPathComponent("Push/dinner.json").path
        #expect(throws: ReviewFailure.overwritesInput) {
            try ReviewPageWriter.checkOutput(payload, against: [payload])
        }
        #expect(throws: ReviewFailure.notAReviewPage(payload)) {
            try ReviewPageWriter.checkOutput(payload, against: [project.path + "/Other"])
        }
        #expect(
            throws: ReviewFailure.baseline(
                file: project.path + "/missing.html", reason: "the baseline page cannot be read: no such file")
        ) {
            _ = try Self.writer(project.path + "/review.html", baseline: .page(project.path + "/missing.html"))
                .write([project.path])
        }
    }
}
