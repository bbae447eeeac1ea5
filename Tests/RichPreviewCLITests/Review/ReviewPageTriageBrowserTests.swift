import Foundation
import RichPreviewTestSupport
import Testing

/// The review page as a pull request's reviewer uses it, in headless Chromium: the broken and
/// changed payloads first, reached from the header's counts; an error card marked as one; a card
/// for every payload iOS shows; light and dark side by side on a wide window; the filters and
/// keys; and file names made to run script that run none.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.executable != nil,
        "needs Chromium: /usr/bin/chromium (Debian's chromium) or $RICHPREVIEW_CHROMIUM"))
struct ReviewPageTriageBrowserTests {
    /// A category name longer than any filter should be wide.
    static let longCategory = String(repeating: "a-very-long-category-name-", count: 12)

    /// A project of a clean payload, one with a missing attachment (an error), one changed since
    /// the baseline, one with an attachment but no `mutable-content`, one of a long category;
    /// its page against the baseline is `after.html`.
    static let triageRun: Result<URL, ReviewPageBrowserTests.ReviewPageBrowserFailure> = {
        do {
            let folder = try ReviewCommandTests.project([
                "a-plain.json": ReviewCommandTests.plain,
                "b-missing.json": ReviewCommandTests.missingAttachment,
                "c-image.json": ReviewCommandTests.image,
                "d-no-mutable.json":
                    #"{"aps": {"alert": {"title": "Photo", "body": "no service extension"}}, "attachment-url": "sample-image.jpg"}"#,
                "e-long.json": #"{"aps": {"alert": {"title": "Long", "body": "b"}, "category": "\#(longCategory)"}}"#,
            ])
            let before = try ToolRun.binary(["review", ".", "-o", "before.html"], workingDirectory: folder)
            guard before.status == 0 else { return .failure(.init(message: before.err)) }
            try Data(ReviewCommandTests.image.replacingOccurrences(of: "from the hills", with: "from the sea").utf8)
                .write(to: folder.appendingPathComponent("payloads/c-image.json"))
            let after = try ToolRun.binary(
                ["review", ".", "-o", "after.html", "--baseline", "before.html"], workingDirectory: folder)
            guard after.status == 0 else { return .failure(.init(message: after.err)) }
            return .success(folder.appendingPathComponent("after.html"))
        } catch {
            return .failure(.init(message: "\(error)"))
        }
    }()

    /// The file names of the cards laid out, in page order.
    static let shownCards =
        "[...document.querySelectorAll('article.card')].filter(c => c.getClientRects().length > 0).map(c => c.dataset.file.split('/').pop())"

    @Test func errorsAndChangesComeFirstAndTheCountsLeadToThem() throws {
        let page = try Self.triageRun.get()
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(page)
        #expect(browser.consoleErrors.isEmpty, "\(browser.consoleErrors)")
        let order = try #require(try browser.evaluate(Self.shownCards) as? [String])
        // The three with an error (a missing attachment, no mutable-content, a category the project
        // does not register) first, then the changed one, then the clean one.
        #expect(
            order == ["b-missing.json", "d-no-mutable.json", "e-long.json", "c-image.json", "a-plain.json"], "\(order)")
        let links = try #require(
            try browser.evaluate(
                """
                Object.fromEntries([...document.querySelectorAll('.counts a')].map(a => [a.getAttribute('href'),
                  [...document.querySelector(a.getAttribute('href')).querySelectorAll('article.card')].map(c => c.dataset.file.split('/').pop())]))
                """) as? [String: [String]])
        #expect(links["#errors"] == ["b-missing.json", "d-no-mutable.json", "e-long.json"], "\(links)")
        #expect(links["#changed-cards"] == ["c-image.json"], "\(links)")
        // An error card is marked: a badge and a thick border in the error colour, which a
        // clean card lacks.
        let marks = try #require(
            try browser.evaluate(
                """
                (() => { const style = f => getComputedStyle(document.querySelector(`article.card[data-file$="${f}"]`));
                  const badge = document.querySelector('article.card[data-file$="b-missing.json"] h3 .badge.error');
                  return {errorLeft: parseFloat(style('b-missing.json').borderLeftWidth), cleanLeft: parseFloat(style('a-plain.json').borderLeftWidth),
                    errorColour: style('b-missing.json').borderLeftColor, cleanColour: style('a-plain.json').borderLeftColor,
                    badgeColour: badge ? getComputedStyle(badge).color : '', badge: badge ? badge.textContent : ''}; })()
                """) as? [String: Any])
        #expect((marks["errorLeft"] as? Double ?? 0) >= 6 && (marks["cleanLeft"] as? Double ?? 9) <= 1, "\(marks)")
        #expect(marks["errorColour"] as? String == marks["badgeColour"] as? String, "\(marks)")
        #expect(marks["errorColour"] as? String != marks["cleanColour"] as? String, "\(marks)")
        #expect(marks["badge"] as? String == "error")
    }

    @Test func aPayloadWithAnAttachmentButNoMutableContentIsDrawnBesideItsFinding() throws {
        let page = try Self.triageRun.get()
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(page)
        let card = try #require(
            try browser.evaluate(
                """
                Promise.all([...document.images].map(i => i.decode().catch(() => 0))).then(() => {
                  const card = document.querySelector('article.card[data-file$="d-no-mutable.json"]');
                  return {pictures: [...card.querySelectorAll('img.picture')].filter(i => i.naturalWidth > 0).length,
                    problem: card.querySelector('.problem') ? card.querySelector('.problem').textContent : '',
                    without: card.querySelector('.without') ? card.querySelector('.without').textContent : '',
                    rules: [...card.querySelectorAll('.finding .rule')].map(r => r.textContent)}; })
                """) as? [String: Any])
        #expect(ReviewPageBrowserTests.number(card["pictures"]) == 4, "\(card)")
        #expect(card["problem"] as? String == "", "\(card)")
        #expect((card["without"] as? String)?.contains("without its attachment") == true, "\(card)")
        #expect((card["rules"] as? [String])?.contains("mutable-content-missing") == true, "\(card)")
    }

    @Test func theChangedOnlyFilterTheKeysThatTurnOffAndNoCardATabStop() throws {
        let page = try Self.triageRun.get()
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(page)
        _ = try browser.evaluate(
            "(s => { s.value = 'changed'; s.dispatchEvent(new Event('change')); })(document.getElementById('severity-filter'))"
        )
        #expect(try browser.evaluate(Self.shownCards) as? [String] == ["c-image.json"])
        _ = try browser.evaluate(
            "(s => { s.value = 'all'; s.dispatchEvent(new Event('change')); })(document.getElementById('severity-filter'))"
        )
        // Tab goes from control to link; no card is in the tab order.
        let tabStops = try browser.evaluate(
            "[...document.querySelectorAll('article.card')].filter(c => c.tabIndex >= 0).length")
        #expect(ReviewPageBrowserTests.number(tabStops) == 0)
        let press = {
            try browser.evaluate(
                "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'j', bubbles: true})); document.activeElement.id"
            ) as? String
        }
        let first = try press()
        #expect(first == "card-2", "the first card shown, b-missing.json: \(String(describing: first))")
        // Single-key shortcuts can be turned off.
        _ = try browser.evaluate("document.getElementById('key-shortcuts').click()")
        #expect(try press() == first)
        // A long category name does not stretch its filter.
        let widths = try #require(
            try browser.evaluate(
                "[document.getElementById('category-filter').getBoundingClientRect().width, document.documentElement.scrollWidth, innerWidth]"
            ) as? [Double])
        #expect(widths[0] > 0 && widths[0] <= 260 && widths[1] <= widths[2], "\(widths)")
    }

    @Test func lightAndDarkAreSideBySideOnAWideWindow() throws {
        let (page, _) = try ReviewPageBrowserTests.samples
        let browser = try HeadlessChromium(windowWidth: 1280, windowHeight: 900)
        defer { browser.close() }
        try browser.open(page)
        let positions = """
            (() => { const card = document.querySelector('article.card');
              const at = v => { const i = card.querySelector(`img.picture[data-view="${v}"]`);
                return i.getClientRects().length ? i.getBoundingClientRect().toJSON() : null; };
              return {lightBanner: at('light-banner'), darkBanner: at('dark-banner'), lightExpanded: at('light-expanded'),
                darkExpanded: at('dark-expanded'), scroll: document.documentElement.scrollWidth}; })()
            """
        let wide = try #require(try browser.evaluate(positions) as? [String: Any])
        let rect = { (name: String, key: String) in ((wide[name] as? [String: Any])?[key] as? Double) ?? -1 }
        // Light on the left, dark on the right, each banner beside its twin, expanded under them.
        #expect(
            rect("darkBanner", "left") >= rect("lightBanner", "right") && rect("lightBanner", "right") > 0, "\(wide)")
        #expect(abs(rect("darkBanner", "top") - rect("lightBanner", "top")) < 1, "\(wide)")
        #expect(abs(rect("darkExpanded", "top") - rect("lightExpanded", "top")) < 1, "\(wide)")
        #expect(rect("lightExpanded", "top") > rect("lightBanner", "top"), "\(wide)")
        #expect(ReviewPageBrowserTests.number(wide["scroll"]) <= 1280)
        // Turned off, one appearance again.
        _ = try browser.evaluate("document.getElementById('side-by-side').click()")
        let single = try #require(try browser.evaluate(positions) as? [String: Any])
        #expect(single["darkBanner"] is NSNull && !(single["lightBanner"] is NSNull), "\(single)")
    }

    /// Payload file names that, written into a page as they are, would be script links, break out
    /// of an attribute, or point at another place.
    static let hostileNames = [
        "javascript:window.__pwned=1;void(0).json", "javascript:alert(1).json",
        "\"><img src=x onerror=window.__pwned=2>.json", "#top?x=1 'quoted'.json", "data:text,hi.json",
    ]

    @Test func filesNamedToRunScriptRunNoneAndNoLinkLeavesForAnythingButItsFile() throws {
        let folder = try ReviewCommandTests.project([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        // In the folder the page is written to, as a pull request could add them.
        for name in Self.hostileNames {
            try Data(ReviewCommandTests.missingAttachment.utf8).write(to: folder.appendingPathComponent(name))
        }
        let run = try ToolRun.binary(["review", ".", "-o", "review.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let page = folder.appendingPathComponent("review.html")
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(page)
        let links = try #require(
            try browser.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)") as? [String])
        // A card's link and a finding's for each name, at least.
        #expect(links.count >= 2 * Self.hostileNames.count, "\(links)")
        let files = Set(Self.hostileNames.map { folder.appendingPathComponent($0).standardizedFileURL.path })
        for index in links.indices {
            try browser.open(page)
            _ = try browser.evaluate("document.querySelectorAll('a[href]')[\(index)].click(); 0")
            try browser.drainEvents(for: 0.3)
            #expect(try browser.evaluate("typeof window.__pwned") as? String == "undefined", "link \(index)")
            // Still the page (a place on it), or the very file the link names.
            let location = try #require(try browser.evaluate("location.href") as? String)
            let url = try #require(URL(string: location))
            let onPage = url.isFileURL && url.standardizedFileURL.path == page.standardizedFileURL.path
            #expect(
                onPage || files.contains(url.standardizedFileURL.path), "link \(index): \(links[index]) → \(location)")
        }
        // No script was even tried: the policy refused nothing.
        #expect(!browser.consoleErrors.contains { $0.contains("Content Security Policy") }, "\(browser.consoleErrors)")
        // The page's own script runs under its pinned hash, and nothing inline else could.
        try browser.open(page)
        _ = try browser.evaluate("document.getElementById('appearance-switch').click()")
        #expect(try browser.evaluate("document.body.getAttribute('data-appearance')") as? String == "dark")
        let policy = try #require(
            try browser.evaluate(
                "document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').getAttribute('content')")
                as? String)
        let scriptSources = try #require(policy.split(separator: ";").first { $0.contains("script-src") })
        #expect(scriptSources.contains("'sha256-") && !scriptSources.contains("unsafe-inline"), "\(policy)")
        _ = try browser.evaluate(
            "(d => { d.innerHTML = '<img src=\"data:,x\" onerror=\"window.__pwned=3\">'; document.body.append(d); return 0; })(document.createElement('div'))"
        )
        try browser.drainEvents(for: 0.3)
        #expect(try browser.evaluate("typeof window.__pwned") as? String == "undefined")
    }
}
