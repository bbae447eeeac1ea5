import CRichPreviewJPEG
import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// A decode at 1/4 of a progressive JPEG reads, for the components whose IDCT is 2x2, only the
/// first AC scans of the low-frequency corner: its pixels must be libjpeg's of the stream without
/// the other scans (block smoothing off), close to those of reading every scan, and its errors
/// those of the whole file.
struct ProgressiveQuarterScaleTests {
    typealias Reference = ProgressiveScanSkippingTests

    /// Each progressive fixture with the scans a 1/4 decode leaves out: luma's 6-63 first scan and
    /// two refinements where chroma is 4:2:0 (a 4x4 IDCT, read whole), chroma's refinements too
    /// where it is 4:4:4 or 4:2:2 (2x2), none where luma's first AC scan has Al = 3.
    static let fixtures: [(String, Int)] = [
        ("progressive.jpg", 3), ("progressive-444.jpg", 5), ("progressive-422.jpg", 5), ("progressive-gray.jpg", 3),
        ("progressive-arithmetic.jpg", 3), ("progressive-restart.jpg", 3), ("progressive-scans.jpg", 3),
        ("progressive-ycck.jpg", 6), ("progressive-coarse-luma.jpg", 0),
    ]

    @Test(arguments: fixtures)
    func theDecoderLeavesOutWhatTheReferenceFilterDoes(name: String, droppedScans: Int) throws {
        let data = try Reference.fixture(name)
        let reference = try #require(QuarterScaleStream(data), "\(name)")
        #expect(reference.dropped == droppedScans, "\(name)")
        let skipping = ShimJPEGDecode(data, scaleDenominator: 4, skipping: true)
        let filtered = ShimJPEGDecode(reference.data, scaleDenominator: 4, skipping: false, smoothing: false)
        #expect(skipping.status == CRP_JPEG_OK, "\(name): \(skipping.message)")
        #expect(skipping.skippedScans == droppedScans, "\(name)")
        #expect(skipping.width == 16 && skipping.height == 11, "\(name)")
        #expect(skipping.pixels == filtered.pixels, "\(name)")
        if droppedScans == 0 {
            #expect(skipping.pixels == ShimJPEGDecode(data, scaleDenominator: 4, skipping: false).pixels)
        }
    }

    /// What the coarse read gives up, on the 16x11 output of a 64x43 picture with no further
    /// reduction to hide it: the pixels stay within a few levels of reading every scan.
    @Test(arguments: fixtures.map(\.0).filter { $0 != "progressive-coarse-luma.jpg" })
    func theCoarseReadStaysCloseToReadingEveryScan(name: String) throws {
        let data = try Reference.fixture(name)
        let skipping = ShimJPEGDecode(data, scaleDenominator: 4, skipping: true)
        let whole = ShimJPEGDecode(data, scaleDenominator: 4, skipping: false)
        #expect(skipping.pixels != whole.pixels, "\(name)")
        let psnr = Self.psnr(skipping.pixels, whole.pixels)
        #expect(psnr >= 38, "\(name): \(psnr) dB")
    }

    /// The public scaler picks 1/4 for a 64x43 picture into an 8x8 box (a reduction of 8), and the
    /// progressive file's thumbnail stays close to the baseline file's.
    @Test func scalingAtAQuarterStaysCloseToTheBaselineFile() throws {
        let request = ScaleRequest(box: PixelSize(width: 8, height: 8))
        let scaled = try ImageScaler.scale(Reference.fixture("progressive.jpg"), to: request)
        let baseline = try ImageScaler.scale(Reference.fixture("baseline.jpg"), to: request)
        #expect(scaled.report.jpegScaleDenominator == 4)
        #expect(scaled.image.size == baseline.image.size)
        let psnr = Self.psnr(Array(scaled.image.pixels), Array(baseline.image.pixels))
        #expect(psnr >= 40, "\(psnr) dB")
    }

    /// A first scan sent again over coefficients already refined is one libjpeg accepts in the
    /// whole stream; without the refinement before it, it would follow a coarse coefficient and
    /// libjpeg would refuse the stream, so the 1/4 decode reads it whole. At 1/8, with no AC scan
    /// of luma kept, the same file still skips them.
    @Test func aFirstScanSentAgainAfterItsRefinementIsReadWhole() throws {
        let data = try Reference.fixture("progressive-resent.jpg")
        let skipping = ShimJPEGDecode(data, scaleDenominator: 4, skipping: true)
        let whole = ShimJPEGDecode(data, scaleDenominator: 4, skipping: false)
        #expect(skipping.status == CRP_JPEG_OK, "\(skipping.message)")
        #expect(skipping.skippedScans == 0)
        #expect(skipping.pixels == whole.pixels)
        let baseline = ShimJPEGDecode(try Reference.fixture("baseline.jpg"), scaleDenominator: 4, skipping: false)
        #expect(whole.pixels == baseline.pixels)
        let eighth = ShimJPEGDecode(data, scaleDenominator: 8, skipping: true)
        #expect(eighth.status == CRP_JPEG_OK && eighth.skippedScans == 4)
        #expect(eighth.pixels == ShimJPEGDecode(data, scaleDenominator: 8, skipping: false).pixels)
    }

    /// Every cut of the file fails exactly as it did at 1/4: the walk reads no stream without EOI.
    @Test(arguments: ["progressive.jpg", "progressive-444.jpg"])
    func everyCutFailsAsItDidReadingEveryScan(name: String) throws {
        let data = try Reference.fixture(name)
        for length in 2..<data.count {
            let cut = data.prefix(length)
            let skipping = ShimJPEGDecode(cut, scaleDenominator: 4, skipping: true)
            let whole = ShimJPEGDecode(cut, scaleDenominator: 4, skipping: false)
            #expect(whole.status != CRP_JPEG_OK)
            #expect(skipping.status == whole.status && skipping.message == whole.message, "\(name) cut to \(length)")
        }
    }

    /// Every progressive JPEG of the corpus, and every other 8-bit one transcoded with
    /// `jpegtran -progressive`, decodes at 1/4 as libjpeg decodes the reference stream.
    @Test(
        arguments: ["jpeg-libjpeg-turbo", "exif-orientation", "real-world"].flatMap { folder in
            TestPaths.corpusFiles(folder, extension: "jpg").map { "\(folder)/\($0)" }
        })
    func corpusFilesDecodeAsTheFilteredStream(path: String) throws {
        let corpus = try #require(TestPaths.corpus)
        let original = corpus.appendingPathComponent(path)
        var data = try Data(contentsOf: original)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        if QuarterScaleStream(data) == nil {
            let url = folder.appendingPathComponent("progressive.jpg")
            guard Reference.installed("jpegtran"),
                Reference.run("jpegtran", ["-progressive", "-copy", "all", "-outfile", url.path, original.path])
            else { return }
            data = try Data(contentsOf: url)
        }
        let reference = try #require(QuarterScaleStream(data), "\(path)")
        let decode = ShimJPEGDecode(data, scaleDenominator: 4, skipping: true)
        #expect(decode.status == CRP_JPEG_OK, "\(path): \(decode.message)")
        #expect(decode.skippedScans == reference.dropped, "\(path)")
        let filtered = ShimJPEGDecode(reference.data, scaleDenominator: 4, skipping: false, smoothing: false)
        #expect(decode.pixels == filtered.pixels, "\(path)")
    }

    // MARK: Helpers

    /// PSNR in dB of two equally long RGBA buffers over their colour channels; infinity when equal.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        var squares = 0.0
        var samples = 0
        for index in a.indices where index % 4 != 3 {
            let difference = Double(a[index]) - Double(b[index])
            squares += difference * difference
            samples += 1
        }
        return squares == 0 ? .infinity : 10 * log10(255 * 255 / (squares / Double(samples)))
    }
}
