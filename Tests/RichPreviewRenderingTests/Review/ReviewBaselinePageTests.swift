import Foundation
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `ReviewBaseline(page:)` reads the pictures of a page `review` wrote from its bytes, with their
/// texts and the payloads' fields, and refuses a page cut anywhere, a page it did not write and a
/// picture tag it cannot read.
struct ReviewBaselinePageTests {
    static func fixture() throws -> Data { try Data(contentsOf: TestPaths.fixture("review/two-cards.html")) }

    @Test func aWholePageGivesEveryPictureAsItsTextDoes() throws {
        let page = try Self.fixture()
        let baseline = try ReviewBaseline(page: page)
        #expect(baseline.pictures.keys.sorted() == ["payloads/a.json", "payloads/b.json"])
        #expect(baseline.pictures.values.allSatisfy { $0.count == 4 && $0.values.allSatisfy { !$0.isEmpty } })
        #expect(try ReviewBaseline(page: String(decoding: page, as: UTF8.self)).pictures == baseline.pictures)
    }

    @Test func aPageGivesBackEachPicturesTextAndEachPayloadsFields() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            #"{"aps": {"alert": {"title": "Ready <now>", "body": "7:42 & \"on time\""}, "badge": 3}, "ids": [1, 2]}"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("order.json"))
        let review = try ProjectReviewer(fonts: try SharedFonts.fonts(), parallelism: 1).review([folder.path])
        let card = try #require(review.cards.first)
        #expect(
            card.fields == [
                "aps.alert.title": "Ready <now>", "aps.alert.body": "7:42 & \"on time\"", "aps.badge": "3",
                "ids[0]": "1", "ids[1]": "2",
            ])
        let baseline = try ReviewBaseline(page: ReviewPage(review: review).html)
        #expect(baseline.fields == [card.file: card.fields])
        #expect(
            baseline.texts[card.file]
                == Dictionary(uniqueKeysWithValues: card.pictures.map { ($0.view.key, card.altText(for: $0.view)) }))
        // A page written before pages kept fields gives its pictures' texts and no fields.
        let older = try ReviewBaseline(page: try Self.fixture())
        #expect(older.fields.isEmpty)
        #expect(
            older.texts.values.allSatisfy { $0.count == 4 && $0.values.allSatisfy { $0.hasPrefix("Notification, ") } })
    }

    @Test func aPageCutAnywhereIsRefused() throws {
        let page = try Self.fixture()
        #expect(page.last == UInt8(ascii: "\n"))
        let marked = try #require(page.range(of: Data("<!-- richpreview review page 1 -->".utf8))).upperBound
        // Its last byte is the line ending after </html>, which may go.
        let cuts = Array(stride(from: 0, to: page.count, by: 997)) + Array((page.count - 12)..<(page.count - 1))
        for cut in cuts {
            let expected: ReviewBaselineError = cut < marked ? .notAReviewPage : .cutShort
            #expect(throws: expected, "cut at \(cut)") { try ReviewBaseline(page: page.prefix(cut)) }
        }
        #expect(throws: ReviewBaselineError.notAReviewPage) { try ReviewBaseline(page: Data()) }
    }

    @Test func aPictureTagThatCannotBeReadIsDamage() throws {
        let page = try Self.fixture()
        let file = Data("data-file=\"payloads/a.json\"".utf8)
        let notUTF8 = page.replacing(file, with: Data("data-file=\"payloads/".utf8) + [0xFF] + Data(".json\"".utf8))
        #expect(throws: ReviewBaselineError.damaged("a picture's tag lacks its file, view or image")) {
            try ReviewBaseline(page: notUTF8)
        }
        let noImage = page.replacing(Data("src=\"data:image/".utf8), with: Data("src=\"data:text/".utf8))
        #expect(throws: ReviewBaselineError.damaged("a picture's tag lacks its file, view or image")) {
            try ReviewBaseline(page: noImage)
        }
        #expect(ReviewBaselineError.cutShort.description.hasPrefix("the baseline page is damaged: it ends before"))
        #expect(String(reflecting: ReviewBaselineError.cutShort) == "ReviewBaselineError.cutShort")
    }
}
