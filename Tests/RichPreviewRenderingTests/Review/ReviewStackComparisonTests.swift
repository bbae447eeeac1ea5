import Foundation
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// Stacks are compared with the baseline as cards are: a page names each stack's pictures by
/// its thread, a baseline read from the page gives them back, and a stack whose pixels differ is
/// changed, view by view.
struct ReviewStackComparisonTests {
    static func message(_ body: String, thread: String?) -> String {
        let threadKey = thread.map { #", "thread-id": "\#($0)""# } ?? ""
        return #"{"aps": {"alert": {"title": "Ana", "body": "\#(body)"}\#(threadKey)}}"#
    }

    /// Two payloads in thread `chat` and two without a thread: two stacks.
    static func project() throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        let payloads = [
            "a.json": message("Lunch?", thread: "chat"), "b.json": message("At one", thread: "chat"),
            "c.json": message("Your order shipped", thread: nil), "d.json": message("Delivered", thread: nil),
        ]
        for (name, text) in payloads { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func review(_ folder: URL) throws -> ProjectReview {
        try ProjectReviewer(fonts: try SharedFonts.fonts(), parallelism: 1).review([folder.path])
    }

    @Test func aPageGivesBackItsStacksByThreadAndAChangedStackIsChangedAlone() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.review(folder)
        #expect(before.threads.map(\.comparisonKey).sorted() == ["app", "thread:chat"])
        let baseline = try ReviewBaseline(page: ReviewPage(review: before).html)
        #expect(baseline.stacks == ReviewBaseline(review: before).stacks)
        for thread in before.threads {
            #expect(baseline.stacks[thread.comparisonKey]?.count == thread.pictures.count)
            #expect(baseline.stackTexts[thread.comparisonKey]?.values.allSatisfy { $0.contains(thread.name) } == true)
        }
        #expect(ReviewChanges(from: baseline, to: before).isEmpty)

        try Data(Self.message("At two", thread: "chat").utf8).write(to: folder.appendingPathComponent("b.json"))
        var after = try Self.review(folder)
        let changes = ReviewChanges(from: baseline, to: after)
        #expect(changes.stacks.keys.sorted() == ["thread:chat"])
        let differences = try #require(changes.stacks["thread:chat"])
        #expect(!differences.isEmpty && differences.allSatisfy { $0.baseline != nil && $0.baselineText != nil })
        #expect(!changes.isEmpty)

        after.changes = changes
        let page = ReviewPage(review: after).html
        #expect(page.contains("<h3>Stacks changed (1)</h3>"))
        #expect(page.contains(#"<article class="thread" id="stack-"#) && page.contains(#"data-change="changed""#))
        #expect(page.contains(#"<details class="onion">"#))
        let summary = ReviewSummary(review: after, links: .vscode).markdown
        #expect(summary.contains("**Stacks changed** (1)") && summary.contains(#"Thread "chat": changed: "#))
    }

    @Test func aPageThatNamedNoStacksComparesNoneAndANewStackChangesEveryView() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let review = try Self.review(folder)
        let html = ReviewPage(review: review).html
        let unnamed = html.replacingOccurrences(of: #" data-thread="[^"]*""#, with: "", options: .regularExpression)
        #expect(unnamed != html)
        let older = try ReviewBaseline(page: unnamed)
        #expect(older.stacks.isEmpty && older.pictures.count == 4)
        #expect(ReviewChanges(from: older, to: review).isEmpty)

        var partial = ReviewBaseline(review: review)
        partial.stacks["thread:chat"] = nil
        let changes = ReviewChanges(from: partial, to: review)
        let chat = try #require(review.threads.first { $0.threadIdentifier == "chat" })
        #expect(changes.stacks.keys.sorted() == ["thread:chat"])
        #expect(changes.stacks["thread:chat"]?.count == chat.pictures.count)
        #expect(changes.stacks["thread:chat"]?.allSatisfy { $0.baseline == nil } == true)
    }
}
