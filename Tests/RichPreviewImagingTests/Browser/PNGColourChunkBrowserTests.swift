import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// PNG colour handling compared with Chromium's (Skia's decoder and skcms), which converts gAMA
/// and cHRM to the screen's sRGB as a browser shows the picture: every PngSuite file and the
/// colour fixture under generated gAMA and cHRM chunks decode to what a canvas reads back.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.executable != nil,
        "needs Chromium: /usr/bin/chromium (Debian's chromium) or $RICHPREVIEW_CHROMIUM"))
struct PNGColourChunkBrowserTests {
    /// The largest difference between two decodes: of R, G and B where both pixels are opaque
    /// (the canvas stores premultiplied alpha, so a translucent pixel's colour is rounded), and of A.
    static func differences(_ ours: [UInt8], _ reference: [UInt8]) -> (colour: Int, alpha: Int) {
        var colour = 0
        var alpha = 0
        for pixel in stride(from: 0, to: min(ours.count, reference.count), by: 4) {
            alpha = max(alpha, abs(Int(ours[pixel + 3]) - Int(reference[pixel + 3])))
            guard ours[pixel + 3] == 255, reference[pixel + 3] == 255 else { continue }
            for channel in 0..<3 {
                colour = max(colour, abs(Int(ours[pixel + channel]) - Int(reference[pixel + channel])))
            }
        }
        return (colour, alpha)
    }

    /// What a PNG's header chunks say: IHDR's bit depth and colour type, and gAMA's gamma.
    static func header(_ png: Data) -> (bitDepth: Int, colourType: Int, gamma: Double?) {
        let bytes = [UInt8](png)
        let number = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
        var gamma: Double?
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = number(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "gAMA", length == 4 { gamma = Double(number(offset + 8)) / 100_000 }
            if type == "IDAT" { break }
            offset += 12 + length
        }
        return (Int(bytes[24]), Int(bytes[25]), gamma)
    }

    /// sRGB's encoding of a linear light level in 0…1, as a level in 0…255.
    static func sRGBLevel(_ linear: Double) -> Int {
        let encoded = linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return Int((encoded * 255).rounded())
    }

    @Test func thePNGSuiteDecodesAsChromiumShowsIt() throws {
        guard let folder = TestPaths.corpusFolder("pngsuite/png") else { return }
        let names = TestPaths.corpusFiles("pngsuite/png", extension: "png").filter { !$0.hasPrefix("x") }
        let files = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let references = try HeadlessChromium.canvasPixels(ofImages: files)
        var comparedWithChromium = 0
        var comparedWithTheFormula = 0
        for (name, (file, reference)) in zip(names, zip(files, references)) {
            let ours = try ImageDecoder.decode(file)
            #expect(ours.pixels.count == reference.count, "\(name): Chromium's size differs")
            let header = Self.header(file)
            let isGrey = header.colourType == 0 || header.colourType == 4
            if isGrey, header.bitDepth == 16, let gamma = header.gamma, abs(gamma * 2.2 - 1) > 0.05 {
                // Chromium keeps the high byte of a 16-bit sample before its gamma conversion (0.4%
                // of white shows as black, not sRGB's 13, under a linear gamma); libpng rounds. These
                // greys are held to the formula: level = sRGB(stored^(1/gamma)).
                let stored = try ImageDecoder.decode(file, convertingToSRGB: false)
                var worst = 0
                for pixel in stride(from: 0, to: stored.pixels.count, by: 4) where stored.pixels[pixel + 3] == 255 {
                    let expected = Self.sRGBLevel(pow(Double(stored.pixels[pixel]) / 255, 1 / gamma))
                    worst = max(worst, abs(Int(ours.pixels[pixel]) - expected))
                }
                #expect(worst <= 1, "\(name): \(worst) levels from the gamma formula")
                comparedWithTheFormula += 1
                continue
            }
            let difference = Self.differences(ours.pixels, reference)
            #expect(difference.colour <= 2 && difference.alpha <= 1, "\(name): \(difference) levels from Chromium's")
            comparedWithChromium += 1
        }
        #expect(
            comparedWithChromium >= 140 && comparedWithTheFormula >= 5,
            "\(comparedWithChromium), \(comparedWithTheFormula)")
    }

    @Test func generatedGammaAndChromaticitiesConvertAsChromiumShowsThem() throws {
        let cases: [(name: String, png: Data)] = [
            ("gAMA 1.0", try PNGColourChunkTests.picture(with: [PNGColourChunkTests.gAMA(1.0)])),
            ("gAMA 0.3", try PNGColourChunkTests.picture(with: [PNGColourChunkTests.gAMA(0.3)])),
            ("gAMA 0.55556", try PNGColourChunkTests.picture(with: [PNGColourChunkTests.gAMA(0.55556)])),
            (
                "gAMA 0.45455 and Display P3 cHRM",
                try PNGColourChunkTests.picture(with: [
                    PNGColourChunkTests.gAMA(0.45455), PNGColourChunkTests.cHRM(PNGColourChunkTests.displayP3Points),
                ])
            ),
            (
                "gAMA 1.0 and Display P3 cHRM",
                try PNGColourChunkTests.picture(with: [
                    PNGColourChunkTests.gAMA(1.0), PNGColourChunkTests.cHRM(PNGColourChunkTests.displayP3Points),
                ])
            ),
            ("grey, gAMA 1.0", try PNGColourChunkTests.picture(with: [PNGColourChunkTests.gAMA(1.0)], gray: true)),
            ("grey, gAMA 0.3", try PNGColourChunkTests.picture(with: [PNGColourChunkTests.gAMA(0.3)], gray: true)),
        ]
        let references = try HeadlessChromium.canvasPixels(ofImages: cases.map(\.png))
        for (item, reference) in zip(cases, references) {
            let ours = try ImageDecoder.decode(item.png)
            let stored = try PNGColourChunkTests.stored(item.png)
            #expect(ours.pixels != stored.pixels, "\(item.name): converted")
            #expect(ours.pixels.count == reference.count, "\(item.name): Chromium's size differs")
            let difference = Self.differences(ours.pixels, reference)
            #expect(
                difference.colour <= 2 && difference.alpha == 0, "\(item.name): \(difference) levels from Chromium's")
        }
    }
}
