import CRichPreviewJPEG
import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// A decode at 1/8 of a progressive JPEG skips the AC scans of the components it turns into one
/// pixel per block: the pixels, and the errors on damaged files, must be those of reading every scan.
struct ProgressiveScanSkippingTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("jpeg/\(name)"))
    }

    /// Each progressive fixture with the AC scans a 1/8 decode skips: the luma ones where chroma
    /// is 4:2:0 (its 2x2 IDCT reads AC coefficients), all of them where every component is at 1x1.
    static let progressiveFixtures: [(String, Int)] = [
        ("progressive.jpg", 4), ("progressive-444.jpg", 8), ("progressive-422.jpg", 8), ("progressive-gray.jpg", 4),
        ("progressive-arithmetic.jpg", 4), ("progressive-restart.jpg", 4), ("progressive-scans.jpg", 4),
        ("progressive-ycck.jpg", 8),
    ]

    @Test(arguments: progressiveFixtures)
    func skippingLeavesTheEighthScalePixelsAsTheyAre(name: String, skippedScans: Int) throws {
        let data = try Self.fixture(name)
        for fast in [false, true] {
            let skipping = ShimJPEGDecode(data, skipping: true, fast: fast)
            let whole = ShimJPEGDecode(data, skipping: false, fast: fast)
            #expect(skipping.status == CRP_JPEG_OK && whole.status == CRP_JPEG_OK, "\(name): \(skipping.message)")
            #expect(skipping.skippedScans == skippedScans, "\(name)")
            #expect(whole.skippedScans == 0)
            #expect(skipping.width == 8 && skipping.height == 6, "\(name)")
            #expect(skipping.pixels == whole.pixels, "\(name), fast: \(fast)")
        }
    }

    /// djpeg reads every scan, with block smoothing on (a no-op on a complete progression).
    @Test(arguments: progressiveFixtures.map(\.0).filter { $0 != "progressive-ycck.jpg" })
    func eighthScaleMatchesDjpeg(name: String) throws {
        let url = TestPaths.fixture("jpeg/\(name)")
        guard let reference = try Self.djpegEighth(url) else { return }
        let decode = ShimJPEGDecode(try Data(contentsOf: url), skipping: true)
        #expect(decode.skippedScans > 0)
        #expect(decode.width == reference.size.width && decode.height == reference.size.height)
        #expect(decode.pixels == reference.pixels, "\(name)")
    }

    /// Lossless transcodes hold the coefficients of their baseline sources, so the public scaler,
    /// decoding them at 1/8, must give the same picture.
    @Test(arguments: [
        ("progressive.jpg", "baseline.jpg"), ("progressive-gray.jpg", "gray.jpg"),
        ("progressive-arithmetic.jpg", "baseline.jpg"), ("progressive-restart.jpg", "baseline.jpg"),
        ("progressive-scans.jpg", "baseline.jpg"), ("progressive-ycck.jpg", "ycck.jpg"),
    ])
    func scalingAtAnEighthMatchesTheBaselineFile(progressive: String, baseline: String) throws {
        let request = ScaleRequest(box: PixelSize(width: 4, height: 4))
        let scaled = try ImageScaler.scale(Self.fixture(progressive), to: request)
        let reference = try ImageScaler.scale(Self.fixture(baseline), to: request)
        #expect(scaled.report.jpegScaleDenominator == 8)
        #expect(scaled.image == reference.image, "\(progressive)")
    }

    @Test func otherScalesBaselineFilesAndValidationReadEveryScan() throws {
        let progressive = try Self.fixture("progressive.jpg")
        for denominator: UInt32 in [1, 2] {
            let decode = ShimJPEGDecode(progressive, scaleDenominator: denominator, skipping: true)
            #expect(decode.status == CRP_JPEG_OK)
            #expect(decode.skippedScans == 0, "1/\(denominator)")
        }
        #expect(ShimJPEGDecode(try Self.fixture("baseline.jpg"), skipping: true).skippedScans == 0)
        #expect(try ImageValidator.validate(progressive).size == PixelSize(width: 64, height: 43))
    }

    /// libjpeg smooths blocks whose coefficients are not all refined; without AC scans and with
    /// smoothing off, the chroma of this file would come out different, so it is read whole.
    @Test func anIncompleteProgressionIsReadWhole() throws {
        let data = try Self.fixture("progressive-incomplete.jpg")
        let skipping = ShimJPEGDecode(data, skipping: true)
        let whole = ShimJPEGDecode(data, skipping: false)
        #expect(skipping.status == CRP_JPEG_OK)
        #expect(skipping.skippedScans == 0)
        #expect(skipping.pixels == whole.pixels)
    }

    /// Every progressive JPEG of the corpus, and every other 8-bit one transcoded with
    /// `jpegtran -progressive` (into a temporary folder), decodes at 1/8 as it does reading every
    /// scan and as djpeg decodes it.
    @Test(
        arguments: ["jpeg-libjpeg-turbo", "exif-orientation", "real-world"].flatMap { folder in
            TestPaths.corpusFiles(folder, extension: "jpg").map { "\(folder)/\($0)" }
        })
    func corpusFilesDecodeAlikeWithAndWithoutSkipping(path: String) throws {
        let corpus = try #require(TestPaths.corpus)
        let original = corpus.appendingPathComponent(path)
        var url = original
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let isProgressive = JPEGSegment.read(try Data(contentsOf: original)).contains {
            [0xC2, 0xCA].contains($0.marker)
        }
        if !isProgressive {
            url = folder.appendingPathComponent("progressive.jpg")
            guard Self.installed("jpegtran") else { return }
            guard Self.run("jpegtran", ["-progressive", "-copy", "all", "-outfile", url.path, original.path]) else {
                // jpegtran, like the decoder, reads 8-bit files only.
                #expect(ShimJPEGDecode(try Data(contentsOf: original), skipping: false).status == CRP_JPEG_UNSUPPORTED)
                return
            }
        }
        let data = try Data(contentsOf: url)
        let skipping = ShimJPEGDecode(data, skipping: true)
        let whole = ShimJPEGDecode(data, skipping: false)
        #expect(whole.status == CRP_JPEG_OK, "\(path): \(whole.message)")
        #expect(skipping.skippedScans > 0, "\(path)")
        #expect(skipping.pixels == whole.pixels, "\(path)")
        if let reference = try Self.djpegEighth(url) { #expect(skipping.pixels == reference.pixels, "\(path)") }
    }

    // MARK: Damaged streams

    /// Ways to damage `progressive.jpg` that the scan walk cannot vouch for: the decode reads the
    /// file whole, so libjpeg reports what it always has.
    enum Damage: String, CaseIterable {
        case cutInTheFirstDCScan, cutInASkippedACScan, cutInAKeptACScan, cutInAScanHeader, cutInATableSegment
        case tableLengthPastTheEnd, tableLengthTooShort, noEOI
        case acScanWithTwoComponents, acScanPastCoefficient63, pointTransformOver13, unknownComponent

        func apply(to data: Data) throws -> Data {
            let segments = JPEGSegment.read(data)
            let scans = segments.filter { $0.marker == 0xDA }
            let first = try #require(scans.first)
            // The first luma AC scan (skipped at 1/8), the first chroma one (kept) and the Huffman
            // table segment before the luma one.
            let skipped = try #require(scans.first { $0.spectralStart > 0 && $0.scanComponents == [1] })
            let kept = try #require(scans.first { $0.spectralStart > 0 && $0.scanComponents == [2] })
            let table = try #require(segments.last { $0.marker == 0xC4 && $0.end == skipped.offset })
            var damaged = data
            switch self {
            case .cutInTheFirstDCScan: return data.prefix((first.parametersEnd + first.end) / 2)
            case .cutInASkippedACScan: return data.prefix((skipped.parametersEnd + skipped.end) / 2)
            case .cutInAKeptACScan: return data.prefix((kept.parametersEnd + kept.end) / 2)
            case .cutInAScanHeader: return data.prefix(skipped.offset + 6)
            case .cutInATableSegment: return data.prefix(table.offset + 10)
            case .tableLengthPastTheEnd:
                damaged.replaceSubrange((table.offset + 2)..<(table.offset + 4), with: [0xFF, 0xFF])
            case .tableLengthTooShort:
                damaged.replaceSubrange((table.offset + 2)..<(table.offset + 4), with: [0x00, 0x01])
            case .noEOI: return data.dropLast(2)
            // SOS: FF DA, Ls (2 bytes), Ns, Cs, Td/Ta, Ss, Se, Ah/Al.
            case .acScanWithTwoComponents: damaged[skipped.offset + 4] = 2
            case .acScanPastCoefficient63: damaged[skipped.offset + 8] = 64
            case .pointTransformOver13: damaged[skipped.offset + 9] = 0x0E
            case .unknownComponent: damaged[skipped.offset + 5] = 9
            }
            return damaged
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedStreamsFailAsTheyDidReadingEveryScan(damage: Damage) throws {
        let data = try damage.apply(to: Self.fixture("progressive.jpg"))
        let skipping = ShimJPEGDecode(data, skipping: true)
        let whole = ShimJPEGDecode(data, skipping: false)
        #expect(whole.status != CRP_JPEG_OK, "\(damage)")
        #expect(skipping.status == whole.status, "\(damage)")
        #expect(skipping.message == whole.message, "\(damage)")
        #expect(skipping.skippedScans == 0, "\(damage)")
        // Through the public scaler, which decodes this 64x43 file at 1/8 for a 4x4 box.
        #expect(throws: ImageDecodingError.corrupt(format: .jpeg, reason: whole.message)) {
            try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 4, height: 4)))
        }
    }

    /// Every cut of the file fails exactly as it did: the walk reads no stream without EOI.
    @Test(arguments: ["progressive.jpg", "progressive-arithmetic.jpg", "progressive-restart.jpg"])
    func everyCutFailsAsItDidReadingEveryScan(name: String) throws {
        let data = try Self.fixture(name)
        for length in 2..<data.count {
            let cut = data.prefix(length)
            let skipping = ShimJPEGDecode(cut, skipping: true)
            let whole = ShimJPEGDecode(cut, skipping: false)
            #expect(whole.status != CRP_JPEG_OK)
            #expect(skipping.status == whole.status && skipping.message == whole.message, "\(name) cut to \(length)")
        }
    }

    /// libjpeg skips stray bytes between segments with a warning the decoder tolerates; the walk
    /// does not vouch for them, so the file is read whole and decodes as before.
    @Test func strayBytesBetweenSegmentsAreReadWhole() throws {
        let data = try Self.fixture("progressive.jpg")
        let skipped = try #require(
            JPEGSegment.read(data).first { $0.marker == 0xDA && $0.spectralStart > 0 && $0.scanComponents == [1] })
        var damaged = data
        damaged.insert(contentsOf: [0x12, 0x34], at: skipped.offset)
        let skipping = ShimJPEGDecode(damaged, skipping: true)
        #expect(skipping.status == CRP_JPEG_OK)
        #expect(skipping.skippedScans == 0)
        #expect(skipping.pixels == ShimJPEGDecode(data, skipping: true).pixels)
    }

    /// Past 1000 scans the decoder gives up; the walk counts the scans it would drop too, so a
    /// stream that reaches the limit only with its AC scans fails the same way.
    @Test func theScanLimitCountsSkippedScans() throws {
        let data = try Self.fixture("progressive.jpg")
        let scans = JPEGSegment.read(data).filter { $0.marker == 0xDA }
        let first = try #require(scans.first)
        let dcRefinement = try #require(scans.last { $0.spectralStart == 0 })
        var stream = Data(data[..<first.end])
        // One AC Huffman table (class 1, number 0): code 0 for 0x50 (an EOB run of 32 + 5 bits),
        // code 10 for 0x30 (8 + 3 bits).
        stream += [0xFF, 0xC4, 0x00, 0x15, 0x10, 1, 1] + [UInt8](repeating: 0, count: 14) + [0x50, 0x30]
        // Every coefficient of a component in one scan per point transform, each coded as one EOB
        // run over all its blocks: luma's 48 (0, then 16 in 5 bits: 0x43 with padding), Cb's 12
        // (10, then 4 in 3 bits: 0xA7). Luma goes from Al = 13 down (882 scans, all skipped at 1/8),
        // Cb in two steps and Cr in one (189 scans, kept).
        func scan(_ component: UInt8, coefficient: UInt8, high: UInt8, low: UInt8, data: UInt8) -> [UInt8] {
            [0xFF, 0xDA, 0x00, 0x08, 0x01, component, 0x00, coefficient, coefficient, high << 4 | low, data]
        }
        for coefficient: UInt8 in 1...63 {
            stream += scan(1, coefficient: coefficient, high: 0, low: 13, data: 0x43)
            for low: UInt8 in stride(from: 12, through: 0, by: -1) {
                stream += scan(1, coefficient: coefficient, high: low + 1, low: low, data: 0x43)
            }
            stream += scan(2, coefficient: coefficient, high: 0, low: 1, data: 0xA7)
            stream += scan(2, coefficient: coefficient, high: 1, low: 0, data: 0xA7)
            stream += scan(3, coefficient: coefficient, high: 0, low: 0, data: 0xA7)
        }
        stream += data[dcRefinement.offset..<dcRefinement.end]
        stream += [0xFF, 0xD9]
        let skipping = ShimJPEGDecode(stream, skipping: true)
        let whole = ShimJPEGDecode(stream, skipping: false)
        #expect(whole.message == "more than 1000 progressive scans")
        #expect(skipping.status == whole.status && skipping.message == whole.message)
    }

    /// What skipping gives up: damage inside a skipped scan (here its header announces a
    /// refinement of coefficients never sent, which libjpeg rejects when it reads that scan)
    /// goes unseen at 1/8. Validation reads every scan and still rejects the file.
    @Test func damageInASkippedScanIsSeenByValidationOnly() throws {
        let data = try Self.fixture("progressive.jpg")
        let skipped = try #require(
            JPEGSegment.read(data).first { $0.marker == 0xDA && $0.spectralStart > 0 && $0.scanComponents == [1] })
        var damaged = data
        damaged[skipped.offset + 9] = 0x32  // Ah 3, Al 2: a refinement where a first scan belongs
        let whole = ShimJPEGDecode(damaged, skipping: false)
        #expect(whole.status == CRP_JPEG_ERROR)
        #expect(whole.message.contains("progression"), "\(whole.message)")
        let skipping = ShimJPEGDecode(damaged, skipping: true)
        #expect(skipping.status == CRP_JPEG_OK)
        #expect(skipping.pixels == ShimJPEGDecode(data, skipping: true).pixels)
        #expect(throws: ImageDecodingError.corrupt(format: .jpeg, reason: whole.message)) {
            try ImageValidator.validate(damaged)
        }
        let request = ScaleRequest(box: PixelSize(width: 4, height: 4))
        #expect(try ImageScaler.scale(damaged, to: request).image == ImageScaler.scale(data, to: request).image)
        // The one-decode call reads every scan, since its decode stands for the validation too.
        #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(damaged, to: [request]) }
        #expect(
            try ImageScaler.scale(data, to: [request]).images[0].size == ImageScaler.scale(data, to: request).image.size
        )
    }

    // MARK: Reference tools

    static func installed(_ tool: String) -> Bool {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)") { return true }
        FileHandle.standardError.write(Data("note: /usr/bin/\(tool) not found; skipping its comparison.\n".utf8))
        return false
    }

    /// Runs `/usr/bin/<tool>`; false when it fails.
    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// libjpeg-turbo's own `djpeg -scale 1/8 -rgb` of the file (RGB, alpha 255); nil without djpeg.
    static func djpegEighth(_ url: URL) throws -> RGBAImage? {
        guard installed("djpeg") else { return nil }
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("eighth.ppm")
        try #require(run("djpeg", ["-scale", "1/8", "-rgb", "-outfile", output.path, url.path]))
        return try PPM.read(output)
    }
}
