import Foundation
import RichPreviewTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `richpreview review`: one self-contained page with every payload drawn in every view beside
/// its findings; `--baseline` and `--baseline-ref` mark what changed; `--json` sums it up.
struct ReviewCommandTests {
    /// A small project in a temporary folder: the shipped categories, extension plists and
    /// attachments, and `payloads` (file name → JSON).
    static func project(_ payloads: [String: String]) throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        let manager = FileManager.default
        try manager.copyItem(
            at: TestPaths.packageFile("Resources/attachments"), to: folder.appendingPathComponent("attachments"))
        try manager.copyItem(
            at: TestPaths.packageFile("Resources/categories.json"), to: folder.appendingPathComponent("categories.json")
        )
        try manager.copyItem(
            at: TestPaths.packageFile("Info-plist-samples"), to: folder.appendingPathComponent("plists"))
        try Data(#"{"attachments": "attachments"}"#.utf8).write(to: folder.appendingPathComponent(".richpreview.json"))
        try manager.createDirectory(at: folder.appendingPathComponent("payloads"), withIntermediateDirectories: true)
        for (name, json) in payloads {
            try Data(json.utf8).write(to: folder.appendingPathComponent("payloads/\(name)"))
        }
        return folder
    }

    static let image =
        #"{"aps": {"alert": {"title": "A photo", "body": "from the hills"}, "category": "image_category", "mutable-content": 1}, "attachment-url": "sample-image.jpg"}"#
    static let audio =
        #"{"aps": {"alert": {"title": "A voice note", "body": "two seconds"}, "category": "audio_category", "mutable-content": 1}, "attachment-url": "sample-audio.m4a"}"#
    static let plain = #"{"aps": {"alert": {"title": "Plain", "body": "no category"}}}"#

    /// Runs git in `folder` with a fixed author, requiring it to succeed; returns its output.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments)")
        return printed
    }

    /// Makes `folder` a git repository whose first commit holds everything in it.
    static func commitEverything(in folder: URL) throws {
        try git(["init", "-q"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "first"], in: folder)
    }

    static func summary(_ run: ToolRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    static func page(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The `alt` texts of the page's own pictures.
    static func pictureTags(_ page: String) -> [String] {
        page.components(separatedBy: "<img class=\"picture\"").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test func theShippedSamplesMakeOnePageWithEveryPayloadInEveryView() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("review.html")
        let run = try ToolRun.binary(["review", "-o", output.path, "--json"])
        #expect(run.status == 0, "\(run.err)")
        let payloads = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.packageFile("Resources/payloads").path
        )
        .filter { $0.hasSuffix(".json") }
        let summary = try Self.summary(run)
        #expect(summary["payloads"] as? Int == payloads.count)
        let cards = try #require(summary["cards"] as? [[String: Any]])
        #expect(Set(cards.compactMap { $0["file"] as? String }) == Set(payloads.map { "Resources/payloads/\($0)" }))
        let page = try Self.page(output)
        let tags = Self.pictureTags(page)
        #expect(tags.count == summary["pictures"] as? Int)
        #expect(tags.count == cards.reduce(0) { $0 + (($1["views"] as? [String])?.count ?? 0) })
        #expect(tags.count >= payloads.count * 4)
        // Each payload's alert title is in the alt text of its pictures.
        for name in payloads {
            let json = try #require(
                JSONSerialization.jsonObject(
                    with: Data(contentsOf: TestPaths.packageFile("Resources/payloads/\(name)")))
                    as? [String: Any])
            let alert = (json["aps"] as? [String: Any])?["alert"] as? [String: Any]
            let title = try #require(alert?["title"] as? String)
            let own = tags.filter { $0.contains("payloads/\(name)\"") }
            #expect(own.count >= 4 && own.allSatisfy { $0.contains(title) }, "\(name)")
        }
        // Self-contained: nothing is fetched.
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("url("))
        #expect(page.contains("default-src 'none'"))
        #expect(run.err.contains("richpreview review: wrote"))
    }

    @Test func aBaselineMarksChangedAddedAndRemovedPayloads() throws {
        let folder = try Self.project(["image.json": Self.image, "audio.json": Self.audio, "plain.json": Self.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before")
        try FileManager.default.createDirectory(at: before, withIntermediateDirectories: true)
        let first = try ToolRun.binary(["review", "payloads", "-o", "before/review.html"], workingDirectory: folder)
        #expect(first.status == 0, "\(first.err)")

        // The same tree again: nothing changed.
        let same = try ToolRun.binary(
            ["review", "payloads", "-o", "same.html", "--baseline", "before", "--fail-on-change", "--json"],
            workingDirectory: folder)
        #expect(same.status == 0, "\(same.err)")
        #expect(try Self.summary(same)["changed"] as? [String] == [])

        try Data(Self.image.replacingOccurrences(of: "from the hills", with: "from the sea").utf8)
            .write(to: folder.appendingPathComponent("payloads/image.json"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("payloads/plain.json"))
        try Data(Self.plain.replacingOccurrences(of: "Plain", with: "New").utf8)
            .write(to: folder.appendingPathComponent("payloads/new.json"))
        let after = try ToolRun.binary(
            [
                "review", "payloads", "-o", "after.html", "--baseline", "before/review.html", "--fail-on-change",
                "--json",
            ],
            workingDirectory: folder)
        #expect(after.status == 1, "\(after.err)")
        let summary = try Self.summary(after)
        #expect(summary["changed"] as? [String] == ["payloads/image.json"])
        #expect(summary["added"] as? [String] == ["payloads/new.json"])
        #expect(summary["removed"] as? [String] == ["payloads/plain.json"])
        let page = try Self.page(folder.appendingPathComponent("after.html"))
        #expect(page.contains("<img class=\"baseline\""))
        #expect(page.contains("class=\"region\""))
        #expect(page.contains("<h3>Removed (1)</h3>"))
        // Only the body's text moved: the outlined region is a part of the card, not all of it.
        let region = try #require(page.components(separatedBy: "class=\"region\" style=\"").dropFirst().first)
        #expect(!region.hasPrefix("left:0.000%;top:0.000%;width:100.000%;height:100.000%"))
        // A payload that can no longer be drawn is a change too.
        try Data("{\"aps\": {\"alert\": 7}}".utf8).write(to: folder.appendingPathComponent("payloads/audio.json"))
        let broken = try ToolRun.binary(
            ["review", "payloads", "-o", "broken.html", "--baseline", "before", "--json"], workingDirectory: folder)
        #expect(try Self.summary(broken)["changed"] as? [String] == ["payloads/audio.json", "payloads/image.json"])
        try Data(Self.audio.utf8).write(to: folder.appendingPathComponent("payloads/audio.json"))
        // Without --fail-on-change a change is no failure.
        let lenient = try ToolRun.binary(
            ["review", "payloads", "-o", "lenient.html", "--baseline", "before"], workingDirectory: folder)
        #expect(lenient.status == 0, "\(lenient.err)")
        #expect(lenient.err.contains("1 changed, 1 added, 1 removed"))
    }

    @Test func aGitCommitCanBeTheBaseline() throws {
        let folder = try Self.project(["image.json": Self.image, "plain.json": Self.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.commitEverything(in: folder)
        try Data(Self.plain.replacingOccurrences(of: "no category", with: "changed").utf8)
            .write(to: folder.appendingPathComponent("payloads/plain.json"))
        let run = try ToolRun.binary(
            ["review", "payloads", "-o", "out.html", "--baseline-ref", "HEAD", "--json"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let summary = try Self.summary(run)
        #expect(summary["changed"] as? [String] == ["payloads/plain.json"])
        #expect(summary["added"] as? [String] == [] && summary["removed"] as? [String] == [])
        // An absolute path names the same files in the baseline as in the review.
        let absolute = try ToolRun.binary(
            [
                "review", folder.appendingPathComponent("payloads").path, "-o", "absolute.html", "--baseline-ref",
                "HEAD",
                "--json",
            ], workingDirectory: folder)
        #expect(absolute.status == 0, "\(absolute.err)")
        let absoluteSummary = try Self.summary(absolute)
        #expect((absoluteSummary["changed"] as? [String])?.count == 1, "\(absoluteSummary)")
        #expect((absoluteSummary["changed"] as? [String])?.first?.hasSuffix("/payloads/plain.json") == true)
        #expect(absoluteSummary["added"] as? [String] == [] && absoluteSummary["removed"] as? [String] == [])
        let missing = try ToolRun.binary(
            ["review", "payloads", "-o", "out.html", "--baseline-ref", "no-such-ref"], workingDirectory: folder)
        #expect(missing.status == 1 && missing.err.contains("no commit 'no-such-ref'"))
        // No worktree was made: the baseline is read from git's objects.
        let worktrees = try Self.git(["worktree", "list"], in: folder)
        #expect(worktrees.split(separator: "\n").count == 1, "\(worktrees)")
    }

    @Test func payloadsOfOneThreadAreAlsoShownStacked() throws {
        func message(_ text: String, score: Double? = nil) -> String {
            let relevance = score.map { #", "relevance-score": \#($0)"# } ?? ""
            return #"{"aps": {"alert": {"title": "Ana", "body": ""# + text
                + #"", "summary-arg": "Ana"}, "thread-id": "chat-ana"\#(relevance)}}"#
        }
        let folder = try Self.project([
            "a-first.json": message("first"), "b-second.json": message("second", score: 0.9),
            "c-third.json": message("third"), "d-plain.json": Self.plain,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(["review", "payloads", "-o", "out.html", "--json"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let threads = try #require(try Self.summary(run)["threads"] as? [[String: Any]])
        // One thread; the lone payload without a thread-id makes no stack. The most relevant is
        // featured on top, then the newest (the last file) first.
        #expect(threads.count == 1)
        #expect(threads.first?["thread"] as? String == "chat-ana")
        #expect(
            threads.first?["files"] as? [String] == [
                "payloads/b-second.json", "payloads/c-third.json", "payloads/a-first.json",
            ])
        #expect(threads.first?["summary"] as? String == "2 more notifications")
        let page = try Self.page(folder.appendingPathComponent("out.html"))
        let stacks = page.components(separatedBy: "<img class=\"stack\"").dropFirst().map {
            String($0.prefix { $0 != ">" })
        }
        #expect(stacks.count == 4)
        #expect(
            stacks.allSatisfy {
                $0.contains("Thread &quot;chat-ana&quot;") && $0.contains("2 more notifications")
                    && !$0.contains("from Ana")
            })
        #expect(stacks.filter { $0.contains("collapsed stack of 3") }.count == 2)
        // The stacks are no cards: the card pictures are 4 views of 4 payloads.
        #expect(Self.pictureTags(page).count == 16)
    }

    @Test func onlyAnEarlierPageIsWrittenOver() throws {
        let folder = try Self.project(["plain.json": Self.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        // A payload named as the output is neither skipped nor overwritten.
        let named = try ToolRun.binary(["review", "payloads", "-o", "payloads/plain.json"], workingDirectory: folder)
        #expect(named.status == 2 && named.err.contains("is not a page richpreview review wrote"), "\(named.err)")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("payloads/plain.json"), encoding: .utf8) == Self.plain)
        #expect(mkfifo(folder.appendingPathComponent("fifo.html").path, 0o644) == 0)
        let fifo = try ToolRun.binary(
            ["review", "payloads", "-o", "fifo.html"], workingDirectory: folder, timeLimit: 20)
        #expect(fifo.status == 2, "\(fifo.err)")
        let folderOutput = try ToolRun.binary(["review", "payloads", "-o", "plists"], workingDirectory: folder)
        #expect(folderOutput.status == 1 && folderOutput.err.contains("is a directory"), "\(folderOutput.err)")
        #expect(!folderOutput.err.contains("WriteError"))
        // An earlier page is replaced.
        #expect(try ToolRun.binary(["review", "payloads", "-o", "page.html"], workingDirectory: folder).status == 0)
        #expect(try ToolRun.binary(["review", "payloads", "-o", "page.html"], workingDirectory: folder).status == 0)
    }

    @Test func textFromThePayloadIsEscaped() throws {
        let hostile =
            #"{"aps": {"alert": {"title": "<script>alert(1)</script>", "body": "line\none \"quoted\" & \u001b[31mred"}}}"#
        let folder = try Self.project(["hostile.json": hostile])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(["review", "payloads", "-o", "out.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let page = try Self.page(folder.appendingPathComponent("out.html"))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("\u{1B}"))
    }

    /// A payload whose attachment is missing, its `attachment-url` on line 2.
    static let missingAttachment =
        #"{"aps": {"alert": {"title": "Gone"}, "category": "image_category", "mutable-content": 1},"# + "\n"
        + #" "attachment-url": "no-such.jpg"}"#

    @Test func findingsLinkToTheirFileAndLine() throws {
        let folder = try Self.project(["missing.json": Self.missingAttachment])
        defer { try? FileManager.default.removeItem(at: folder) }
        let relative = try ToolRun.binary(["review", "payloads", "-o", "out/page.html"], workingDirectory: folder)
        #expect(relative.status == 1, "the output folder does not exist: \(relative.err)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try ToolRun.binary(["review", "payloads", "-o", "out/page.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let page = try Self.page(folder.appendingPathComponent("out/page.html"))
        #expect(page.contains("attachment-missing"))
        #expect(page.contains("href=\"../payloads/missing.json#L2\""))
        let vscode = try ToolRun.binary(
            ["review", "payloads", "-o", "v.html", "--link-format", "vscode"], workingDirectory: folder)
        #expect(vscode.status == 0)
        let absolute = folder.appendingPathComponent("payloads/missing.json").standardizedFileURL.path
        #expect(try Self.page(folder.appendingPathComponent("v.html")).contains("href=\"vscode://file\(absolute):2:"))
        let template = try ToolRun.binary(
            ["review", "payloads", "-o", "t.html", "--link-format", "https://example.com/blob/main/{path}#L{line}"],
            workingDirectory: folder)
        #expect(template.status == 0)
        #expect(
            try Self.page(folder.appendingPathComponent("t.html")).contains(
                "href=\"https://example.com/blob/main/payloads/missing.json#L2\""))
    }

    @Test func aCategoryWithMoreThanTwoButtonsIsAlsoDrawnInTheMinimalContext() throws {
        let folder = try Self.project(["many.json": #"{"aps": {"alert": {"title": "Many"}, "category": "many"}}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            #"{"categories": [{"identifier": "many", "actions": [{"identifier": "a", "title": "One"}, {"identifier": "b", "title": "Two"}, {"identifier": "c", "title": "Three"}]}]}"#
                .utf8
        ).write(to: folder.appendingPathComponent("categories.json"))
        let run = try ToolRun.binary(
            ["review", "payloads", "categories.json", "-o", "out.html", "--json"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let cards = try #require(try Self.summary(run)["cards"] as? [[String: Any]])
        #expect(
            cards.first?["views"] as? [String] == [
                "light-banner", "light-expanded", "dark-banner", "dark-expanded", "light-expanded-minimal",
            ])
    }

    @Test func misuseIsAUsageErrorAndABadBaselineIsInvalidInput() throws {
        let folder = try Self.project(["plain.json": Self.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [
            ["--fail-on-change"], ["--baseline", "x", "--baseline-ref", "HEAD"], ["--link-format", "nonsense"],
            ["--width", "10"], ["--scale", "9"], ["-o", "payloads/plain.json"],
        ] {
            let run = try ToolRun.binary(["review", "payloads/plain.json"] + arguments, workingDirectory: folder)
            #expect(run.status == 2, "\(arguments): \(run.err)")
        }
        try Data("<html>not ours</html>".utf8).write(to: folder.appendingPathComponent("other.html"))
        try Data([0xFF, 0xFE, 0x00]).write(to: folder.appendingPathComponent("binary.html"))
        for (baseline, message) in [
            ("other.html", "not a page richpreview review wrote"),
            ("binary.html", "not a page richpreview review wrote"),
            ("missing.html", "cannot be read"), ("/dev/zero", "cannot be read"),
        ] {
            let run = try ToolRun.binary(
                ["review", "payloads", "-o", "out.html", "--baseline", baseline], workingDirectory: folder)
            #expect(run.status == 1 && run.err.contains(message), "\(baseline): \(run.err)")
            #expect(run.err.split(separator: "\n").count == 1, "one line: \(run.err)")
        }
        let intoFolder = try ToolRun.binary(["review", "payloads", "-o", "payloads"], workingDirectory: folder)
        #expect(intoFolder.status != 0 && intoFolder.terminatingSignal == nil, "\(intoFolder.err)")
        let empty = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try ToolRun.binary(["review", ".", "-o", "out.html", "--json"], workingDirectory: empty)
        #expect(none.status == 0)
        #expect(try Self.summary(none)["payloads"] as? Int == 0)
        #expect(try Self.page(empty.appendingPathComponent("out.html")).contains("No payloads found"))
    }

    @Test func aPayloadWithoutMutableContentIsDrawnAndTheReportSaysWithoutWhat() throws {
        let folder = try Self.project([
            "photo.json": #"{"aps": {"alert": {"title": "Photo", "body": "b"}}, "attachment-url": "sample-image.jpg"}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(["review", ".", "-o", "out.html", "--json"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let card = try #require((try Self.summary(run)["cards"] as? [[String: Any]])?.first)
        #expect(card["problem"] is NSNull)
        #expect((card["views"] as? [String])?.count == 4)
        let without = try #require(card["drawnWithout"] as? String)
        #expect(
            without.hasPrefix("drawn as iOS shows it, without its attachment: ") && without.contains("mutable-content"))
    }
}
