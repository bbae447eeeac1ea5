import Foundation
import RichPreview
import RichPreviewImaging

/// The pictures of an earlier review, by payload file and view: what `review --baseline` compares
/// the new pictures with.
public struct ReviewBaseline: Sendable {
    /// PNG bytes by payload file, then by `ReviewView.key`.
    public var pictures: [String: [String: Data]]

    /// A baseline from its pictures.
    public init(pictures: [String: [String: Data]]) {
        self.pictures = pictures
    }

    /// The pictures of `review`, each file named as `rename` says (a review of another checkout
    /// of the same tree names its files as this checkout's review does).
    public init(review: ProjectReview, renamingFiles rename: (String) -> String = { $0 }) {
        var pictures: [String: [String: Data]] = [:]
        for card in review.cards {
            pictures[rename(card.file)] = Dictionary(card.pictures.map { ($0.view.key, $0.data) }) { first, _ in first }
        }
        self.pictures = pictures
    }

    /// The pictures of a page `ReviewPage` wrote (its own pictures, not the baseline's it shows).
    /// - Throws: `ReviewBaselineError` when the page is not one `review` wrote.
    public init(page: String) throws(ReviewBaselineError) {
        guard page.contains(ReviewPage.generatorMark) else { throw .notAReviewPage }
        var pictures: [String: [String: Data]] = [:]
        var rest = page[...]
        while let start = rest.range(of: "<img class=\"picture\"") {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[start.lowerBound..<end]
            rest = rest[end...]
            guard let file = Self.attribute("data-file", in: tag), let view = Self.attribute("data-view", in: tag),
                let source = Self.attribute("src", in: tag),
                let prefix = ["data:image/webp;base64,", "data:image/png;base64,"].first(where: source.hasPrefix),
                let picture = Data(base64Encoded: String(source.dropFirst(prefix.count)))
            else { throw .damaged("a picture's tag lacks its file, view or image") }
            pictures[file, default: [:]][view] = picture
        }
        self.pictures = pictures
    }

    /// The unescaped value of `name="…"` in `tag`.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        guard let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return HTMLText.unescaped(String(tag[start.upperBound..<end]))
    }
}

/// Why a baseline page cannot be read.
public enum ReviewBaselineError: Error, Sendable, Equatable, CustomStringConvertible, CaseNamingError {
    /// The file is not a page `richpreview review` wrote.
    case notAReviewPage
    /// The page is cut or edited: this part cannot be read.
    case damaged(String)

    /// One line for users.
    public var description: String {
        switch self {
        case .notAReviewPage: "not a page richpreview review wrote"
        case .damaged(let reason): "the page is damaged: \(reason)"
        }
    }
}

/// What differs in one view of a card: the old picture and the region of the new one that changed.
public struct ReviewDifference: Sendable {
    /// The view.
    public var view: ReviewView
    /// The baseline's picture, PNG; nil when the baseline has no such view.
    public var baseline: Data?
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

    /// Whether anything changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// The changes from `baseline` to `review`, comparing decoded pixels (two encodings of the
    /// same pixels are the same).
    public init(from baseline: ReviewBaseline, to review: ProjectReview) {
        let files = Set(review.cards.map(\.file))
        added = review.cards.map(\.file).filter { baseline.pictures[$0] == nil }
        removed = baseline.pictures.keys.filter { !files.contains($0) }.sorted()
        var changed: [String: [ReviewDifference]] = [:]
        for card in review.cards {
            guard let old = baseline.pictures[card.file] else { continue }
            var differences: [ReviewDifference] = []
            for picture in card.pictures {
                if let region = Self.changedRegion(from: old[picture.view.key], to: picture.data) {
                    differences.append(
                        ReviewDifference(view: picture.view, baseline: old[picture.view.key], region: region))
                }
            }
            // Views the baseline drew that the review no longer draws (all of them when the payload
            // is no longer valid) change the card as a whole, against the first such old picture.
            let drawn = Set(card.pictures.map(\.view.key))
            if differences.isEmpty, let lost = old.keys.sorted().first(where: { !drawn.contains($0) }) {
                differences.append(
                    ReviewDifference(
                        view: card.pictures.first?.view ?? ReviewView.standard[0], baseline: old[lost],
                        region: UnitRect(x: 0, y: 0, width: 1, height: 1)))
            }
            if !differences.isEmpty { changed[card.file] = differences }
        }
        self.changed = changed
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
