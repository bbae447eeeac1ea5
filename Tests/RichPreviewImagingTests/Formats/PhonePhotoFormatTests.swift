import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// HEIC, AVIF and WebP files made by independent encoders (`Tests/Fixtures/phone-photos/`) decode
/// to their reference decodes (heif-convert, libheif's 8-bit decode, dwebp), upright, alpha kept;
/// damaged files and decompression bombs are refused before anything large is allocated.
struct PhonePhotoFormatTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("phone-photos/\(name)"))
    }

    /// The largest difference of any sample, colour ignored where both are fully transparent.
    static func maximumDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var largest = 0
        for index in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            let alpha = abs(Int(a.pixels[index + 3]) - Int(b.pixels[index + 3]))
            largest = max(largest, alpha)
            if a.pixels[index + 3] == 0, b.pixels[index + 3] == 0 { continue }
            for channel in 0..<3 {
                largest = max(largest, abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])))
            }
        }
        return largest
    }

    /// Each file and its reference: `.ref16.png` (16-bit) for files of more than 8 bits.
    static let decoded: [(file: String, reference: String, format: MediaFormat, alpha: Bool)] = [
        ("heic-8bit.heic", "heic-8bit.ref.png", .heic, false),
        ("heic-8bit-alpha.heic", "heic-8bit-alpha.ref.png", .heic, true),
        ("heic-10bit.heic", "heic-10bit.ref16.png", .heic, false),
        ("heic-10bit-alpha.heic", "heic-10bit-alpha.ref16.png", .heic, true),
        ("heic-clap.heic", "heic-clap.ref.png", .heic, false),
        ("heic-irot-90.heic", "heic-irot-90.ref.png", .heic, false),
        ("heic-irot-180.heic", "heic-irot-180.ref.png", .heic, false),
        ("heic-irot-270.heic", "heic-irot-270.ref.png", .heic, false),
        ("heic-imir-0.heic", "heic-imir-0.ref.png", .heic, false),
        ("heic-imir-1.heic", "heic-imir-1.ref.png", .heic, false),
        ("heic-irot-90-imir-1.heic", "heic-irot-90-imir-1.ref.png", .heic, false),
        ("heic-exif-6.heic", "heic-exif-6.ref.png", .heic, false),
        ("heic-exif-6-irot-270.heic", "heic-exif-6-irot-270.ref.png", .heic, false),
        ("heic-grid.heic", "heic-grid.ref.png", .heic, false),
        ("heic-grid-irot-90.heic", "heic-grid-irot-90.ref.png", .heic, false),
        ("avif-8bit.avif", "avif-8bit.ref.png", .avif, false),
        ("avif-10bit.avif", "avif-10bit.ref16.png", .avif, false),
        ("avif-alpha.avif", "avif-alpha.ref.png", .avif, true),
        ("avif-rav1e.avif", "avif-rav1e.ref.png", .avif, false),
        ("avif-heifenc.avif", "avif-heifenc.ref.png", .avif, false),
        ("webp-lossy.webp", "webp-lossy.ref.png", .webp, false),
        ("webp-lossless.webp", "webp-lossless.ref.png", .webp, false),
        ("webp-alpha.webp", "webp-alpha.ref.png", .webp, true),
        ("webp-lossless-alpha.webp", "webp-lossless-alpha.ref.png", .webp, true),
        ("webp-magick.webp", "webp-magick.ref.png", .webp, false),
        ("webp-exif-icc.webp", "webp-exif-icc.ref.png", .webp, false),
        // img2webp sets the alpha flag of every animation: its canvas starts transparent.
        ("webp-animated.webp", "webp-animated.ref.png", .webp, true),
    ]

    @Test(arguments: decoded.indices)
    func aFileDecodesToItsReferenceUpright(index: Int) throws {
        let (file, reference, format, alpha) = Self.decoded[index]
        let data = try Self.fixture(file)
        let image = try ImageDecoder.decode(data)
        let expected = try ImageDecoder.decode(try Self.fixture(reference))
        #expect(image.size == expected.size, "\(file)")
        #expect(Self.maximumDifference(image, expected) <= 1, "\(file)")
        // The same resample of both stays within a level, far over 45 dB.
        let box = ScaleRequest(box: PixelSize(width: 40, height: 40))
        let scaled = try ImageScaler.scale(image, to: box)
        let scaledReference = try ImageScaler.scale(expected, to: box)
        #expect(try psnr(scaled, scaledReference) >= 45, "\(file)")
        let header = try ImageHeader.read(data)
        #expect(header.format == format)
        #expect(header.hasAlpha == alpha, "\(file)")
        #expect(header.orientation == nil || format == .webp)
        #expect(ImageFormats.detect(data.prefix(ImageFormats.signatureLength)) == format)
        let info = try ImageValidator.validate(data)
        #expect(info.format == format && info.size == header.size && info.hasAlpha == alpha)
        #expect(info.frameCount == (file == "webp-animated.webp" ? 3 : 1), "\(file)")
    }

    @Test func anIrotIsAppliedOnceAndAnExifOrientationBesideItNot() throws {
        // An iPhone writes both; applying the EXIF orientation on top would turn the photo twice.
        let both = try ImageDecoder.decode(try Self.fixture("heic-exif-6-irot-270.heic"))
        #expect(both.size == PixelSize(width: 48, height: 64))
        let exifOnly = try ImageDecoder.decode(try Self.fixture("heic-exif-6.heic"))
        #expect(exifOnly.size == PixelSize(width: 64, height: 48))
    }

    @Test func aFileLeadingWithTheGenericBrandIsTakenByItsCompatibleBrands() throws {
        let generic = try Self.fixture("heic-mif2.heic")
        #expect(ImageFormats.detect(generic.prefix(ImageFormats.signatureLength)) == .heic)
        #expect(try ImageDecoder.decode(generic) == (try ImageDecoder.decode(try Self.fixture("heic-8bit.heic"))))
    }

    @Test func anImageSequenceIsUnsupportedNotCorrupt() throws {
        // An `msf1` file is a track in a `moov` box, with no `meta`: libheif 1.15 reads none.
        var sequence = Data([0, 0, 0, 0x1C]) + Data("ftypmsf1".utf8) + Data([0, 0, 0, 0])
        sequence += Data("msf1hevciso8".utf8) + Data([0, 0, 0, 8]) + Data("moov".utf8)
        #expect(ImageFormats.detect(sequence) == .heic)
        #expect {
            _ = try ImageDecoder.decode(sequence)
        } throws: { error in
            if case .unsupported(.heic, _) = error as? ImageDecodingError { return true }
            return false
        }
    }

    @Test(arguments: ["heic-truncated.heic", "avif-truncated.avif", "webp-truncated.webp", "webp-corrupt.webp"])
    func aDamagedFileIsRefusedWithTheDecodersReason(file: String) throws {
        let data = try Self.fixture(file)
        #expect {
            _ = try ImageDecoder.decode(data)
        } throws: { error in
            guard case .corrupt(_, let reason) = error as? ImageDecodingError else { return false }
            return !reason.isEmpty
        }
        #expect(throws: ImageDecodingError.self) { _ = try ImageValidator.validate(data) }
    }

    @Test func everyCutOfEveryFileIsRefusedOrDecodedNeverACrash() throws {
        for (file, _, _, _) in Self.decoded {
            let data = try Self.fixture(file)
            for length in Swift.stride(from: 0, to: data.count, by: max(1, data.count / 40)) {
                let cut = data.prefix(length)
                do {
                    _ = try ImageDecoder.decode(cut)
                    Issue.record("\(file) cut to \(length) bytes decoded")
                } catch {
                    #expect(error.description.isEmpty == false)
                }
            }
        }
    }

    @Test(arguments: [
        "heic-bomb.heic", "avif-bomb.avif", "webp-bomb-vp8x.webp", "webp-bomb-vp8l.webp", "webp-bomb-animated.webp",
    ])
    func aDecompressionBombIsRefusedBeforeAllocation(file: String) throws {
        let data = try Self.fixture(file)
        #expect {
            _ = try ImageDecoder.decode(data)
        } throws: { error in
            switch error as? ImageDecodingError {
            case .overPixelLimit(_, let size, _)?: size.pixelCount > 100_000_000
            case .overSideLimit(_, let size, let limit)?:
                limit == 16_384 && size == PixelSize(width: 65535, height: 65535)
            // The VP8X canvas and its frame's header disagree: libwebp refuses the header.
            case .corrupt(.webp, _)?: file == "webp-bomb-vp8x.webp"
            default: false
            }
        }
    }

    /// libwebp's filtering thread (threads above 1, a lossy still) changes nothing in the pixels. The
    /// box is the photo's size, so that no resampling helper runs and `threadsUsed` is the decode's:
    /// the two-thread scale is taken again while other tests hold the helper budget.
    @Test func aWebPPhotoScalesTheSameOnOneThreadOrTwo() throws {
        let data = try Self.fixture("webp-photo.webp")
        let box = PixelSize(width: 640, height: 640)
        let one = try ImageScaler.scale(data, to: ScaleRequest(box: box, threads: 1))
        #expect(one.report.threadsUsed == 1 && one.image.size == PixelSize(width: 640, height: 427))
        var two = try ImageScaler.scale(data, to: ScaleRequest(box: box, threads: 2))
        for _ in 0..<200 where two.report.threadsUsed != 2 {
            usleep(5000)
            two = try ImageScaler.scale(data, to: ScaleRequest(box: box, threads: 2))
        }
        #expect(two.report.threadsUsed == 2, "the helper budget was never free")
        #expect(one.image == two.image)
    }

    /// An image decoded whole (a WebP, a HEIC) is resampled in place on two threads, each writing
    /// half the output rows: the pixels are one thread's, reduced or enlarged, with alpha or without.
    @Test(arguments: ["webp-photo.webp", "webp-alpha-640.webp"])
    func aWholeDecodedImageResamplesTheSameOnTwoThreads(file: String) throws {
        let data = try Self.fixture(file)
        for (box, enlarging) in [
            (PixelSize(width: 500, height: 500), false), (PixelSize(width: 333, height: 300), false),
            (PixelSize(width: 999, height: 999), true),
        ] {
            for filter in [ResamplingFilter.lanczos3, .bilinear] {
                let request = { (threads: Int) in
                    ScaleRequest(box: box, filter: filter, threads: threads, enlarging: enlarging)
                }
                let one = try ImageScaler.scale(data, to: request(1))
                #expect(one.report.threadsUsed == 1)
                var two = try ImageScaler.scale(data, to: request(2))
                for _ in 0..<600 where two.report.threadsUsed != 2 || two.report.jpegScaleDenominator != 1 {
                    usleep(5000)
                    two = try ImageScaler.scale(data, to: request(2))
                }
                #expect(two.report.threadsUsed == 2, "the helper budget was never free")
                #expect(one.report.jpegScaleDenominator == 1 && two.report.jpegScaleDenominator == 1)
                #expect(one.image == two.image, "\(file) into \(box), \(filter)")
            }
        }
    }

    @Test func aWebPPhotoIsDecodedReducedForASmallBox() throws {
        let data = try Self.fixture("webp-photo.webp")
        let box = ScaleRequest(box: PixelSize(width: 100, height: 100))
        let reduced = try ImageScaler.scale(data, to: box)
        #expect(reduced.report.jpegScaleDenominator > 1, "\(reduced.report)")
        #expect(reduced.image.size == PixelSize(width: 100, height: 67))
        // Against the full decode resampled alone: the same picture.
        let full = try ImageScaler.scale(try ImageDecoder.decode(data), to: box)
        #expect(try psnr(reduced.image, full) >= 35)
        // An animation is decoded at its size whatever the box.
        let animation = try ImageScaler.scale(
            try Self.fixture("webp-animated.webp"), to: ScaleRequest(box: PixelSize(width: 8, height: 8)))
        #expect(animation.report.jpegScaleDenominator == 1)
    }

    @Test func aPhotoScalesToJPEGAndPNGInMemory() throws {
        for file in ["heic-8bit.heic", "avif-8bit.avif", "webp-lossy.webp", "webp-alpha.webp"] {
            let scaled = try ImageScaler.scale(
                try Self.fixture(file), to: ScaleRequest(box: PixelSize(width: 32, height: 32)),
                encodingAs: .jpeg(quality: 90))
            #expect(scaled.size == PixelSize(width: 32, height: 24))
            #expect(ImageFormats.detect(scaled.encoded.data.prefix(16)) == .jpeg)
        }
    }

    /// `image` turned as HEIF's properties say: `irot` N quarter turns anticlockwise, `imir` 0
    /// exchanging top and bottom, 1 left and right, in the order given.
    static func transformed(_ image: RGBAImage, _ operations: [(String, Int)]) -> RGBAImage {
        var image = image
        for (kind, value) in operations {
            for _ in 0..<(kind == "irot" ? value : 1) {
                let (width, height) = (image.size.width, image.size.height)
                let size = kind == "irot" ? PixelSize(width: height, height: width) : image.size
                var pixels = [UInt8](repeating: 0, count: image.pixels.count)
                for y in 0..<size.height {
                    for x in 0..<size.width {
                        let (sourceX, sourceY) =
                            kind == "irot" ? (width - 1 - y, x) : value == 0 ? (x, height - 1 - y) : (width - 1 - x, y)
                        for channel in 0..<4 {
                            pixels[(y * size.width + x) * 4 + channel] =
                                image.pixels[(sourceY * width + sourceX) * 4 + channel]
                        }
                    }
                }
                image = RGBAImage(size: size, pixels: pixels)
            }
        }
        return image
    }

    static let turned: [(suffix: String, operations: [(String, Int)])] = [
        ("irot-1", [("irot", 1)]), ("irot-2", [("irot", 2)]), ("irot-3", [("irot", 3)]), ("imir-0", [("imir", 0)]),
        ("imir-1", [("imir", 1)]), ("irot-1-imir-1", [("irot", 1), ("imir", 1)]),
    ]

    /// With alpha, and of 10 bits, where libheif 1.15 alone gets it wrong: the decode is the
    /// upright file's decode turned, alpha and all, exactly (the coded pictures are the same).
    @Test(arguments: ["heic-8bit-alpha", "heic-10bit"])
    func everyOrientationTurnsColourAndAlphaAlike(base: String) throws {
        let upright = try ImageDecoder.decode(try Self.fixture("\(base).heic"))
        for (suffix, operations) in Self.turned {
            let data = try Self.fixture("\(base)-\(suffix).heic")
            let image = try ImageDecoder.decode(data)
            let expected = Self.transformed(upright, operations)
            #expect(image.size == expected.size, "\(suffix)")
            #expect(
                image == expected, "\(base)-\(suffix): largest difference \(Self.maximumDifference(image, expected))")
            #expect(try ImageHeader.read(data).hasAlpha == (base == "heic-8bit-alpha"), "\(suffix)")
        }
    }
}
