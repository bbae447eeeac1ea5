import Foundation
import RichPreviewTestSupport
import Testing

/// `richpreview review --summary FILE`: the review in brief as Markdown, for a CI job to post.
struct ReviewSummaryCommandTests {
    @Test func theSummaryGivesTheCountsAndTheBrokenChangedAndAddedPayloads() throws {
        let folder = try ReviewCommandTests.project([
            "image.json": ReviewCommandTests.image, "missing.json": ReviewCommandTests.missingAttachment,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ToolRun.binary(["review", ".", "-o", "before.html"], workingDirectory: folder).status == 0)
        try Data(ReviewCommandTests.image.replacingOccurrences(of: "from the hills", with: "from the sea").utf8)
            .write(to: folder.appendingPathComponent("payloads/image.json"))
        try Data(ReviewCommandTests.plain.utf8).write(to: folder.appendingPathComponent("payloads/new [1].json"))
        let run = try ToolRun.binary(
            [
                "review", ".", "-o", "after.html", "--baseline", "before.html", "--summary", "summary.md",
                "--link-format", "https://example.com/blob/main/{path}#L{line}",
            ], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        let lines = summary.split(separator: "\n").map(String.init)
        #expect(lines.first == "### Notifications of \(folder.lastPathComponent)", "\(summary)")
        #expect(
            lines.contains { $0.hasPrefix("3 payloads · 1 error · ") && $0.hasSuffix("1 changed, 1 added, 0 removed") },
            "\(summary)")
        // Each list names its payloads, linked through the template, with what is wrong or changed.
        #expect(lines.contains("**Errors** (1)"), "\(summary)")
        #expect(
            lines.contains {
                $0.hasPrefix("- [payloads/missing.json](<https://example.com/blob/main/payloads/missing.json#L1>): ")
                    && $0.contains("`attachment-missing`")
            }, "\(summary)")
        #expect(lines.contains("**Changed** (1)"), "\(summary)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "- [payloads/image.json](<https://example.com/blob/main/payloads/image.json#L1>): changed: ")
                    && $0.contains("`aps.alert.body`: from the hills → from the sea")
            }, "\(summary)")
        // A name with Markdown's characters is escaped, and its link percent-encoded.
        #expect(
            lines.contains(
                "- [payloads/new \\[1\\].json](<https://example.com/blob/main/payloads/new%20%5B1%5D.json#L1>)"),
            "\(summary)")
        #expect(summary.hasSuffix("Every picture, before and after: `after.html`.\n"), "\(summary)")

        // To standard output, and without a web template the names are plain code.
        let printed = try ToolRun.binary(
            ["review", ".", "-o", "again.html", "--summary", "-"], workingDirectory: folder)
        #expect(printed.status == 0, "\(printed.err)")
        #expect(printed.out.contains("- `payloads/missing.json`: "), "\(printed.out)")
        #expect(!printed.out.contains("](") && !printed.out.contains("**Changed**"), "\(printed.out)")
    }

    @Test func namesAndMessagesMadeOfMarkdownAndHTMLStayText() throws {
        let name = "x](javascript:alert(1)) <b>_*~.json"
        let folder = try ReviewCommandTests.project([
            name:
                #"{"aps": {"alert": {"title": "t"}, "mutable-content": 1}, "attachment-url": "<img src=x onerror=alert(1)>.jpg"}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(
            ["review", ".", "--summary", "-", "--link-format", "https://example.com/{path}"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let item = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("- [") }.map(String.init))
        #expect(
            item.hasPrefix(
                "- [payloads/x\\](javascript:alert(1)) \\<b\\>\\_\\*\\~.json](<https://example.com/payloads/x%5D(javascript%3Aalert(1))%20%3Cb%3E_*~.json>): "
            ), "\(item)")
        // Every < but the link's own is escaped, so no tag is made.
        let opened = item.replacingOccurrences(of: "](<", with: "").replacingOccurrences(of: "\\<", with: "")
        #expect(!opened.contains("<"), "\(item)")
        #expect(item.contains("\\<img src=x onerror=alert(1)\\>.jpg"), "\(item)")
    }

    @Test func aSummaryThatWouldLoseAFileOrShareAnOutputIsAUsageError() throws {
        let folder = try ReviewCommandTests.project(["image.json": ReviewCommandTests.image])
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [
            ["--summary", "page.html", "-o", "page.html"], ["--summary", "payloads/image.json"],
            ["--summary", "-", "--json"],
        ] {
            let run = try ToolRun.binary(["review", "payloads"] + arguments, workingDirectory: folder)
            #expect(run.status == 2, "\(arguments): \(run.err)")
        }
        #expect(
            try String(contentsOf: folder.appendingPathComponent("payloads/image.json"), encoding: .utf8)
                == ReviewCommandTests.image)
    }
}
