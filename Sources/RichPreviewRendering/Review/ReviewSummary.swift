import Foundation
import RichPreview

/// A review in a few lines of Markdown, for a CI job to post as a pull request's comment or a
/// job's summary (`richpreview review --summary FILE`): the counts, then the payloads with an
/// error or not drawn, the changed ones with their changed views and fields, the added and the
/// removed. No picture: a comment or a step summary shows no `data:` image, and the page (the
/// job's artifact) has them all.
public struct ReviewSummary: Sendable {
    /// The review summed up.
    public var review: ProjectReview
    /// Where file names link: a web template links them; a relative or `vscode` link, which a
    /// comment on a web page cannot follow, leaves them plain.
    public var links: ReviewPage.LinkFormat
    /// The page's name, said at the end (`review.html`); nil to leave it out.
    public var page: String?
    /// How many payloads each list names at most; the rest are counted.
    public var listed: Int

    /// A summary of `review`, its files linked as `links` says.
    public init(review: ProjectReview, links: ReviewPage.LinkFormat, page: String? = nil, listed: Int = 50) {
        self.review = review
        self.links = links
        self.page = page
        self.listed = max(1, listed)
    }

    /// The Markdown.
    public var markdown: String {
        var out = "### Notifications of \(Self.escaped(review.title))\n\n"
        var counts = [
            ReviewPage.counted(review.cards.count, "payload"),
            ReviewPage.counted(review.lint.count(.error), "error"),
            ReviewPage.counted(review.lint.count(.warning), "warning"),
        ]
        if let changes = review.changes {
            counts.append(
                "\(changes.changed.count) changed, \(changes.added.count) added, \(changes.removed.count) removed")
        }
        out += counts.joined(separator: " · ") + "\n"
        let broken = review.cards.filter(ReviewPage.isBroken)
        list("Errors", broken, into: &out) { card in
            if let problem = card.problem { return problem }
            let errors = card.findings.filter { $0.severity == .error }
            return errors.map { "`\($0.rule)` \($0.message)" }.joined(separator: "; ")
        }
        if let changes = review.changes {
            let changed = review.cards.filter { changes.changed[$0.file] != nil }
            list("Changed", changed, into: &out) { card in
                let views = (changes.changed[card.file] ?? []).map { $0.view.caption.lowercased() }
                let fields = (changes.fields[card.file] ?? []).map { change in
                    "`\(change.key)`: \(change.before ?? "(absent)") → \(change.after ?? "(removed)")"
                }
                return (["changed: " + views.joined(separator: "; ")] + fields).joined(separator: "; ")
            }
            list("Added", review.cards.filter { changes.added.contains($0.file) }, into: &out) { _ in nil }
            if !changes.removed.isEmpty {
                out += "\n**Removed** (\(changes.removed.count))\n\n"
                for file in changes.removed.prefix(listed) { out += "- \(Self.code(file))\n" }
                if changes.removed.count > listed { out += "- and \(changes.removed.count - listed) more\n" }
            }
            let stacks = review.threads.filter { changes.stacks[$0.comparisonKey] != nil }
            if !stacks.isEmpty {
                out += "\n**Stacks changed** (\(stacks.count))\n\n"
                for thread in stacks.prefix(listed) {
                    let views = (changes.stacks[thread.comparisonKey] ?? []).map { $0.view.caption.lowercased() }
                    out += "- \(Self.escaped(thread.name)): changed: \(views.joined(separator: "; "))\n"
                }
                if stacks.count > listed { out += "- and \(stacks.count - listed) more\n" }
            }
        }
        if broken.isEmpty, review.changes?.isEmpty ?? true {
            out += "\nNo payload has an error" + (review.changes == nil ? ".\n" : ", and none changed.\n")
        }
        if let page { out += "\nEvery picture, before and after: \(Self.code(page)).\n" }
        return out
    }

    /// A list headed `title` of `cards`, each with what `detail` says.
    private func list(
        _ title: String, _ cards: [ReviewCard], into out: inout String, detail: (ReviewCard) -> String?
    ) {
        guard !cards.isEmpty else { return }
        out += "\n**\(title)** (\(cards.count))\n\n"
        for card in cards.prefix(listed) {
            out += "- " + fileName(card.file) + (detail(card).map { ": " + Self.escaped($0) } ?? "") + "\n"
        }
        if cards.count > listed { out += "- and \(cards.count - listed) more\n" }
    }

    /// `file` as a link when the link format makes web links, else as code.
    private func fileName(_ file: String) -> String {
        guard case .template = links, let link = links.link(file: file, line: nil, column: nil) else {
            return Self.code(file)
        }
        let destination = link.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
        return "[\(Self.escaped(file))](<\(destination)>)"
    }

    /// `text` as inline code: fenced with one more backtick than its longest run, on one line.
    static func code(_ text: String) -> String {
        let line = oneLine(text)
        var longest = 0
        var run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + (line.hasPrefix("`") || line.hasSuffix("`") ? " \(line) " : line) + fence
    }

    /// `text` on one line with Markdown's and HTML's special characters escaped, but the inline
    /// code spans this type writes (text between single backticks) kept.
    static func escaped(_ text: String) -> String {
        var result = ""
        var inCode = false
        for character in oneLine(text) {
            if character == "`" {
                inCode.toggle()
                result.append(character)
            } else if inCode {
                result.append(character)
            } else if Self.special.contains(character) {
                result += "\\" + String(character)
            } else {
                result.append(character)
            }
        }
        // An odd backtick would start code that swallows the rest: escape them all instead.
        if inCode {
            return oneLine(text).map { Self.special.contains($0) || $0 == "`" ? "\\\($0)" : String($0) }.joined()
        }
        return result
    }

    /// The characters that mean something to Markdown or HTML inside a line of a list item (a
    /// line's start is always `- `): emphasis, links, tags, entities, strikethrough.
    private static let special: Set<Character> = ["\\", "*", "_", "[", "]", "<", ">", "&", "~"]

    /// `text` with line breaks and control characters as spaces.
    private static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
