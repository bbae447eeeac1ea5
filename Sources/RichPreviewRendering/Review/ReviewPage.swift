import Foundation
import RichPreview
import RichPreviewSystem

/// A review as one self-contained HTML page: every picture embedded as a `data:` URL, the style
/// and the script inline, nothing fetched (its Content-Security-Policy forbids it), so it opens
/// from a CI artifact or an e-mail. Cards are grouped by category; a header gives the counts,
/// filters by severity and category and a light/dark switch; `j` and `k` move between cards.
public struct ReviewPage: Sendable {
    /// Where a finding's place links to.
    public enum LinkFormat: Sendable, Equatable {
        /// A path relative to the page's folder, with `#L12` for the line.
        case relative(pageFolder: String)
        /// `vscode://file/ABSOLUTE:LINE:COLUMN`, which opens the place in Visual Studio Code.
        case vscode
        /// A template in which `{path}`, `{absolute}`, `{line}` and `{column}` are replaced.
        case template(String)

        /// The link for `file` at `line` and `column` (1 when unknown); nil for a template that
        /// does not make an `http:` or `https:` link. A relative link starts with `./` or `../`
        /// and every path in a link is percent-encoded (`:`, `%`, `#`, `?`, spaces, quotes,
        /// control characters, non-ASCII), so no file name can make a link run script or leave
        /// the file it names.
        public func link(file: String, line: Int?, column: Int?) -> String? {
            let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
            switch self {
            case .relative(let folder):
                let relative = Self.percentEncoded(ReviewPage.relativePath(absolute, from: folder))
                return (relative.hasPrefix("../") ? "" : "./") + relative + (line.map { "#L\($0)" } ?? "")
            case .vscode:
                return "vscode://file" + Self.percentEncoded(absolute) + ":\(line ?? 1):\(column ?? 1)"
            case .template(let template):
                guard Self.isWebLink(template) else { return nil }
                return template.replacingOccurrences(of: "{path}", with: Self.percentEncoded(file))
                    .replacingOccurrences(of: "{absolute}", with: Self.percentEncoded(absolute))
                    .replacingOccurrences(of: "{line}", with: String(line ?? 1))
                    .replacingOccurrences(of: "{column}", with: String(column ?? 1))
            }
        }

        /// Whether `template` starts with `http://` or `https://` (in any case): the only links a
        /// template may make.
        public static func isWebLink(_ template: String) -> Bool {
            let start = template.prefix(8).lowercased()
            return start.hasPrefix("http://") || start.hasPrefix("https://")
        }

        /// `path` with every byte of its UTF-8 but letters, digits, `/` and `-._~!$()*+,;=@`
        /// written as `%XX`.
        static func percentEncoded(_ path: String) -> String {
            var result = ""
            result.reserveCapacity(path.utf8.count)
            for byte in path.utf8 {
                if byte < 0x80, keptInLinks[Int(byte)] {
                    result.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    result +=
                        "%" + String(byte >> 4, radix: 16, uppercase: true)
                        + String(byte & 0xF, radix: 16, uppercase: true)
                }
            }
            return result
        }

        /// The ASCII bytes a link's path keeps as they are, by value.
        private static let keptInLinks: [Bool] = (0..<128).map { value in
            let scalar = Unicode.Scalar(UInt8(value))
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "/-._~!$()*+,;=@".unicodeScalars.contains(scalar)
        }
    }

    /// The review drawn.
    public var review: ProjectReview
    /// Where findings link to.
    public var links: LinkFormat
    /// Pixels per point of the pictures (their CSS size is their pixel size divided by it).
    public var scale: Int

    /// The comment that marks a page as one this type wrote (`ReviewBaseline(page:)` looks for it).
    static let generatorMark = "<!-- richpreview review page 1 -->"

    /// Whether `start`, the first bytes of a file (the first 256 are enough), begins a page this
    /// type wrote: `richpreview review` writes over such a file and no other.
    public static func isReviewPage(start: Data) -> Bool {
        String(decoding: start.prefix(256), as: UTF8.self).contains(generatorMark)
    }

    /// A page of `review`.
    public init(review: ProjectReview, links: LinkFormat = .relative(pageFolder: "."), scale: Int = 2) {
        self.review = review
        self.links = links
        self.scale = max(1, scale)
    }

    /// `path` (absolute) relative to the folder `folder`.
    static func relativePath(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The page.
    public var html: String {
        var out = ""
        out.reserveCapacity(
            review.cards.reduce(64 * 1024) { $0 + $1.pictures.reduce(2048) { $0 + $1.data.count * 4 / 3 } })
        let title = HTMLText.escaped(review.title)
        out += """
            <!DOCTYPE html>
            \(Self.generatorMark)
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <title>Notifications of \(title): richpreview review</title>
            <style>\(Self.style)</style>
            </head>
            <body data-appearance="light" data-pair="on">

            """
        writeHeader(into: &out)
        out += "<main>\n"
        let positions = Dictionary(review.cards.enumerated().map { ($1.file, $0) }) { first, _ in first }
        if let changes = review.changes { writeChanges(changes, positions: positions, into: &out) }
        if !review.projectFindings.isEmpty {
            out += "<section class=\"project\" aria-labelledby=\"project-findings\">\n"
            out += "<h2 id=\"project-findings\">Findings about the project (\(review.projectFindings.count))</h2>\n"
            writeFindings(review.projectFindings, into: &out)
            out += "</section>\n"
        }
        let (broken, changed, rest) = sortedCards
        for (id, heading, cards) in [
            ("errors", "Errors: payloads with an error or not drawn", broken),
            ("changed-cards", "Changed since the baseline", changed),
        ] where !cards.isEmpty {
            out += "<section class=\"group\" id=\"\(id)\">\n"
            out += "<h2>\(heading) <span class=\"count\">\(Self.counted(cards.count, "payload"))</span></h2>\n"
            for card in cards { writeCard(card, position: positions[card.file] ?? 0, into: &out) }
            out += "</section>\n"
        }
        for (category, cards) in Self.groupedByCategory(rest) {
            let name = category ?? "No category"
            out +=
                "<section class=\"group category\" data-category=\"\(HTMLText.escaped(category ?? ""))\">\n"
            out +=
                "<h2>\(HTMLText.escaped(name)) <span class=\"count\">\(Self.counted(cards.count, "payload"))</span></h2>\n"
            for card in cards { writeCard(card, position: positions[card.file] ?? 0, into: &out) }
            out += "</section>\n"
        }
        if !review.threads.isEmpty { writeThreads(review.threads, positions: positions, into: &out) }
        if review.cards.isEmpty {
            out += "<p class=\"empty\">No payloads found (.apns files, and .json files with an aps dictionary).</p>\n"
        }
        out += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// `1 payload`, `2 payloads`.
    static func counted(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Whether `card` has an error finding or could not be drawn.
    static func isBroken(_ card: ReviewCard) -> Bool {
        card.problem != nil || card.findings.contains { $0.severity == .error }
    }

    /// The cards in the page's order: those with an error or not drawn first, then the changed
    /// and added ones, then the rest (by category); each in the walk's order.
    var sortedCards: (broken: [ReviewCard], changed: [ReviewCard], rest: [ReviewCard]) {
        let changes = review.changes
        var broken: [ReviewCard] = []
        var changed: [ReviewCard] = []
        var rest: [ReviewCard] = []
        for card in review.cards {
            if Self.isBroken(card) {
                broken.append(card)
            } else if changes?.changed[card.file] != nil || changes?.added.contains(card.file) == true {
                changed.append(card)
            } else {
                rest.append(card)
            }
        }
        return (broken, changed, rest)
    }

    /// The cards by category, categories in the order first met, cards without one last.
    var groupedByCategory: [(String?, [ReviewCard])] { Self.groupedByCategory(review.cards) }

    /// `cards` by category, categories in the order first met, cards without one last.
    static func groupedByCategory(_ cards: [ReviewCard]) -> [(String?, [ReviewCard])] {
        var order: [String?] = []
        var groups: [String?: [ReviewCard]] = [:]
        for card in cards {
            if groups[card.category] == nil { order.append(card.category) }
            groups[card.category, default: []].append(card)
        }
        order.sort { a, b in a != nil && b == nil }
        return order.map { ($0, groups[$0] ?? []) }
    }

    private func writeHeader(into out: inout String) {
        let findings = review.lint.findings
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let pictures = review.cards.reduce(0) { $0 + $1.pictures.count }
        let (broken, changedCards, _) = sortedCards
        // A count links to where its cards are: the broken ones first, the changed ones next.
        let errorsAt = !broken.isEmpty ? "#errors" : !review.projectFindings.isEmpty ? "#project-findings" : nil
        var counts = [
            Self.counted(review.cards.count, "payload"),
            Self.counted(pictures, "picture"),
            "<span class=\"severity-error\">\(Self.linked(Self.counted(errors, "error"), to: errors > 0 ? errorsAt : nil))</span>",
            "<span class=\"severity-warning\">\(Self.counted(warnings, "warning"))</span>",
        ]
        if let changes = review.changes {
            let changed = "\(changes.changed.count) changed, \(changes.added.count) added"
            counts.append(
                "<span class=\"changed\">\(Self.linked(changed, to: changedCards.isEmpty ? nil : "#changed-cards")), \(Self.linked("\(changes.removed.count) removed", to: changes.removed.isEmpty ? nil : "#changes"))</span>"
            )
        }
        let categories = groupedByCategory.compactMap(\.0)
        let changedOption =
            review.changes == nil ? "" : "<option value=\"changed\">changed or added cards</option>"
        out += """
            <header>
            <h1>Notifications of \(HTMLText.escaped(review.title))</h1>
            <p class="counts">\(counts.joined(separator: " · "))</p>
            <div class="controls">
            <label>Show <select id="severity-filter"><option value="all">every card</option>\(changedOption)<option value="error">cards with errors</option><option value="warning">cards with warnings</option><option value="clean">cards without findings</option></select></label>
            <label>Category <select id="category-filter"><option value="*">every category</option>\(categories.map { "<option value=\"\(HTMLText.escaped($0))\">\(HTMLText.escaped($0))</option>" }.joined())<option value="">no category</option></select></label>
            <button type="button" id="appearance-switch" aria-pressed="false">Dark appearance</button>
            <label class="wide-only"><input type="checkbox" id="side-by-side" checked> Light and dark side by side</label>
            <label class="hint"><input type="checkbox" id="key-shortcuts" checked> Keys: j next card, k previous</label>
            </div>
            </header>

            """
    }

    private func writeChanges(_ changes: ReviewChanges, positions: [String: Int], into out: inout String) {
        out +=
            "<section class=\"changes\" aria-labelledby=\"changes\">\n<h2 id=\"changes\">Changes since the baseline</h2>\n"
        if changes.isEmpty { out += "<p>No payload was added or removed, and no picture changed.</p>\n" }
        for (label, files) in [
            ("Added", changes.added), ("Removed", changes.removed), ("Changed", changes.changed.keys.sorted()),
        ]
        where !files.isEmpty {
            out += "<h3>\(label) (\(files.count))</h3>\n<ul class=\"\(label.lowercased())\">\n"
            for file in files {
                let anchor = positions[file].map { "#\(cardAnchor($0))" }
                out +=
                    anchor.map { "<li><a href=\"\($0)\">\(HTMLText.escaped(file))</a></li>\n" }
                    ?? "<li>\(HTMLText.escaped(file))</li>\n"
            }
            out += "</ul>\n"
        }
        let changedStacks = review.threads.enumerated().filter { changes.stacks[$1.comparisonKey] != nil }
        if !changedStacks.isEmpty {
            out += "<h3>Stacks changed (\(changedStacks.count))</h3>\n<ul class=\"stacks-changed\">\n"
            for (index, thread) in changedStacks {
                out += "<li><a href=\"#\(stackAnchor(index))\">\(HTMLText.escaped(thread.name))</a></li>\n"
            }
            out += "</ul>\n"
        }
        out += "</section>\n"
    }

    private func cardAnchor(_ index: Int) -> String { "card-\(index + 1)" }

    private func stackAnchor(_ index: Int) -> String { "stack-\(index + 1)" }

    /// `html` in a link to `href`, or alone when there is no link.
    private static func linked(_ html: String, to href: String?) -> String {
        href.map { "<a href=\"\(HTMLText.escaped($0))\">\(html)</a>" } ?? html
    }

    private func writeCard(_ card: ReviewCard, position: Int, into out: inout String) {
        let severities = Set(card.findings.map(\.severity))
        let marks =
            severities.isEmpty
            ? "clean" : Severity.allCases.filter(severities.contains).map(\.rawValue).joined(separator: " ")
        let changes = review.changes
        let status =
            changes?.added.contains(card.file) == true ? "added" : changes?.changed[card.file] != nil ? "changed" : nil
        let broken = Self.isBroken(card)
        // Not a tab stop (tabindex -1): j and k focus cards, Tab goes from link to link.
        out +=
            "<article class=\"card\" id=\"\(cardAnchor(position))\" tabindex=\"-1\" data-file=\"\(HTMLText.escaped(card.file))\" data-fields=\"\(HTMLText.escaped(PayloadFields.json(card.fields)))\" data-severity=\"\(marks)\" data-category=\"\(HTMLText.escaped(card.category ?? ""))\"\(status.map { " data-change=\"\($0)\"" } ?? "")\(broken ? " data-broken=\"true\"" : "")>\n"
        let name = Self.linked(
            HTMLText.escaped(card.payloadFile) + (card.message.map { " (message \($0))" } ?? ""),
            to: links.link(file: card.payloadFile, line: nil, column: nil))
        var badges = status.map { " <span class=\"badge \($0)\">\($0)</span>" } ?? ""
        if broken {
            badges = " <span class=\"badge error\">\(card.problem == nil ? "error" : "not drawn")</span>" + badges
        }
        out += "<h3>\(name)\(badges)</h3>\n"
        writeFacts(card, into: &out)
        if let problem = card.problem { out += "<p class=\"problem\">\(HTMLText.escaped(problem))</p>\n" }
        if let without = card.drawnWithout { out += "<p class=\"without\">\(HTMLText.escaped(without))</p>\n" }
        if let remote = card.remoteImage { out += "<p class=\"without\">\(HTMLText.escaped(remote))</p>\n" }
        if let fieldChanges = changes?.fields[card.file] { writeFieldChanges(fieldChanges, into: &out) }
        if !card.pictures.isEmpty {
            out += "<div class=\"pictures\">\n"
            let differences = changes?.changed[card.file] ?? []
            for picture in card.pictures {
                let difference = differences.first { $0.view == picture.view }
                writePicture(picture, of: card, difference: difference, into: &out)
            }
            out += "</div>\n"
        }
        if card.findings.isEmpty {
            out += "<p class=\"clean\">No findings.</p>\n"
        } else {
            writeFindings(card.findings, into: &out)
        }
        out += "</article>\n"
    }

    private func writeFacts(_ card: ReviewCard, into out: inout String) {
        var facts: [(String, String)] = []
        if let category = card.category {
            let registered =
                card.categoryRegistered == false ? " <span class=\"badge warning\">not registered</span>" : ""
            facts.append(("Category", "<code>\(HTMLText.escaped(category))</code>\(registered)"))
        }
        facts.append(
            (
                "Expanded view",
                card.extensionFile.map { "content extension <code>\(HTMLText.escaped($0))</code>" }
                    ?? "iOS's default look"
            ))
        if !card.actions.isEmpty {
            facts.append(
                (
                    "Buttons",
                    card.actions.map { "<span class=\"button\">\(HTMLText.escaped($0))</span>" }.joined(separator: " ")
                ))
        }
        if let thread = card.threadIdentifier { facts.append(("Thread", "<code>\(HTMLText.escaped(thread))</code>")) }
        if let attachment = card.attachment {
            var parts = ["<code>\(HTMLText.escaped(attachment.name))</code>"]
            if let format = attachment.format {
                parts.append(HTMLText.escaped(format.rawValue))
            } else if let kind = attachment.kind {
                parts.append(HTMLText.escaped(kind.rawValue))
            }
            if let size = attachment.pixelSize { parts.append("\(size.width)×\(size.height)") }
            if let duration = attachment.duration { parts.append(String(format: "%.1f s", duration)) }
            if let problem = attachment.problem {
                parts.append("<span class=\"severity-error\">\(HTMLText.escaped(problem))</span>")
            }
            facts.append(("Attachment", parts.joined(separator: ", ")))
        }
        out += "<dl class=\"facts\">"
        for (term, value) in facts { out += "<dt>\(term)</dt><dd>\(value)</dd>" }
        out += "</dl>\n"
    }

    /// The payload's changed fields, one line each: `aps.alert.body: 7:42 → 7:48`.
    private func writeFieldChanges(_ changes: [ReviewFieldChange], into out: inout String) {
        out += "<ul class=\"field-changes\" aria-label=\"Changed fields of the payload\">\n"
        for change in changes {
            let before = change.before.map { "<del>\(HTMLText.escaped($0))</del>" } ?? "<i>absent</i>"
            let after = change.after.map { "<ins>\(HTMLText.escaped($0))</ins>" } ?? "<i>removed</i>"
            out += "<li><code>\(HTMLText.escaped(change.key))</code>: \(before) → \(after)</li>\n"
        }
        out += "</ul>\n"
    }

    /// A picture's size in CSS pixels: its pixels over the scale, to the nearest (a card whose
    /// height is no whole number of points, text in fallback fonts, is a pixel off).
    private func cssSize(of picture: ReviewPicture) -> (width: Int, height: Int) {
        ((picture.size.width + scale / 2) / scale, (picture.size.height + scale / 2) / scale)
    }

    private func writePicture(
        _ picture: ReviewPicture, of card: ReviewCard, difference: ReviewDifference?, into out: inout String
    ) {
        let (width, height) = cssSize(of: picture)
        let alt = HTMLText.escaped(card.altText(for: picture.view))
        let image =
            "<img class=\"picture\" data-file=\"\(HTMLText.escaped(card.file))\" data-view=\"\(picture.view.key)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(alt)\" src=\"\(picture.dataURI)\">"
        out +=
            "<figure class=\"view\" data-appearance=\"\(picture.view.appearance.rawValue)\" data-state=\"\(picture.view.state.rawValue)\">"
        if let difference {
            writeComparison(image, width: width, height: height, difference: difference, into: &out)
        } else {
            out += image
        }
        out +=
            "<figcaption>\(picture.view.caption)\(difference == nil ? "" : " <span class=\"badge changed\">changed</span>")</figcaption></figure>\n"
    }

    /// Before and after of one view: the baseline's picture as wide as the new one (`image`, an
    /// `<img>` `width` by `height` CSS pixels) so both are seen at one scale, the changed region
    /// outlined around the new one, and an overlay of the two whose mix a slider sets (built by
    /// the page's script when opened, so no picture is stored twice).
    private func writeComparison(
        _ image: String, width: Int, height: Int, difference: ReviewDifference, into out: inout String
    ) {
        let region = difference.region
        let box = String(
            format: "left:%.3f%%;top:%.3f%%;width:%.3f%%;height:%.3f%%", region.x * 100, region.y * 100,
            region.width * 100, region.height * 100)
        out += "<div class=\"compare\">"
        if let old = difference.baseline {
            let oldHeight =
                difference.baselineSize.map { size in
                    size.width > 0 ? (size.height * width + size.width / 2) / size.width : height
                } ?? height
            let oldAlt =
                difference.baselineText.map { "Before: \(HTMLText.escaped($0))" }
                ?? "Before: the baseline's picture (its text is not known)"
            out +=
                "<div class=\"side\"><span class=\"label\">before</span><img class=\"baseline\" width=\"\(width)\" height=\"\(oldHeight)\" alt=\"\(oldAlt)\" src=\"\(ReviewPicture.dataURI(old))\"></div>"
        } else {
            out += "<div class=\"side\"><span class=\"label\">before</span><p>not drawn</p></div>"
        }
        out +=
            "<div class=\"side\"><span class=\"label\">after</span><div class=\"outlined\">\(image)<span class=\"region\" style=\"\(box)\"></span></div></div>"
        if difference.baseline != nil {
            out +=
                "<details class=\"onion\"><summary>Overlay</summary><div class=\"onion-frame\" aria-hidden=\"true\"></div><label class=\"mix-label\">before <input type=\"range\" class=\"mix\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"Overlay: from before to after\"> after</label></details>"
        }
        out += "</div>"
    }

    /// The stacks: each group's name, summary and members (linked to their cards), and its pictures.
    private func writeThreads(_ threads: [ReviewThread], positions: [String: Int], into out: inout String) {
        out += "<section class=\"threads\" aria-labelledby=\"threads\">\n"
        out +=
            "<h2 id=\"threads\">Stacked on the lock screen <span class=\"count\">\(threads.count) group\(threads.count == 1 ? "" : "s") of notifications, the last file the newest</span></h2>\n"
        for (index, thread) in threads.enumerated() {
            let differences = review.changes?.stacks[thread.comparisonKey] ?? []
            let badge = differences.isEmpty ? "" : " <span class=\"badge changed\">changed</span>"
            out +=
                "<article class=\"thread\" id=\"\(stackAnchor(index))\"\(differences.isEmpty ? "" : " data-change=\"changed\"")>\n<h3>\(HTMLText.escaped(thread.name))\(badge)</h3>\n"
            if let summary = thread.summary { out += "<p class=\"summary\">\(HTMLText.escaped(summary))</p>\n" }
            out += "<ol class=\"members\">"
            for file in thread.files {
                let anchor = positions[file].map(cardAnchor) ?? ""
                out += "<li><a href=\"#\(anchor)\">\(HTMLText.escaped(file))</a></li>"
            }
            out += "</ol>\n"
            if let problem = thread.problem { out += "<p class=\"problem\">\(HTMLText.escaped(problem))</p>\n" }
            let unlisted = thread.files.count - ReviewThread.listedCards
            out += "<div class=\"pictures\">\n"
            for picture in thread.pictures {
                let caption =
                    "\(picture.view.appearance.rawValue.capitalized), "
                    + (picture.view.state == .banner
                        ? "collapsed"
                        : "expanded"
                            + (unlisted > 0 ? " (the first \(ReviewThread.listedCards); \(unlisted) more)" : ""))
                let (width, height) = cssSize(of: picture)
                let image =
                    "<img class=\"stack\" data-thread=\"\(HTMLText.escaped(thread.comparisonKey))\" data-view=\"\(picture.view.key)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTMLText.escaped(thread.altText(for: picture.view)))\" src=\"\(picture.dataURI)\">"
                out += "<figure class=\"view\" data-appearance=\"\(picture.view.appearance.rawValue)\">"
                if let difference = differences.first(where: { $0.view == picture.view }) {
                    writeComparison(image, width: width, height: height, difference: difference, into: &out)
                    out += "<figcaption>\(caption) <span class=\"badge changed\">changed</span></figcaption></figure>\n"
                } else {
                    out += "\(image)<figcaption>\(caption)</figcaption></figure>\n"
                }
            }
            out += "</div>\n</article>\n"
        }
        out += "</section>\n"
    }

    private func writeFindings(_ findings: [Finding], into out: inout String) {
        out += "<ul class=\"findings\">\n"
        for finding in findings {
            var place = ""
            if let file = finding.file {
                let text = file + (finding.line.map { ":\($0)" } ?? "") + (finding.column.map { ":\($0)" } ?? "")
                let href = links.link(file: file, line: finding.line, column: finding.column)
                place =
                    href.map { " <a class=\"place\" href=\"\(HTMLText.escaped($0))\">\(HTMLText.escaped(text))</a>" }
                    ?? " <span class=\"place\">\(HTMLText.escaped(text))</span>"
            }
            // The line itself: a browser opening a local file goes to no `#L12`.
            let excerpt =
                finding.file.flatMap { file in finding.line.flatMap { review.findingLines[file]?[$0] } }
                .map { text in
                    "<code class=\"excerpt\"><span class=\"line-number\">\(finding.line ?? 0)</span> \(HTMLText.escaped(text))</code>"
                } ?? ""
            out +=
                "<li class=\"finding severity-\(finding.severity.rawValue)\"><span class=\"severity\">\(finding.severity.rawValue)</span> <code class=\"rule\">\(HTMLText.escaped(finding.rule))</code> \(HTMLText.escaped(finding.message))\(place)\(excerpt)</li>\n"
        }
        out += "</ul>\n"
    }

    /// The page's Content-Security-Policy: nothing is fetched, pictures come from `data:` URLs,
    /// and the one script that runs is the page's own, pinned by its SHA-256 (no other inline
    /// script, event attribute or `javascript:` link runs).
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '\(scriptHash)'; base-uri 'none'; form-action 'none'"

    /// `sha256-` and the base64 of the SHA-256 of `script`'s UTF-8, as CSP writes a hash source.
    static let scriptHash = "sha256-" + Data(SHA256.digest(Array(script.utf8))).base64EncodedString()

    static let style = """
        :root{color-scheme:light;--bg:#f2f2f7;--fg:#1c1c1e;--card:#fff;--muted:#6e6e73;--line:#d1d1d6;--error:#c4271b;--warning:#9a6200;--note:#3a5ba0;--changed:#7a3fc0}
        body[data-appearance=dark]{color-scheme:dark;--bg:#000;--fg:#f2f2f7;--card:#1c1c1e;--muted:#a1a1a6;--line:#38383a;--error:#ff6b5e;--warning:#ffcc4d;--note:#8fb0ff;--changed:#c9a2ff}
        *{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
        header{position:sticky;top:0;z-index:2;background:var(--card);border-bottom:1px solid var(--line);padding:.6rem 1rem}
        h1{font-size:1.2rem;margin:0}.counts{margin:.2rem 0;color:var(--muted)}.controls{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
        select,button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.2rem .5rem}select{max-width:min(16rem,70vw);text-overflow:ellipsis}
        .counts a{color:inherit}.wide-only{display:none}
        button[aria-pressed=true]{outline:2px solid var(--note)}.hint{color:var(--muted);font-size:.85rem}
        main{padding:1rem;max-width:1600px;margin:0 auto}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}.count{color:var(--muted);font-weight:normal;font-size:.9rem}
        .card,.changes,.project,.thread{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:.8rem 1rem;margin:0 0 1rem}
        .card:focus{outline:3px solid var(--note)}.card[data-change=changed],.card[data-change=added]{border-color:var(--changed)}
        .card[data-broken]{border:2px solid var(--error);border-left-width:8px}.badge.error{color:var(--error);font-weight:600}
        .without{color:var(--warning)}.field-changes{list-style:none;padding:0;margin:.2rem 0 .6rem;font-size:.9rem;overflow-wrap:anywhere}
        del{text-decoration:line-through;background:color-mix(in srgb,var(--error) 15%,transparent)}ins{text-decoration:none;background:color-mix(in srgb,var(--changed) 18%,transparent)}
        h3{font-size:1rem;margin:0 0 .4rem;word-break:break-all}a{color:var(--note)}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:0 0 .6rem}.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}
        .button{display:inline-block;border:1px solid var(--line);border-radius:5px;padding:0 .35rem;margin:0 .2rem .2rem 0}
        .pictures{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}.view{margin:0;max-width:100%}
        .view img{display:block;max-width:100%;height:auto}.view figcaption{color:var(--muted);font-size:.85rem;margin-top:.2rem}
        body[data-appearance=light] .view[data-appearance=dark],body[data-appearance=dark] .view[data-appearance=light]{display:none}
        .compare{display:flex;flex-wrap:wrap;gap:.5rem}.side{position:relative}.label{font-size:.75rem;color:var(--muted);display:block}
        .outlined{position:relative;display:inline-block}.onion{flex-basis:100%}.onion summary{cursor:pointer;color:var(--note)}
        .onion-frame{position:relative;display:inline-block}.onion-frame img{display:block;max-width:100%;height:auto}.onion-frame .over{position:absolute;left:0;top:0}.mix-label{display:block;font-size:.85rem;color:var(--muted)}
        .region{position:absolute;pointer-events:none;outline:2px solid var(--changed);outline-offset:5px}
        .findings{list-style:none;padding:0;margin:.6rem 0 0}.finding{padding:.25rem 0;border-top:1px solid var(--line);overflow-wrap:anywhere}
        .severity{font-weight:600;text-transform:uppercase;font-size:.75rem;margin-right:.3rem}
        .severity-error,.severity-error .severity{color:var(--error)}.severity-warning,.severity-warning .severity{color:var(--warning)}.severity-note .severity{color:var(--note)}
        .finding{color:var(--fg)}.rule{font-size:.85rem}.place{margin-left:.3rem;font-size:.85rem}
        .excerpt{display:block;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8rem;color:var(--muted);margin-top:.1rem}.line-number{opacity:.7}.line-number::after{content:" │"}
        .badge{font-size:.75rem;border-radius:4px;padding:0 .3rem;border:1px solid currentColor}.badge.changed,.badge.added{color:var(--changed)}.badge.warning{color:var(--warning)}
        .clean{color:var(--muted);margin:.4rem 0 0}.summary{color:var(--muted);margin:0 0 .3rem}.members{margin:0 0 .6rem;padding-left:1.4rem;overflow-wrap:anywhere}.problem{color:var(--error)}[hidden]{display:none!important}
        @media (max-width:600px){main{padding:.5rem}.card{padding:.6rem}.facts{grid-template-columns:1fr}}
        @media (min-width:1280px){.wide-only{display:inline}
        body[data-pair=on] .pictures{display:grid;grid-template-columns:repeat(2,minmax(0,max-content));grid-auto-flow:row dense;align-items:start}
        body[data-pair=on] .pictures .view[data-appearance]{display:block}
        body[data-pair=on] .pictures .view[data-appearance=light]{grid-column:1}body[data-pair=on] .pictures .view[data-appearance=dark]{grid-column:2}}
        """

    static let script = """
        (function(){
        var body=document.body,toggle=document.getElementById('appearance-switch');
        var severity=document.getElementById('severity-filter'),category=document.getElementById('category-filter');
        var pair=document.getElementById('side-by-side'),keys=document.getElementById('key-shortcuts');
        function setAppearance(dark){body.setAttribute('data-appearance',dark?'dark':'light');toggle.setAttribute('aria-pressed',dark?'true':'false');}
        toggle.addEventListener('click',function(){setAppearance(body.getAttribute('data-appearance')!=='dark');});
        if(window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches)setAppearance(true);
        pair.addEventListener('change',function(){body.setAttribute('data-pair',pair.checked?'on':'off');});
        function cards(){return Array.prototype.slice.call(document.querySelectorAll('article.card'));}
        function apply(){
        var s=severity.value,c=category.value;
        cards().forEach(function(card){
        var marks=card.getAttribute('data-severity').split(' ');
        var kept=s==='all'||(s==='changed'?card.hasAttribute('data-change'):marks.indexOf(s)>=0);
        card.hidden=!(kept&&(c==='*'||card.getAttribute('data-category')===c));});
        Array.prototype.forEach.call(document.querySelectorAll('section.group'),function(section){
        section.hidden=!section.querySelector('article.card:not([hidden])');});}
        severity.addEventListener('change',apply);category.addEventListener('change',apply);
        Array.prototype.forEach.call(document.querySelectorAll('details.onion'),function(onion){
        onion.addEventListener('toggle',function(){
        if(!onion.open||onion.querySelector('.over'))return;
        var compare=onion.parentNode,before=compare.querySelector('img.baseline'),after=compare.querySelector('.outlined img');
        if(!before||!after)return;
        var under=before.cloneNode(false),over=after.cloneNode(false),mix=onion.querySelector('input.mix');
        under.className='under';over.className='over';under.alt='';over.alt='';
        over.removeAttribute('data-file');over.removeAttribute('data-thread');
        onion.querySelector('.onion-frame').appendChild(under);onion.querySelector('.onion-frame').appendChild(over);
        function blend(){over.style.opacity=String(mix.value/100);}
        mix.addEventListener('input',blend);blend();});});
        document.addEventListener('keydown',function(event){
        if(!keys.checked||event.ctrlKey||event.metaKey||event.altKey)return;
        if(event.target&&/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName))return;
        if(event.key!=='j'&&event.key!=='k')return;
        var visible=cards().filter(function(card){return !card.hidden&&!card.closest('[hidden]');});
        if(!visible.length)return;
        var at=visible.indexOf(document.activeElement);
        var next=event.key==='j'?Math.min(at+1,visible.length-1):Math.max(at-1,0);
        if(at<0)next=0;
        visible[next].focus();visible[next].scrollIntoView({block:'start'});event.preventDefault();});
        })();
        """
}
