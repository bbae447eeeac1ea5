import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering

/// libFuzzer's entry point: the bytes of a page given as `review --baseline`.
/// libFuzzer's set-up, before the first input: the harness's fixed parts are made here, so that
/// their memory is not taken for a leak of the input that happened to make them.
@_cdecl("LLVMFuzzerInitialize")
func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    _ = BaselineHarness.emptyLint
    _ = BaselineHarness.pictureBytes
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    BaselineHarness.run(&input)
    return 0
}

/// An untrusted baseline page: read, then compared with a review of the same files, as
/// `review --baseline` does. A page that is not one `review` wrote is refused with a reason; one
/// that reads gives changes whose lists agree with both sides and whose regions lie in the picture.
enum BaselineHarness {
    /// The lint of an empty folder, for the review's required lint result.
    static let emptyLint: LintResult = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("richpreview-fuzz-empty")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return Linter(readsConfigurationFile: false).lint([folder.path])
    }()

    /// A small lossless picture for every view of the review's cards, as bytes: a `Data` held in
    /// a static is out of LeakSanitizer's sight (its reference is stored with tag bits), and would
    /// read as a leak at exit.
    static let pictureBytes: [UInt8] = {
        let image = RGBAImage(size: PixelSize(width: 8, height: 4), pixels: [UInt8](repeating: 200, count: 8 * 4 * 4))
        return [UInt8]((try? WebPEncoder.encode(image, .lossless())) ?? Data())
    }()

    static func run(_ input: inout FuzzInput) {
        let page = input.rest()
        let picture = Data(pictureBytes)
        let baseline: ReviewBaseline
        do {
            baseline = try ReviewBaseline(page: page)
        } catch {
            Invariant.check(!error.description.isEmpty, "a refused page gives no reason")
            return
        }
        // The review keeps every second file of the baseline and adds one of its own.
        let files = baseline.pictures.keys.sorted()
        let kept = files.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let cards = (kept + ["added-by-the-harness.json"]).map { file in
            var card = ReviewCard(file: file, findings: [])
            card.pictures = ReviewView.standard.map {
                ReviewPicture(view: $0, data: picture, size: PixelSize(width: 8, height: 4))
            }
            return card
        }
        let review = ProjectReview(title: "fuzz", cards: cards, lint: emptyLint, projectFindings: [])
        let changes = ReviewChanges(from: baseline, to: review)
        Invariant.check(
            changes.added == ["added-by-the-harness.json"] || files.contains("added-by-the-harness.json"),
            "added: \(changes.added)")
        Invariant.check(Set(changes.removed) == Set(files).subtracting(kept), "removed: \(changes.removed)")
        Invariant.check(Set(changes.changed.keys).isSubset(of: Set(kept)), "changed: \(changes.changed.keys)")
        for difference in changes.changed.values.joined() {
            let region = difference.region
            Invariant.check(
                region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
                    && region.x + region.width <= 1.0001
                    && region.y + region.height <= 1.0001, "a region outside the picture: \(region)")
        }
        // The page drawn from it holds only the review's own pictures and the baseline's.
        var shown = review
        shown.changes = changes
        Invariant.check(ReviewPage(review: shown).html.contains("</html>"), "the page is not whole")
    }
}
