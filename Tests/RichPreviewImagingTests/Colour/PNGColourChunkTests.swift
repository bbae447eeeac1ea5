import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// A PNG's gAMA and cHRM chunks, without an iCCP or sRGB chunk, are converted to sRGB through the
/// profile they describe; a gamma near sRGB's with sRGB's chromaticities keeps the pixels bit for
/// bit; iCCP and sRGB chunks come first. (`PNGColourChunkBrowserTests` compares the conversions
/// with Chromium's.)
struct PNGColourChunkTests {
    /// The colour fixtures' 8-bit RGB picture, with `chunks` inserted after IHDR.
    static func picture(with chunks: [[UInt8]], gray: Bool = false) throws -> Data {
        let source = try Data(contentsOf: TestPaths.fixture(gray ? "colour/source-gray.png" : "colour/source.png"))
        return PNGBuilder.inserting(chunks, into: source)
    }

    static func gAMA(_ gamma: Double) -> [UInt8] {
        PNGBuilder.chunk("gAMA", PNGBuilder.be32(UInt32((gamma * 100_000).rounded())))
    }

    /// A cHRM chunk from white, red, green and blue x, y pairs.
    static func cHRM(_ points: [Double]) -> [UInt8] {
        PNGBuilder.chunk("cHRM", points.flatMap { PNGBuilder.be32(UInt32(($0 * 100_000).rounded())) })
    }

    static let sRGBChunk = PNGBuilder.chunk("sRGB", [0])
    static let srgbPoints = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
    static let displayP3Points = [0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060]

    static func stored(_ data: Data) throws -> RGBAImage { try ImageDecoder.decode(data, convertingToSRGB: false) }

    static func report(_ data: Data, keepingProfile: Bool = false) throws -> ScaledImage {
        let size = try stored(data).size
        return try ImageScaler.scale(data, to: ScaleRequest(box: size, keepsProfile: keepingProfile))
    }

    @Test func aLinearGammaBrightensTheMidtones() throws {
        let data = try Self.picture(with: [Self.gAMA(1.0)])
        let converted = try ImageDecoder.decode(data)
        let stored = try Self.stored(data)
        // sRGB's curve lies above the line: every level but black and white moves up (linear 0.5
        // is sRGB 188); alpha stays.
        for (index, (after, before)) in zip(converted.pixels, stored.pixels).enumerated() {
            if index % 4 == 3 || before == 0 || before == 255 {
                #expect(after == before)
            } else {
                #expect(after > before, "sample \(index): \(before) became \(after)")
            }
        }
        #expect(stored.pixels.contains(128) && converted.pixels.contains(188))
        let scaled = try Self.report(data)
        #expect(scaled.report.colour == ColourReport(action: .converted, profile: "PNG gAMA 1.0"))
        #expect(scaled.report.gamma == 1.0 && !scaled.report.iccProfile)
    }

    @Test func aGammaWithinFivePercentOfSRGBsKeepsThePixels() throws {
        let plain = try Self.stored(try Self.picture(with: []))
        for chunks in [
            [Self.gAMA(0.45455)], [Self.gAMA(0.45)], [Self.gAMA(0.47)],
            [Self.gAMA(0.45455), Self.cHRM(Self.srgbPoints)],
            [Self.sRGBChunk, Self.gAMA(1.0)], [Self.gAMA(1.0), Self.cHRM(Self.displayP3Points), Self.sRGBChunk],
        ] {
            let data = try Self.picture(with: chunks)
            #expect(try ImageDecoder.decode(data) == plain)
            #expect(try Self.report(data).report.colour == nil)
        }
    }

    @Test func chromaticitiesAloneChangeTheColours() throws {
        let data = try Self.picture(with: [Self.gAMA(0.45455), Self.cHRM(Self.displayP3Points)])
        let converted = try ImageDecoder.decode(data)
        #expect(converted != (try Self.stored(data)))
        #expect(try Self.report(data).report.colour?.profile == "PNG gAMA 0.45455 and cHRM")
        // A grey image with the same white is sRGB in effect: it has no primaries.
        let grey = try Self.picture(with: [Self.gAMA(0.45455), Self.cHRM(Self.displayP3Points)], gray: true)
        #expect(try ImageDecoder.decode(grey) == (try Self.stored(grey)))
    }

    @Test func anICCPChunkComesBeforeTheGamma() throws {
        let p3 = try Data(contentsOf: TestPaths.fixture("colour/p3.png"))
        let withGamma = PNGBuilder.inserting([Self.gAMA(1.0)], into: p3)
        #expect(try ImageDecoder.decode(withGamma) == (try ImageDecoder.decode(p3)))
        #expect(try Self.report(withGamma).report.colour?.profile == "Display P3 (richpreview test)")
    }

    @Test func aGreyImagesGammaGivesAGreyConversion() throws {
        let data = try Self.picture(with: [Self.gAMA(1.0)], gray: true)
        let converted = try ImageDecoder.decode(data)
        for pixel in 0..<converted.size.pixelCount {
            let r = converted.pixels[pixel * 4]
            #expect(converted.pixels[pixel * 4 + 1] == r && converted.pixels[pixel * 4 + 2] == r)
        }
        #expect(converted != (try Self.stored(data)))
    }

    @Test func chromaticitiesLibpngRefusesLeaveTheGammaAlone() throws {
        // Primaries in a line: libpng drops the cHRM ("invalid chromaticities"), the gAMA stays.
        let line = [0.3127, 0.3290, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3]
        let data = try Self.picture(with: [Self.gAMA(1.0), Self.cHRM(line)])
        let gammaOnly = try Self.picture(with: [Self.gAMA(1.0)])
        #expect(try ImageDecoder.decode(data) == (try ImageDecoder.decode(gammaOnly)))
    }

    @Test func keptChunksTravelAsTheProfileTheyDescribe() throws {
        let data = try Self.picture(with: [Self.gAMA(0.55556), Self.cHRM(Self.displayP3Points)])
        let kept = try Self.report(data, keepingProfile: true)
        #expect(kept.report.colour?.action == .kept)
        #expect(kept.image == (try Self.stored(data)))
        let embedded = try #require(kept.iccProfile)
        // The output carries the profile: converting it gives what converting the chunks gives.
        let written = try ImageEncoder.encode(kept.image, as: .png(), iccProfile: embedded).data
        let again = try ImageDecoder.decode(written)
        let direct = try ImageDecoder.decode(data)
        #expect(again.size == direct.size)
        let worst = zip(again.pixels, direct.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst)")
        #expect(try Self.report(written).report.colour?.profile == "PNG gAMA 0.55556 and cHRM")
    }
}

extension PNGBuilder {
    /// `png` with `chunks` (whole chunks, CRCs included) inserted right after its IHDR chunk.
    static func inserting(_ chunks: [[UInt8]], into png: Data) -> Data {
        let bytes = [UInt8](png)
        let afterIHDR = 8 + 8 + 13 + 4
        return Data(bytes[..<afterIHDR] + chunks.flatMap { $0 } + bytes[afterIHDR...])
    }
}
