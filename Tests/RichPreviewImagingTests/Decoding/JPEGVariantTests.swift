import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// Every JPEG colour model and coding the phone decodes, against the pixels they were made from.
struct JPEGVariantTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("jpeg/\(name)"))
    }

    static let source = Result { try PPM.read(TestPaths.fixture("jpeg/source.ppm")) }

    @Test(arguments: [
        ("baseline.jpg", 30.0), ("cmyk-adobe.jpg", 28.0), ("ycck.jpg", 28.0),
        ("cmyk-imagemagick.jpg", 28.0),
    ])
    func decodesCloseToTheSource(name: String, minimumPSNR: Double) throws {
        let image = try ImageDecoder.decode(Self.fixture(name))
        let source = try Self.source.get()
        #expect(image.size == source.size)
        #expect(image.isOpaque)
        let score = try psnr(image, source)
        #expect(score > minimumPSNR, "\(name): \(score) dB")
    }

    /// Restart markers, progressive and arithmetic coding carry the same coefficients as the
    /// baseline file: they must decode to exactly the same pixels.
    @Test(arguments: ["restart.jpg", "progressive.jpg", "arithmetic.jpg"])
    func losslessRecodingsDecodeIdentically(name: String) throws {
        #expect(try ImageDecoder.decode(Self.fixture(name)) == ImageDecoder.decode(Self.fixture("baseline.jpg")))
    }

    @Test func grayscaleDecodesToEqualChannelsNearTheSourceLuma() throws {
        let image = try ImageDecoder.decode(Self.fixture("gray.jpg"))
        let source = try Self.source.get()
        var worst = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            #expect(image.pixels[index] == image.pixels[index + 1] && image.pixels[index] == image.pixels[index + 2])
            let luma =
                (299 * Int(source.pixels[index]) + 587 * Int(source.pixels[index + 1]) + 114
                    * Int(source.pixels[index + 2])) / 1000
            worst = max(worst, abs(luma - Int(image.pixels[index])))
        }
        #expect(worst <= 12)
    }

    @Test func everyVariantScalesThroughTheStreamingPath() throws {
        for name in [
            "baseline.jpg", "gray.jpg", "restart.jpg", "progressive.jpg", "arithmetic.jpg", "cmyk-adobe.jpg",
            "ycck.jpg",
        ] {
            let imageScale = try ImageScaler.scale(
                Self.fixture(name), to: ScaleRequest(box: PixelSize(width: 12, height: 12)))
            let image = imageScale.image
            let report = imageScale.report
            #expect(image.size == PixelSize(width: 12, height: 8), "\(name)")
            #expect(report.jpegScaleDenominator == 2, "\(name)")
        }
    }

    /// Three bytes changed anywhere in a valid file end in an image whose buffer is the size the
    /// validator reports, or in a typed error of one line; the validator refuses what the decoder
    /// refuses.
    @Test(arguments: ["progressive.jpg", "arithmetic.jpg", "ycck.jpg"])
    func damagedBytesEndInAnImageOrAReason(name: String) throws {
        let original = try Self.fixture(name)
        var generator = SplitMix64(seed: 0x5EED)
        var refused = 0
        for round in 0..<150 {
            var data = original
            for _ in 0..<3 {
                let index = Int(generator.next() % UInt64(data.count))
                data[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            switch Result(catching: { () throws(ImageDecodingError) in try ImageDecoder.decode(data) }) {
            case .success(let image):
                #expect(image.pixels.count == image.size.pixelCount * 4, "round \(round)")
            case .failure(let error):
                refused += 1
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "round \(round)")
                #expect(throws: ImageDecodingError.self, "round \(round)") { try ImageValidator.validate(data) }
            }
        }
        #expect(refused > 0, "\(refused) of 150 refused")
    }
}
