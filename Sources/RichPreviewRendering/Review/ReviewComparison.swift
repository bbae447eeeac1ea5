import Foundation
import RichPreview
import RichPreviewImaging

/// The pictures of an earlier review, by payload file and view, with what each showed: what
/// `review --baseline` compares the new pictures with.
public struct ReviewBaseline: Sendable {
    /// PNG bytes by payload file, then by `ReviewView.key`.
    public var pictures: [String: [String: Data]]
    /// Each picture's `alt` text (what it shows, in words) by payload file, then by `ReviewView.key`.
    public var texts: [String: [String: String]]
    /// The payload's fields (`ReviewCard.fields`) by payload file; a page written before pages
    /// kept them has none.
    public var fields: [String: [String: String]]
    /// The stacks' PNG or WebP bytes by `ReviewThread.comparisonKey`, then by `ReviewView.key`;
    /// none from a page written before pages named their stacks.
    public var stacks: [String: [String: Data]]
    /// The stacks' `alt` texts, keyed as `stacks`.
    public var stackTexts: [String: [String: String]]

    /// A baseline from its pictures, their `alt` texts, the payloads' fields and the stacks.
    public init(
        pictures: [String: [String: Data]], texts: [String: [String: String]] = [:],
        fields: [String: [String: String]] = [:], stacks: [String: [String: Data]] = [:],
        stackTexts: [String: [String: String]] = [:]
    ) {
        self.pictures = pictures
        self.texts = texts
        self.fields = fields
        self.stacks = stacks
        self.stackTexts = stackTexts
    }

    /// The pictures of `review`, each file named as `rename` says (a review of another checkout
    /// of the same tree names its files as this checkout's review does).
    public init(review: ProjectReview, renamingFiles rename: (String) -> String = { $0 }) {
        var pictures: [String: [String: Data]] = [:]
        var texts: [String: [String: String]] = [:]
        var fields: [String: [String: String]] = [:]
        for card in review.cards {
            let file = rename(card.file)
            pictures[file] = Dictionary(card.pictures.map { ($0.view.key, $0.data) }) { first, _ in first }
            texts[file] = Dictionary(card.pictures.map { ($0.view.key, card.altText(for: $0.view)) }) { first, _ in
                first
            }
            if card.problem == nil { fields[file] = card.fields }
        }
        var stacks: [String: [String: Data]] = [:]
        var stackTexts: [String: [String: String]] = [:]
        for thread in review.threads where !thread.pictures.isEmpty {
            stacks[thread.comparisonKey] = Dictionary(thread.pictures.map { ($0.view.key, $0.data) }) { first, _ in
                first
            }
            stackTexts[thread.comparisonKey] = Dictionary(
                thread.pictures.map { ($0.view.key, thread.altText(for: $0.view)) }
            ) { first, _ in first }
        }
        self.init(pictures: pictures, texts: texts, fields: fields, stacks: stacks, stackTexts: stackTexts)
    }

    /// The pictures of a page `ReviewPage` wrote (its own pictures, not the baseline's it shows),
    /// read from its bytes in place: a mapped page is never copied whole, only each picture is.
    /// - Throws: `ReviewBaselineError.notAReviewPage` when its first 256 bytes lack the mark
    ///   `ReviewPage` writes there; `.cutShort` when it does not end with the `</html>` the page
    ///   ends with (and white space); `.damaged` when a picture's tag cannot be read.
    public init(page: Data) throws(ReviewBaselineError) {
        let read = page.withUnsafeBytes { Self.read(page: $0) }
        switch read {
        case .success(let baseline): self = baseline
        case .failure(let error): throw error
        }
    }

    /// The pictures of the page whose text is `page`; see `init(page:)` for its bytes.
    /// - Throws: `ReviewBaselineError`, as `init(page:)` for bytes does.
    public init(page: String) throws(ReviewBaselineError) {
        try self.init(page: Data(page.utf8))
    }

    /// The pictures, their texts and the payloads' fields of the page whose bytes are `page`.
    private static func read(page: UnsafeRawBufferPointer) -> Result<ReviewBaseline, ReviewBaselineError> {
        guard ReviewPage.isReviewPage(start: Data(page.prefix(256))) else { return .failure(.notAReviewPage) }
        var end = page.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(page[end - 1]) { end -= 1 }
        guard end >= closingTag.count, page[(end - closingTag.count)..<end].elementsEqual(closingTag) else {
            return .failure(.cutShort)
        }
        var pictures: [String: [String: Data]] = [:]
        var texts: [String: [String: String]] = [:]
        var fields: [String: [String: String]] = [:]
        if let error = forEachTag(
            cardTag, named: "card", in: page, to: end,
            { tag in
                if let file = attribute("data-file", in: tag), let json = attribute("data-fields", in: tag),
                    let read = PayloadFields.read(json)
                {
                    fields[file] = read
                }
                return nil
            })
        {
            return .failure(error)
        }
        let error = forEachTag(pictureTag, named: "picture", in: page, to: end) { tag in
            guard let file = attribute("data-file", in: tag), let view = attribute("data-view", in: tag),
                let picture = image(in: tag)
            else { return .damaged("a picture's tag lacks its file, view or image") }
            pictures[file, default: [:]][view] = picture
            if let alt = attribute("alt", in: tag) { texts[file, default: [:]][view] = alt }
            return nil
        }
        if let error { return .failure(error) }
        var stacks: [String: [String: Data]] = [:]
        var stackTexts: [String: [String: String]] = [:]
        // A stack's picture without `data-thread` is from a page that did not name its stacks:
        // those are not compared.
        let stackError = forEachTag(stackTag, named: "stack", in: page, to: end) { tag in
            guard let key = attribute("data-thread", in: tag) else { return nil }
            guard let view = attribute("data-view", in: tag), let picture = image(in: tag) else {
                return .damaged("a stack's picture tag lacks its view or image")
            }
            stacks[key, default: [:]][view] = picture
            if let alt = attribute("alt", in: tag) { stackTexts[key, default: [:]][view] = alt }
            return nil
        }
        if let stackError { return .failure(stackError) }
        return .success(
            ReviewBaseline(pictures: pictures, texts: texts, fields: fields, stacks: stacks, stackTexts: stackTexts))
    }

    /// The image bytes of the `data:` URL in `tag`'s `src`, in a format the page writes.
    private static func image(in tag: UnsafeRawBufferPointer) -> Data? {
        guard let source = attributeBytes("src", in: tag),
            let prefix = sourcePrefixes.first(where: { source.starts(with: $0) })
        else { return nil }
        return Data(base64Encoded: Data(source.dropFirst(prefix.count)))
    }

    /// Calls `body` with every tag of `page[..<end]` that starts with `opening`, up to its `>`;
    /// the first error `body` gives, or `.damaged` for a tag without an end, stops it.
    private static func forEachTag(
        _ opening: [UInt8], named name: String, in page: UnsafeRawBufferPointer, to end: Int,
        _ body: (UnsafeRawBufferPointer) -> ReviewBaselineError?
    ) -> ReviewBaselineError? {
        var offset = 0
        while let start = find(opening, in: page, from: offset, to: end) {
            guard let close = find(Array(">".utf8), in: page, from: start, to: end) else {
                return .damaged("a \(name)'s tag has no end")
            }
            offset = close
            if let error = body(UnsafeRawBufferPointer(rebasing: page[start..<close])) { return error }
        }
        return nil
    }

    /// What every page ends with.
    private static let closingTag = Array("</html>".utf8)
    /// How the tag of one of the page's own pictures starts.
    private static let pictureTag = Array("<img class=\"picture\"".utf8)
    /// How the tag of a stack's picture starts.
    private static let stackTag = Array("<img class=\"stack\"".utf8)
    /// How the tag of a card starts.
    private static let cardTag = Array("<article class=\"card".utf8)
    /// How a picture's `src` starts, for the formats `ReviewPage` writes.
    private static let sourcePrefixes = [Array("data:image/webp;base64,".utf8), Array("data:image/png;base64,".utf8)]

    /// Where `needle` first starts in `bytes[from..<to]`.
    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        var at = from
        while to - at >= needle.count {
            guard let found = memchr(base + at, Int32(first), to - at - needle.count + 1) else { return nil }
            at = UnsafeRawPointer(found) - base
            if needle.withUnsafeBytes({ memcmp(base + at, $0.baseAddress!, needle.count) }) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// The bytes of `name="…"`'s value in `tag`, as written.
    private static func attributeBytes(_ name: String, in tag: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let start = find(Array(" \(name)=\"".utf8), in: tag, from: 0, to: tag.count) else { return nil }
        let valueStart = start + name.utf8.count + 3
        guard let end = find([UInt8(ascii: "\"")], in: tag, from: valueStart, to: tag.count) else { return nil }
        return UnsafeRawBufferPointer(rebasing: tag[valueStart..<end])
    }

    /// The unescaped value of `name="…"` in `tag`; nil when it is missing or not UTF-8.
    private static func attribute(_ name: String, in tag: UnsafeRawBufferPointer) -> String? {
        guard let bytes = attributeBytes(name, in: tag), let text = String(validating: bytes, as: UTF8.self) else {
            return nil
        }
        return HTMLText.unescaped(text)
    }
}

/// Why a baseline page cannot be read.
public enum ReviewBaselineError: Error, Sendable, Equatable, CustomStringConvertible, CaseNamingError {
    /// The file is not a page `richpreview review` wrote.
    case notAReviewPage
    /// The page ends before the `</html>` every page ends with: it was cut short.
    case cutShort
    /// The page is edited or broken: this part cannot be read.
    case damaged(String)

    /// One line for users.
    public var description: String {
        switch self {
        case .notAReviewPage: "the baseline is not a page richpreview review wrote"
        case .cutShort: "the baseline page is damaged: it ends before its closing </html> (cut short)"
        case .damaged(let reason): "the baseline page is damaged: \(reason)"
        }
    }

    /// The name of `notAReviewPage` and `cutShort`, which carry no values.
    public var nameOfCaseWithoutValues: String? {
        switch self {
        case .notAReviewPage: "notAReviewPage"
        case .cutShort: "cutShort"
        case .damaged: nil
        }
    }
}

/// What differs in one view of a card: the old picture and the region of the new one that changed.
public struct ReviewDifference: Sendable {
    /// The view.
    public var view: ReviewView
    /// The baseline's picture, PNG; nil when the baseline has no such view.
    public var baseline: Data?
    /// The baseline picture's `alt` text: what it showed, in words; nil when unknown.
    public var baselineText: String?
    /// The baseline picture's size in pixels, from its header; nil when it cannot be read.
    public var baselineSize: PixelSize?
    /// The smallest rectangle holding every changed pixel, in fractions of the new picture; the
    /// whole picture when the sizes differ or a side is missing.
    public var region: UnitRect
}

/// What changed between a baseline and a review.
public struct ReviewChanges: Sendable {
    /// Payload files in the review and not the baseline.
    public var added: [String]
    /// Payload files in the baseline and not the review.
    public var removed: [String]
    /// The views whose pixels differ, by payload file.
    public var changed: [String: [ReviewDifference]]
    /// The payload fields that differ from the baseline's, by changed payload file (none for a
    /// file the baseline kept no fields of).
    public var fields: [String: [ReviewFieldChange]] = [:]
    /// The views of stacks whose pixels differ, by `ReviewThread.comparisonKey`: a stack the
    /// baseline did not draw has every view changed against none. Empty when the baseline has no
    /// stacks (a page written before pages named them).
    public var stacks: [String: [ReviewDifference]] = [:]

    /// Whether anything changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && stacks.isEmpty }

    /// The changes from `baseline` to `review`, comparing decoded pixels (two encodings of the
    /// same pixels are the same).
    public init(from baseline: ReviewBaseline, to review: ProjectReview) {
        let files = Set(review.cards.map(\.file))
        added = review.cards.map(\.file).filter { baseline.pictures[$0] == nil }
        removed = baseline.pictures.keys.filter { !files.contains($0) }.sorted()
        var changed: [String: [ReviewDifference]] = [:]
        for card in review.cards {
            guard let old = baseline.pictures[card.file] else { continue }
            var differences = Self.differences(card.pictures, from: old, texts: baseline.texts[card.file])
            // Views the baseline drew that the review no longer draws (all of them when the payload
            // is no longer valid) change the card as a whole, against the first such old picture.
            let drawn = Set(card.pictures.map(\.view.key))
            if differences.isEmpty, let lost = old.keys.sorted().first(where: { !drawn.contains($0) }) {
                differences.append(
                    ReviewDifference(
                        view: card.pictures.first?.view ?? ReviewView.standard[0], baseline: old[lost],
                        baselineText: baseline.texts[card.file]?[lost],
                        baselineSize: old[lost].flatMap { try? ImageHeader.read($0).shownSize },
                        region: UnitRect(x: 0, y: 0, width: 1, height: 1)))
            }
            guard !differences.isEmpty else { continue }
            changed[card.file] = differences
            if let before = baseline.fields[card.file] {
                let changes = ReviewFieldChange.changes(from: before, to: card.fields)
                if !changes.isEmpty { fields[card.file] = changes }
            }
        }
        self.changed = changed
        guard !baseline.stacks.isEmpty else { return }
        for thread in review.threads {
            let key = thread.comparisonKey
            let differences = Self.differences(
                thread.pictures, from: baseline.stacks[key] ?? [:], texts: baseline.stackTexts[key])
            if !differences.isEmpty { stacks[key] = differences }
        }
    }

    /// The views of `pictures` whose pixels differ from those `old` holds by view key.
    private static func differences(
        _ pictures: [ReviewPicture], from old: [String: Data], texts: [String: String]?
    ) -> [ReviewDifference] {
        pictures.compactMap { picture in
            let before = old[picture.view.key]
            return changedRegion(from: before, to: picture.data).map { region in
                ReviewDifference(
                    view: picture.view, baseline: before, baselineText: texts?[picture.view.key],
                    baselineSize: before.flatMap { try? ImageHeader.read($0).shownSize }, region: region)
            }
        }
    }

    /// The region of `new` whose pixels differ from `old`'s; nil when none do.
    static func changedRegion(from old: Data?, to new: Data) -> UnitRect? {
        let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
        guard let old else { return whole }
        if old == new { return nil }
        // The baseline page is untrusted: its picture is decoded only when its header gives the
        // new picture's size, so a hostile page costs no more memory than the review itself.
        guard let after = try? ImageDecoder.decode(new, convertingToSRGB: false),
            let header = try? ImageHeader.read(old), header.shownSize == after.size,
            let before = try? ImageDecoder.decode(old, convertingToSRGB: false), before.size == after.size
        else { return whole }
        let width = after.size.width
        var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
        before.pixels.withUnsafeBytes { old in
            after.pixels.withUnsafeBytes { new in
                let a = old.bindMemory(to: UInt32.self)
                let b = new.bindMemory(to: UInt32.self)
                for y in 0..<after.size.height {
                    let row = y * width
                    for x in 0..<width where a[row + x] != b[row + x] {
                        left = min(left, x)
                        right = max(right, x)
                        top = min(top, y)
                        bottom = max(bottom, y)
                    }
                }
            }
        }
        guard right >= 0 else { return nil }
        let w = Double(width)
        let h = Double(after.size.height)
        return UnitRect(
            x: Double(left) / w, y: Double(top) / h, width: Double(right - left + 1) / w,
            height: Double(bottom - top + 1) / h)
    }
}
