import Foundation
import RichPreviewTestSupport
import Testing

/// `richpreview review` given a tree, a baseline or options made to do harm: a file name that
/// would be a `javascript:` link, a repository whose configuration runs commands, a cut or huge
/// baseline page, values too long to echo whole.
struct ReviewHostileInputTests {
    /// A folder name that, written into a page as it is, is a `javascript:` link that runs.
    static let scriptFolder = "javascript:window.__pwned=1;void(0)"

    /// Every value of `name="…"` in `page`, as written.
    static func attributes(_ name: String, in page: String) -> [String] {
        page.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The base64 SHA-256 of `text`'s UTF-8, as Python's hashlib computes it.
    static func pythonSHA256(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import base64, hashlib, sys; print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A project with a payload named `name` (its attachment missing, so that a finding links to
    /// it) in the folder `scriptFolder`.
    static func projectWithScriptFolder(payload name: String) throws -> URL {
        let folder = try ReviewCommandTests.project([:])
        let hostile = folder.appendingPathComponent(scriptFolder)
        try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
        try Data(ReviewCommandTests.missingAttachment.utf8).write(to: hostile.appendingPathComponent(name))
        return folder
    }

    @Test func aFileNamedLikeAScriptLinkIsAnEncodedRelativeLink() throws {
        let folder = try Self.projectWithScriptFolder(payload: "x #?%\"é.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(["review", Self.scriptFolder, "-o", "out.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let page = try ReviewCommandTests.page(folder.appendingPathComponent("out.html"))
        let links = Self.attributes("href", in: page)
        let encoded = "./javascript%3Awindow.__pwned=1;void(0)/x%20%23%3F%25%22%C3%A9.json"
        // The card's link and the finding's (at line 2).
        #expect(links.contains(encoded), "\(links)")
        #expect(links.contains(encoded + "#L2"), "\(links)")
        for link in links {
            #expect(link.hasPrefix("./") || link.hasPrefix("../") || link.hasPrefix("#"), "\(link)")
        }
        // The only script that may run is the page's own, pinned by its hash.
        let policy = try #require(Self.attributes("content", in: page).first { $0.hasPrefix("default-src") })
        let scriptSources = try #require(policy.split(separator: ";").first { $0.contains("script-src") })
        #expect(!scriptSources.contains("unsafe-inline"), "\(policy)")
        let script = try #require(
            page.components(separatedBy: "<script>").dropFirst().first?.components(separatedBy: "</script>").first)
        #expect(page.components(separatedBy: "<script").count == 2, "one script")
        #expect(
            scriptSources.trimmingCharacters(in: .whitespaces) == "script-src 'sha256-\(try Self.pythonSHA256(script))'"
        )

        // A template makes only http(s) links, its path percent-encoded too.
        for template in ["javascript:alert(1)//{path}", "data:text/html,{path}", "{path}#L{line}", " https://x/{path}"]
        {
            let refused = try ToolRun.binary(
                ["review", Self.scriptFolder, "-o", "t.html", "--link-format", template], workingDirectory: folder)
            #expect(refused.status == 2 && refused.err.contains("http(s) template"), "\(template): \(refused.err)")
        }
        let web = try ToolRun.binary(
            ["review", Self.scriptFolder, "-o", "web.html", "--link-format", "HTTPS://example.com/{path}#L{line}"],
            workingDirectory: folder)
        #expect(web.status == 0, "\(web.err)")
        #expect(
            Self.attributes("href", in: try ReviewCommandTests.page(folder.appendingPathComponent("web.html")))
                .contains("HTTPS://example.com/javascript%3Awindow.__pwned=1;void(0)/x%20%23%3F%25%22%C3%A9.json#L2"))
    }

    @Test func anEmptyOutputIsAUsageErrorInEveryCommand() throws {
        let folder = try ReviewCommandTests.project(["plain.json": ReviewCommandTests.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        for arguments in [
            ["review", "payloads", "-o", ""], ["review", "payloads", "--output="], ["review", "--baseline", ""],
            ["review", "--baseline-ref", ""], ["render", "payloads/plain.json", "--format", "png", "-o", ""],
            ["scale", image, "-o", "", "--fit", "10x10"], ["scale", image, "--output-dir", "", "--fit", "10x10"],
        ] {
            let run = try ToolRun.binary(arguments, workingDirectory: folder)
            #expect(run.status == 2, "\(arguments): \(run.err)")
            let lines = run.err.split(separator: "\n")
            #expect(lines.first?.hasSuffix("cannot be empty") == true, "\(arguments): \(run.err)")
            #expect(lines.count == 2 && lines.last?.hasPrefix("usage: ") == true, "\(arguments): \(run.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("review.html").path))
    }

    @Test func aHugeValueIsEchoedCut() throws {
        let folder = try ReviewCommandTests.project(["plain.json": ReviewCommandTests.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReviewCommandTests.commitEverything(in: folder)
        let huge = "refs/" + String(repeating: "x", count: 100_000)
        for (arguments, status) in [
            (["--baseline-ref", huge], 1), (["--link-format", "https://" + huge], 2), (["--width", huge], 2),
        ] {
            let run = try ToolRun.binary(
                ["review", "payloads", "-o", "out.html"] + arguments, workingDirectory: folder)
            #expect(run.status == Int32(status), "\(arguments.first ?? ""): \(run.err.prefix(300))")
            let first = try #require(run.err.split(separator: "\n").first)
            #expect(first.count < 300 && first.contains("xxx…"), "\(first.prefix(300))")
        }
    }

    @Test func aCutBaselinePageIsDamagedAndAHugeOneIsRefusedUnread() throws {
        let folder = try ReviewCommandTests.project(["plain.json": ReviewCommandTests.plain])
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ToolRun.binary(["review", "payloads", "-o", "before.html"], workingDirectory: folder)
        #expect(first.status == 0, "\(first.err)")
        let page = try Data(contentsOf: folder.appendingPathComponent("before.html"))
        // Cut inside a picture, between two tags, and just before the end: each is damaged.
        let picture = try #require(page.range(of: Data("base64,".utf8))).upperBound
        for cut in [picture + 100, page.count / 2, page.count - 4] {
            try page.prefix(cut).write(to: folder.appendingPathComponent("cut.html"))
            let run = try ToolRun.binary(
                ["review", "payloads", "-o", "out.html", "--baseline", "cut.html"], workingDirectory: folder)
            #expect(run.status == 1, "cut at \(cut): \(run.err)")
            #expect(
                run.err
                    == "cut.html: error: the baseline page is damaged: it ends before its closing </html> (cut short)\n",
                "cut at \(cut): \(run.err)")
        }
        // The whole page, with a line ending added on the way, is still a baseline.
        try (page + Data("\r\n".utf8)).write(to: folder.appendingPathComponent("whole.html"))
        let whole = try ToolRun.binary(
            ["review", "payloads", "-o", "out.html", "--baseline", "whole.html", "--fail-on-change"],
            workingDirectory: folder)
        #expect(whole.status == 0, "\(whole.err)")

        // A sparse file of 200 MB is refused from its size: nothing of it is read.
        let huge = folder.appendingPathComponent("huge.html")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: page.prefix(200)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        let refused = try ToolRun.binary(
            ["review", "payloads", "-o", "out.html", "--baseline", "huge.html"], workingDirectory: folder)
        #expect(refused.status == 1)
        #expect(
            refused.err == "huge.html: error: the baseline page is 200000000 bytes, over the limit of 64 MiB\n",
            "\(refused.err)")
        if let peak = refused.peakMemoryBytes { #expect(peak < 64 << 20, "\(peak) bytes") }
    }

    /// A repository whose configuration runs a command on checkout (a `post-checkout` hook), on a
    /// status (`core.fsmonitor`) and on every `.json` checked out (a smudge filter), each of
    /// which touches a file in `markers`; and links that leave the tree. HEAD~1 has payloads a, b
    /// and c; HEAD changes b, removes c and adds d.
    static func hostileRepository(markers: URL, bait: URL) throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        let payloads = folder.appendingPathComponent("payloads")
        try FileManager.default.createDirectory(at: payloads, withIntermediateDirectories: true)
        func payload(_ name: String, _ body: String) throws {
            try Data(#"{"aps": {"alert": {"title": "\#(name)", "body": "\#(body)"}}}"#.utf8)
                .write(to: payloads.appendingPathComponent("\(name).json"))
        }
        try payload("a", "one")
        try payload("b", "one")
        try payload("c", "one")
        try Data("*.json filter=marked\n".utf8).write(to: folder.appendingPathComponent(".gitattributes"))
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: payloads.appendingPathComponent("linked.json").path, withDestinationPath: "a.json")
        // From the copy's payloads folder, three folders up is the temporary folder: the bait.
        try manager.createSymbolicLink(
            atPath: payloads.appendingPathComponent("escape").path, withDestinationPath: "../../../bait")
        try manager.createSymbolicLink(
            atPath: payloads.appendingPathComponent("absolute").path, withDestinationPath: bait.path)
        try ReviewCommandTests.commitEverything(in: folder)
        try payload("b", "two")
        try manager.removeItem(at: payloads.appendingPathComponent("c.json"))
        try payload("d", "one")
        try ReviewCommandTests.git(["add", "-A"], in: folder)
        try ReviewCommandTests.git(["commit", "-q", "-m", "second"], in: folder)

        func script(_ name: String) throws -> String {
            let file = markers.deletingLastPathComponent().appendingPathComponent("\(name).sh")
            try Data("#!/bin/sh\ntouch '\(markers.path)/\(name)'\ncat\n".utf8).write(to: file)
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            return file.path
        }
        let hook = folder.appendingPathComponent(".git/hooks/post-checkout")
        try manager.copyItem(atPath: try script("post-checkout"), toPath: hook.path)
        try ReviewCommandTests.git(["config", "core.fsmonitor", try script("fsmonitor")], in: folder)
        try ReviewCommandTests.git(["config", "filter.marked.smudge", try script("smudge")], in: folder)
        try ReviewCommandTests.git(["config", "filter.marked.required", "true"], in: folder)
        return folder
    }

    @Test func aBaselineCommitIsReadWithoutRunningWhatTheRepositoryConfigures() throws {
        let outside = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let markers = outside.appendingPathComponent("markers")
        let temporary = outside.appendingPathComponent("tmp")
        let bait = temporary.appendingPathComponent("bait")
        for folder in [markers, bait] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data(ReviewCommandTests.plain.utf8).write(to: bait.appendingPathComponent("bait.json"))
        let repository = try Self.hostileRepository(markers: markers, bait: bait)
        defer { try? FileManager.default.removeItem(at: repository) }
        func marks() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: markers.path).sorted() }
        #expect(try marks() == [])

        for paths in [["payloads"], ["."], [repository.appendingPathComponent("payloads").path]] {
            let run = try ToolRun.binary(
                ["review"] + paths + ["-o", "out.html", "--baseline-ref", "HEAD~1", "--json"],
                environment: ["TMPDIR": temporary.path], workingDirectory: repository)
            #expect(run.status == 0, "\(paths): \(run.err)")
            #expect(try marks() == [], "\(paths)")
            let note = try #require(run.err.split(separator: "\n").first { $0.contains("symbolic links left out") })
            #expect(
                note.hasSuffix(": payloads/escape, payloads/absolute")
                    || note.hasSuffix(": payloads/absolute, payloads/escape"), "\(note)")
            let summary = try ReviewCommandTests.summary(run)
            let named = { (name: String) in paths[0].hasPrefix("/") ? "\(paths[0])/\(name)" : "payloads/\(name)" }
            #expect(summary["changed"] as? [String] == [named("b.json")], "\(paths): \(summary)")
            #expect(summary["removed"] as? [String] == [named("c.json")], "\(paths): \(summary)")
            // Neither link out of the tree is followed in the checkout, nor written in the copy, so
            // no bait is reviewed on either side; the link inside it is the payload it names.
            #expect(summary["added"] as? [String] == [named("d.json")], "\(paths): \(summary)")
            #expect(!run.out.contains("bait"), "\(paths)")
            // The copy is gone.
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["bait"])
        }
        // From a folder inside, each path names its files as the walk of the checkout does.
        for (path, changed) in [(".", "b.json"), ("./", "./b.json"), ("../payloads/", "../payloads/b.json")] {
            let run = try ToolRun.binary(
                ["review", path, "-o", "../out.html", "--baseline-ref", "HEAD~1", "--json"],
                environment: ["TMPDIR": temporary.path], workingDirectory: repository.appendingPathComponent("payloads")
            )
            #expect(run.status == 0, "\(path): \(run.err)")
            #expect(try ReviewCommandTests.summary(run)["changed"] as? [String] == [changed], "\(path)")
        }
        #expect(try marks() == [])
        // The fixture is hostile indeed: a worktree of it runs all three.
        try ReviewCommandTests.git(
            ["worktree", "add", "-q", "--detach", outside.appendingPathComponent("worktree").path, "HEAD~1"],
            in: repository)
        #expect(try marks() == ["fsmonitor", "post-checkout", "smudge"])
    }
}
