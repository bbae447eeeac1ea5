import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `richpreview review`'s page opened from `file://` in headless Chromium, as a reviewer opens a
/// CI artifact: it fetches nothing and logs no error, every picture decodes, the switch, the
/// filters and the keys change what is shown, it is readable at phone width, and a finding's link
/// leads to its file and line.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.executable != nil,
        "needs Chromium: /usr/bin/chromium (Debian's chromium) or $RICHPREVIEW_CHROMIUM"))
struct ReviewPageBrowserTests {
    /// A page of the shipped samples and its `--json` output, written once for the suite.
    static let sampleRun: Result<(page: URL, json: String), ReviewPageBrowserFailure> = {
        do {
            let page = try TestPaths.temporaryFolder().appendingPathComponent("review.html")
            let run = try ToolRun.binary(["review", "-o", page.path, "--json"])
            guard run.status == 0 else {
                return .failure(ReviewPageBrowserFailure(message: "review failed: \(run.err)"))
            }
            return .success((page, run.out))
        } catch {
            return .failure(ReviewPageBrowserFailure(message: "\(error)"))
        }
    }()

    /// The samples' page and its summary.
    static var samples: (page: URL, summary: [String: Any]) {
        get throws {
            let (page, json) = try sampleRun.get()
            let summary = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return (page, summary)
        }
    }

    struct ReviewPageBrowserFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// How many of the page's own pictures are laid out (not hidden by the switch or a filter).
    static let shownPictures =
        "[...document.querySelectorAll('img.picture')].filter(i => i.getClientRects().length > 0)"

    static func number(_ value: Any?) -> Int { (value as? NSNumber)?.intValue ?? -1 }

    @Test func theSamplesPageLoadsFetchingNothingAndEveryPictureDecodes() throws {
        let (page, summary) = try Self.samples
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(page)
        try browser.drainEvents(for: 0.3)
        #expect(browser.consoleErrors.isEmpty, "\(browser.consoleErrors)")
        // The pictures' data: URLs are read in place; nothing else is requested.
        let fetched = browser.requestedURLs.filter { !$0.hasPrefix("data:") }
        #expect(fetched == [page.absoluteString], "\(fetched)")
        #expect(browser.requestedURLs.count > 1, "the pictures were read")

        let cards = try #require(summary["cards"] as? [[String: Any]])
        let views = cards.reduce(0) { $0 + (($1["views"] as? [String])?.count ?? 0) }
        #expect(Self.number(try browser.evaluate("document.querySelectorAll('article.card').length")) == cards.count)
        #expect(Self.number(try browser.evaluate("document.querySelectorAll('img.picture').length")) == views)
        #expect(views >= cards.count * 4)
        // The samples carry no thread-id: iOS stacks them all as the app's, drawn four ways.
        let stacks = try browser.evaluate(
            "[...document.querySelectorAll('img.stack')].filter(i => i.complete && i.naturalWidth > 0).length")
        #expect(Self.number(stacks) == 4 * ((summary["threads"] as? [Any])?.count ?? -1))
        #expect(Self.number(stacks) == 4)
        // Every picture is decoded at the size its tag gives, to the nearest point (WebP and PNG alike).
        let undecoded = try browser.evaluate(
            """
            Promise.all([...document.images].map(i => i.decode().then(() => 0, () => 1))).then(() =>
              [...document.querySelectorAll('img.picture')].filter(i => !i.complete || i.naturalWidth === 0
                || Math.abs(i.naturalWidth - i.getAttribute('width') * 2) > 1 || Math.abs(i.naturalHeight - i.getAttribute('height') * 2) > 1).map(i => i.dataset.file + ' ' + i.dataset.view))
            """)
        #expect((undecoded as? [Any])?.isEmpty == true, "\(String(describing: undecoded))")
        // Each card's pictures carry its payload's title in their alt text.
        for card in cards {
            let file = try #require(card["file"] as? String)
            let json = try #require(
                JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.packageFile(file))) as? [String: Any])
            let title = try #require(((json["aps"] as? [String: Any])?["alert"] as? [String: Any])?["title"] as? String)
            let alts = try #require(
                try browser.evaluate(
                    "[...document.querySelectorAll('img.picture')].filter(i => i.dataset.file === \(Self.quoted(file))).map(i => i.alt)"
                ) as? [String])
            #expect(alts.count >= 4 && alts.allSatisfy { $0.contains(title) }, "\(file): \(alts)")
        }
    }

    @Test func theSwitchAndTheFiltersChangeWhatIsShown() throws {
        let (page, summary) = try Self.samples
        let cards = try #require(summary["cards"] as? [[String: Any]])
        let lightViews = cards.reduce(0) {
            $0 + (($1["views"] as? [String])?.filter { $0.hasPrefix("light-") }.count ?? 0)
        }
        let darkViews = cards.reduce(0) {
            $0 + (($1["views"] as? [String])?.filter { $0.hasPrefix("dark-") }.count ?? 0)
        }
        // Narrower than 1280 px, one appearance at a time.
        let browser = try HeadlessChromium(windowWidth: 1000)
        defer { browser.close() }
        try browser.open(page)
        let shownViews = "\(Self.shownPictures).map(i => i.dataset.view)"
        let light = try #require(try browser.evaluate(shownViews) as? [String])
        #expect(light.count == lightViews && light.allSatisfy { $0.hasPrefix("light-") }, "\(light)")

        _ = try browser.evaluate("document.getElementById('appearance-switch').click()")
        let dark = try #require(try browser.evaluate(shownViews) as? [String])
        #expect(dark.count == darkViews && dark.allSatisfy { $0.hasPrefix("dark-") }, "\(dark)")
        #expect(
            try browser.evaluate("document.getElementById('appearance-switch').getAttribute('aria-pressed')") as? String
                == "true")

        // The severity filter: only the cards with an error stay, as many as the summary counts.
        let withErrors = cards.filter { Self.number($0["errors"]) > 0 }.compactMap { $0["file"] as? String }
        let shownCards = """
            [...document.querySelectorAll('article.card')].filter(c => c.getClientRects().length > 0)
              .map(c => c.querySelector('img.picture, h3 a').dataset.file || c.querySelector('h3 a').textContent)
            """
        func select(_ id: String, _ value: String) throws {
            _ = try browser.evaluate(
                "(s => { s.value = \(Self.quoted(value)); s.dispatchEvent(new Event('change')); })(document.getElementById('\(id)'))"
            )
        }
        try select("severity-filter", "error")
        let errorCards = try #require(try browser.evaluate(shownCards) as? [String])
        #expect(Set(errorCards) == Set(withErrors), "\(errorCards) against \(withErrors)")
        try select("severity-filter", "clean")
        let clean = cards.filter {
            Self.number($0["errors"]) + Self.number($0["warnings"]) + Self.number($0["notes"]) == 0
        }
        #expect(
            Set(try #require(try browser.evaluate(shownCards) as? [String]))
                == Set(clean.compactMap { $0["file"] as? String }))
        try select("severity-filter", "all")
        #expect((try browser.evaluate(shownCards) as? [String])?.count == cards.count)

        // The category filter: one category's cards.
        let category = try #require(cards.compactMap { $0["category"] as? String }.first)
        try select("category-filter", category)
        let inCategory = cards.filter { $0["category"] as? String == category }.compactMap { $0["file"] as? String }
        #expect(Set(try #require(try browser.evaluate(shownCards) as? [String])) == Set(inCategory))
        try select("category-filter", "*")

        // j and k move the focus from card to card.
        let press = { (key: String) in
            try browser.evaluate(
                "document.dispatchEvent(new KeyboardEvent('keydown', {key: '\(key)', bubbles: true})); document.activeElement.id"
            )
        }
        let first = try #require(try press("j") as? String)
        let second = try #require(try press("j") as? String)
        #expect(first != second && !first.isEmpty && !second.isEmpty)
        #expect(try press("k") as? String == first)
    }

    @Test func aDarkSystemOpensTheDarkViewsAndAPhoneWidthNeedsNoSideScrolling() throws {
        let (page, _) = try Self.samples
        let browser = try HeadlessChromium(windowWidth: 390, windowHeight: 844)
        defer { browser.close() }
        try browser.setColorScheme(dark: true)
        try browser.open(page)
        #expect(try browser.evaluate("document.body.getAttribute('data-appearance')") as? String == "dark")
        let views = try #require(try browser.evaluate("\(Self.shownPictures).map(i => i.dataset.view)") as? [String])
        #expect(!views.isEmpty && views.allSatisfy { $0.hasPrefix("dark-") })
        #expect(Self.number(try browser.evaluate("document.documentElement.scrollWidth")) <= 390)
        let widest = try #require(
            try browser.evaluate("Math.max(...\(Self.shownPictures).map(i => i.getBoundingClientRect().right))")
                as? Double)
        #expect(widest > 0 && widest <= 390)
    }

    @Test func aScreenshotOfThePageShowsCards() throws {
        let (page, _) = try Self.samples
        let browser = try HeadlessChromium(windowWidth: 1280, windowHeight: 900)
        defer { browser.close() }
        try browser.open(page)
        _ = try browser.evaluate("Promise.all([...document.images].map(i => i.decode().catch(() => 0)))")
        let shot = try ImageDecoder.decode(try browser.screenshot())
        #expect(shot.size == PixelSize(width: 1280, height: 900))
        // Not blank: many colours (text, cards, pictures), and no one colour covers nearly all of it.
        var counts: [UInt32: Int] = [:]
        for pixel in stride(from: 0, to: shot.pixels.count, by: 4) {
            let key =
                UInt32(shot.pixels[pixel]) << 16 | UInt32(shot.pixels[pixel + 1]) << 8 | UInt32(shot.pixels[pixel + 2])
            counts[key, default: 0] += 1
        }
        let commonest = counts.values.max() ?? 0
        #expect(counts.count > 1000, "\(counts.count) colours")
        #expect(Double(commonest) < 0.8 * Double(shot.size.width * shot.size.height))
    }

    @Test func aFindingsLinkLeadsToItsFileAndLine() throws {
        let folder = try ReviewCommandTests.project(["missing.json": ReviewCommandTests.missingAttachment])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try ToolRun.binary(["review", "payloads", "-o", "out/page.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(folder.appendingPathComponent("out/page.html"))
        let links = try #require(
            try browser.evaluate(
                "[...document.querySelectorAll('li.finding')].filter(f => f.textContent.includes('attachment-missing')).map(f => f.querySelector('a.place').href)"
            ) as? [String])
        let link = try #require(links.first.flatMap(URL.init(string:)))
        #expect(link.isFileURL && link.fragment == "L2", "\(link)")
        let target = URL(fileURLWithPath: link.path)
        #expect(
            target.standardizedFileURL == folder.appendingPathComponent("payloads/missing.json").standardizedFileURL)
        let lines = try String(contentsOf: target, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 2 && lines[1].contains("attachment-url"))
        // The page shows that line under the finding, as a browser opening a local file goes to none.
        let excerpts = try #require(
            try browser.evaluate(
                "[...document.querySelectorAll('li.finding')].filter(f => f.textContent.includes('attachment-missing')).map(f => f.querySelector('.excerpt').textContent)"
            ) as? [String])
        #expect(excerpts.first == "2 \(lines[1].trimmingCharacters(in: .whitespaces))", "\(excerpts)")
    }

    @Test func aChangedCardShowsBeforeAndAfterAtOneSizeTheBaselinesTextTheChangedFieldsAndAnOutlineAround()
        throws
    {
        let folder = try ReviewCommandTests.project(["image.json": ReviewCommandTests.image])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ToolRun.binary(["review", "payloads", "-o", "before.html"], workingDirectory: folder).status == 0)
        try Data(ReviewCommandTests.image.replacingOccurrences(of: "from the hills", with: "from the sea").utf8)
            .write(to: folder.appendingPathComponent("payloads/image.json"))
        let run = try ToolRun.binary(
            ["review", "payloads", "-o", "after.html", "--baseline", "before.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let browser = try HeadlessChromium(windowWidth: 1000)
        defer { browser.close() }
        try browser.open(folder.appendingPathComponent("after.html"))
        #expect(browser.consoleErrors.isEmpty, "\(browser.consoleErrors)")
        let shown = try #require(
            try browser.evaluate(
                """
                Promise.all([...document.images].map(i => i.decode().catch(() => 0))).then(() =>
                  [...document.querySelectorAll('.compare')].filter(c => c.getClientRects().length > 0).map(c => {
                    const before = c.querySelector('img.baseline'), after = c.querySelector('img.picture');
                    const region = c.querySelector('.region'), style = getComputedStyle(region);
                    const b = before.getBoundingClientRect(), a = after.getBoundingClientRect(), r = region.getBoundingClientRect();
                    return {beforeWidth: b.width, afterWidth: a.width, beforeHeight: b.height, afterHeight: a.height,
                      decoded: before.naturalWidth > 0, beforeAlt: before.alt, afterAlt: after.alt,
                      regionWidth: r.width, outlineOffset: parseFloat(style.outlineOffset), outlineWidth: parseFloat(style.outlineWidth),
                      border: parseFloat(style.borderTopWidth) + parseFloat(style.borderLeftWidth)};
                  }))
                """) as? [[String: Any]])
        // Light banner and light expanded changed and are shown; the dark ones are behind the switch.
        #expect(shown.count == 2, "\(shown)")
        for side in shown {
            let width = { (key: String) in (side[key] as? Double) ?? -1 }
            // One CSS size for both: the same card at the same scale.
            #expect(width("beforeWidth") > 100 && abs(width("beforeWidth") - width("afterWidth")) < 0.5, "\(side)")
            #expect(abs(width("beforeHeight") - width("afterHeight")) < 0.5, "\(side)")
            #expect(side["decoded"] as? Bool == true)
            // The before picture is described by the baseline's own text.
            let beforeAlt = side["beforeAlt"] as? String ?? ""
            #expect(beforeAlt.hasPrefix("Before: ") && beforeAlt.contains("from the hills"), "\(beforeAlt)")
            #expect(!beforeAlt.contains("from the sea"), "\(beforeAlt)")
            #expect((side["afterAlt"] as? String)?.contains("from the sea") == true)
            // The outline is drawn around the changed pixels with a margin, not on them.
            #expect(width("regionWidth") > 0 && width("outlineWidth") > 0, "\(side)")
            #expect(width("outlineOffset") >= 2 && width("border") == 0, "\(side)")
        }
        // The changed field, as text.
        let fields = try #require(
            try browser.evaluate("[...document.querySelectorAll('.field-changes li')].map(l => l.textContent)")
                as? [String])
        #expect(fields == ["aps.alert.body: from the hills → from the sea"], "\(fields)")
    }

    /// A changed stack is compared as a card is, and a change's overlay, opened, lays the after
    /// picture over the before one at the slider's opacity.
    @Test func aChangedStackShowsBeforeAndAfterAndTheOverlayMixesThem() throws {
        let message = { (body: String) in
            #"{"aps": {"alert": {"title": "Ana", "body": "\#(body)"}, "thread-id": "chat"}}"#
        }
        let folder = try ReviewCommandTests.project(["a.json": message("Lunch?"), "b.json": message("At one")])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ToolRun.binary(["review", "payloads", "-o", "before.html"], workingDirectory: folder).status == 0)
        try Data(message("At two").utf8).write(to: folder.appendingPathComponent("payloads/b.json"))
        let run = try ToolRun.binary(
            ["review", "payloads", "-o", "after.html", "--baseline", "before.html", "--json"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let report = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
        #expect(report?["changedStacks"] as? [String] == ["chat"], "\(run.out)")
        let browser = try HeadlessChromium(windowWidth: 1000)
        defer { browser.close() }
        try browser.open(folder.appendingPathComponent("after.html"))
        let stack = try #require(
            try browser.evaluate(
                """
                (() => {
                  const thread = document.querySelector('article.thread[data-change=changed]');
                  const link = document.querySelector('ul.stacks-changed a');
                  return {id: thread ? thread.id : '', link: link ? link.getAttribute('href') : '',
                    compared: thread ? [...thread.querySelectorAll('.compare')].filter(c => c.getClientRects().length > 0).length : 0};
                })()
                """) as? [String: Any])
        #expect(
            (stack["id"] as? String)?.hasPrefix("stack-") == true && stack["link"] as? String == "#\(stack["id"] ?? "")"
        )
        #expect((stack["compared"] as? Double ?? 0) >= 1, "\(stack)")
        let overlay = try #require(
            try browser.evaluate(
                """
                new Promise(done => {
                  const onion = [...document.querySelectorAll('article.card details.onion')].find(d => d.getClientRects().length > 0);
                  onion.addEventListener('toggle', () => setTimeout(() => {
                    const mix = onion.querySelector('input.mix'), over = onion.querySelector('img.over'), under = onion.querySelector('img.under');
                    mix.value = '80';
                    mix.dispatchEvent(new Event('input'));
                    Promise.all([over.decode(), under.decode()]).then(() => {
                      const o = over.getBoundingClientRect(), u = under.getBoundingClientRect();
                      done({opacity: getComputedStyle(over).opacity, overWidth: o.width, underWidth: u.width,
                        sameCorner: Math.abs(o.left - u.left) < 0.5 && Math.abs(o.top - u.top) < 0.5,
                        pictures: document.querySelectorAll('img.picture').length});
                    });
                  }, 0));
                  onion.open = true;
                })
                """) as? [String: Any])
        #expect(overlay["opacity"] as? String == "0.8", "\(overlay)")
        let width = { (key: String) in (overlay[key] as? Double) ?? -1 }
        #expect(width("overWidth") > 100 && abs(width("overWidth") - width("underWidth")) < 0.5, "\(overlay)")
        #expect(overlay["sameCorner"] as? Bool == true, "\(overlay)")
        // The overlay's pictures are not the page's own: a baseline read from it finds each once.
        #expect(overlay["pictures"] as? Double == 8, "\(overlay)")
        #expect(browser.consoleErrors.isEmpty, "\(browser.consoleErrors)")
    }

    @Test func aFileNamedLikeAScriptLinkRunsNoScriptWhenClicked() throws {
        let folder = try ReviewHostileInputTests.projectWithScriptFolder(payload: "x.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(
            ["review", ReviewHostileInputTests.scriptFolder, "-o", "out.html"], workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let page = folder.appendingPathComponent("out.html")
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(page)
        // The page's own script runs under its pinned hash: the switch works.
        _ = try browser.evaluate("document.getElementById('appearance-switch').click()")
        #expect(try browser.evaluate("document.body.getAttribute('data-appearance')") as? String == "dark")
        let title = try #require(try browser.evaluate("document.title") as? String)
        // Every link leads to a file (the card's and the finding's) or a place on the page.
        let links = try #require(
            try browser.evaluate("[...document.querySelectorAll('a[href]')].map(a => new URL(a.href).protocol)")
                as? [String])
        #expect(links.count >= 2 && links.allSatisfy { $0 == "file:" }, "\(links)")
        for index in links.indices {
            try browser.open(page)
            _ = try browser.evaluate("document.querySelectorAll('a[href]')[\(index)].click(); 0")
            try browser.drainEvents(for: 0.3)
            #expect(try browser.evaluate("typeof window.__pwned") as? String == "undefined", "link \(index)")
        }
        try browser.open(page)
        #expect(try browser.evaluate("document.title") as? String == title)
        #expect(browser.consoleErrors.isEmpty, "\(browser.consoleErrors)")
        // And were a script link on the page, the policy would not let it run.
        _ = try browser.evaluate(
            "(a => { a.href = 'javascript:window.__pwned=2'; document.body.append(a); a.click(); return 0; })(document.createElement('a'))"
        )
        try browser.drainEvents(for: 0.3)
        #expect(try browser.evaluate("typeof window.__pwned") as? String == "undefined")
        #expect(browser.consoleErrors.contains { $0.contains("Content Security Policy") }, "\(browser.consoleErrors)")
    }

    /// `text` as a JavaScript string literal.
    static func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text])
        return data.map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) } ?? "''"
    }
}
