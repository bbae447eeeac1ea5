import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// Images with an ICC profile are converted to sRGB as an independent tool converts them (the
/// `.srgb.png` references of `Tests/Fixtures/colour/`, made by vips' `icc_transform`); sRGB and
/// profile-less images keep their pixels bit for bit; a damaged or unusable profile is ignored
/// with a reason; `keepsProfile` keeps the pixels and carries the profile into the output.
struct ColourConversionTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("colour/\(name)"))
    }

    /// CIE L*a*b* of an 8-bit sRGB colour (D65).
    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> SIMD3<Double> {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (rl, gl, bl) = (linear(r), linear(g), linear(b))
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return SIMD3(116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// The mean ΔE (CIE76) between two images of one size.
    static func meanDeltaE(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var total = 0.0
        let count = a.pixels.count / 4
        for index in 0..<count {
            let p = a.pixels[(index * 4)..<(index * 4 + 3)].map { $0 }
            let q = b.pixels[(index * 4)..<(index * 4 + 3)].map { $0 }
            let difference = lab(p[0], p[1], p[2]) - lab(q[0], q[1], q[2])
            total += (difference * difference).sum().squareRoot()
        }
        return total / Double(count)
    }

    static let converted = ["p3.jpg", "p3.png", "p3-chunked.jpg", "adobe-rgb.jpg", "gray-gamma.jpg"]

    @Test(arguments: converted)
    func aProfiledImageIsConvertedAsAnIndependentToolConvertsIt(file: String) throws {
        let data = try Self.fixture(file)
        let image = try ImageDecoder.decode(data)
        let reference = try ImageDecoder.decode(try Self.fixture("\(file).srgb.png"))
        #expect(image.size == reference.size)
        let deltaE = Self.meanDeltaE(image, reference)
        #expect(deltaE < 2, "\(file): mean ΔE \(deltaE)")
        // And the conversion did something: the stored numbers are far from the result.
        let kept = try ImageScaler.scale(
            data, to: ScaleRequest(box: image.size, keepsProfile: true))
        #expect(kept.report.colour?.action == .kept)
        if file != "gray-gamma.jpg" { #expect(Self.meanDeltaE(kept.image, reference) > 2 * deltaE, "\(file)") }
        let scaled = try ImageScaler.scale(data, to: ScaleRequest(box: image.size))
        #expect(scaled.report.colour?.action == .converted && scaled.report.iccProfile)
        #expect(scaled.report.colour?.profile.isEmpty == false)
    }

    @Test func anSRGBProfileAndNoProfileKeepThePixelsBitForBit() throws {
        let tagged = try Self.fixture("srgb-tagged.jpg")
        let box = ScaleRequest(box: PixelSize(width: 64, height: 64))
        var keeping = box
        keeping.keepsProfile = true
        let converted = try ImageScaler.scale(tagged, to: box)
        #expect(converted.report.colour?.action == .alreadySRGB)
        #expect(converted.image == (try ImageScaler.scale(tagged, to: keeping)).image)
        let plain = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        #expect(try ImageScaler.scale(plain, to: box).report.colour == nil)
    }

    @Test(arguments: ["broken-profile.jpg", "cmyk-profile.jpg"])
    func anUnusableProfileIsIgnoredWithItsReason(file: String) throws {
        let data = try Self.fixture(file)
        let request = ScaleRequest(box: PixelSize(width: 64, height: 64))
        let scaled = try ImageScaler.scale(data, to: request)
        #expect(scaled.report.colour?.action == .ignored)
        #expect(scaled.report.colour?.problem?.isEmpty == false)
        var keeping = request
        keeping.keepsProfile = true
        if file == "broken-profile.jpg" {
            #expect(scaled.image == (try ImageScaler.scale(data, to: keeping)).image)
        }
    }

    @Test(arguments: [ImageEncoding.jpeg(quality: 90), .png()])
    func aKeptProfileIsEmbeddedInTheOutput(encoding: ImageEncoding) throws {
        let data = try Self.fixture("p3.jpg")
        let kept = try ImageScaler.scale(
            data, to: ScaleRequest(box: PixelSize(width: 32, height: 32), keepsProfile: true), encodingAs: encoding)
        // Read back, the output carries the same profile: converting it gives the converted input.
        let again = try ImageScaler.scale(kept.data, to: ScaleRequest(box: PixelSize(width: 32, height: 32)))
        #expect(again.report.colour?.action == .converted)
        #expect(again.report.colour?.profile == "Display P3 (richpreview test)")
        let direct = try ImageScaler.scale(
            data, to: ScaleRequest(box: PixelSize(width: 32, height: 32)), encodingAs: encoding)
        let plain = try ImageScaler.scale(direct.data, to: ScaleRequest(box: PixelSize(width: 32, height: 32)))
        #expect(plain.report.colour == nil)
    }
}
