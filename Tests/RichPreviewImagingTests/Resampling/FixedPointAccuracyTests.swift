import Foundation
import RichPreviewImaging
import Testing

/// The fixed-point resampler against the same resize in `Double`: within one level everywhere,
/// exact where the arithmetic is exact, clamped where the kernel rings.
struct FixedPointAccuracyTests {
    static let cases: [(width: Int, height: Int, box: PixelSize, mode: ScaleMode)] = [
        (211, 157, PixelSize(width: 60, height: 60), .fit),
        (211, 157, PixelSize(width: 50, height: 20), .fill),
        (31, 23, PixelSize(width: 101, height: 77), .stretch),
        (120, 80, PixelSize(width: 119, height: 81), .stretch),
    ]

    /// The largest difference of any channel between two images of one size.
    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage, where include: (SIMD4<UInt8>) -> Bool = { _ in true })
        -> Int
    {
        var largest = 0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            let reference = SIMD4(b.pixels[index], b.pixels[index + 1], b.pixels[index + 2], b.pixels[index + 3])
            guard include(reference) else {
                largest = max(largest, abs(Int(a.pixels[index + 3]) - Int(b.pixels[index + 3])))
                continue
            }
            for channel in 0..<4 {
                largest = max(largest, abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])))
            }
        }
        return largest
    }

    /// Scales seeded images of every case with `filter` on one thread, beside the Double reference.
    static func scaledBesideReference(seed: UInt64, alpha: Bool, filter: ResamplingFilter) throws -> [(
        scaled: RGBAImage, reference: RGBAImage, label: String
    )] {
        var images = SeededImages(seed: seed)
        return try cases.map { width, height, box, mode in
            let source = images.image(width: width, height: height, alpha: alpha)
            let plan = ScalePlan(source: source.size, box: box, mode: mode)
            let scaled = try ImageScaler.scale(
                try SeededImages.png(source), to: ScaleRequest(box: box, mode: mode, filter: filter, threads: 1)
            ).image
            return (
                scaled, ReferenceResampler.resample(source, plan: plan, filter: filter),
                "\(width)×\(height) → \(box) \(mode)"
            )
        }
    }

    @Test(arguments: ResamplingFilter.allCases)
    func opaqueImagesAreWithinOneLevelOfTheDoubleReference(filter: ResamplingFilter) throws {
        for (scaled, reference, label) in try Self.scaledBesideReference(seed: 7, alpha: false, filter: filter) {
            #expect(scaled.size == reference.size)
            #expect(Self.largestDifference(scaled, reference) <= 1, "\(label)")
        }
    }

    @Test(arguments: ResamplingFilter.allCases)
    func imagesWithAlphaAreWithinOneLevelOfTheDoubleReference(filter: ResamplingFilter) throws {
        for (scaled, reference, label) in try Self.scaledBesideReference(seed: 8, alpha: true, filter: filter) {
            // Colour is compared where there is enough alpha to carry it; alpha everywhere.
            #expect(Self.largestDifference(scaled, reference, where: { $0[3] >= 16 }) <= 1, "\(label)")
        }
    }

    @Test func boxHalvingRoundsTheMeanHalfUp() throws {
        var images = SeededImages(seed: 9)
        let source = images.image(width: 64, height: 48, alpha: false)
        let scaled = try ImageScaler.scale(
            try SeededImages.png(source),
            to: ScaleRequest(box: PixelSize(width: 32, height: 24), filter: .box, threads: 1)
        ).image
        #expect(scaled.size == PixelSize(width: 32, height: 24))
        for y in 0..<24 {
            for x in 0..<32 {
                let quad = [(0, 0), (1, 0), (0, 1), (1, 1)].map { source.pixel(x: 2 * x + $0.0, y: 2 * y + $0.1) }
                for channel in 0..<4 {
                    let sum = quad.reduce(0) { $0 + Int($1[channel]) }
                    #expect(Int(scaled.pixel(x: x, y: y)[channel]) == (sum + 2) / 4, "(\(x), \(y)) channel \(channel)")
                }
            }
        }
    }

    @Test(arguments: [PixelSize(width: 96, height: 9), PixelSize(width: 5, height: 9)])
    func ringingIsClampedNotWrapped(box: PixelSize) throws {
        // Black and white columns: Lanczos overshoots past both ends, enlarging and shrinking.
        let stripes = RGBAImage(
            size: PixelSize(width: 12, height: 9),
            pixels: (0..<(12 * 9)).flatMap { index -> [UInt8] in
                let value: UInt8 = (index % 12) / 2 % 2 == 0 ? 0 : 255
                return [value, value, 255 - value, 255]
            })
        let scaled = try ImageScaler.scale(
            try SeededImages.png(stripes), to: ScaleRequest(box: box, mode: .stretch, threads: 1)
        ).image
        let reference = ReferenceResampler.resample(
            stripes, plan: ScalePlan(source: stripes.size, box: box, mode: .stretch), filter: .lanczos3)
        #expect(Self.largestDifference(scaled, reference) <= 1)
        if box.width > stripes.size.width {
            // Enlarged, the overshoot reaches past both ends: clamped to them, not wrapped round.
            #expect(scaled.pixels.contains(0) && scaled.pixels.contains(255))
        }
    }

    @Test func transparentPixelsComeOutTransparentBlack() throws {
        let clear = RGBAImage(
            size: PixelSize(width: 40, height: 30),
            pixels: (0..<(40 * 30)).flatMap { index -> [UInt8] in index % 40 < 20 ? [90, 200, 10, 0] : [0, 0, 0, 0] })
        let scaled = try ImageScaler.scale(
            try SeededImages.png(clear), to: ScaleRequest(box: PixelSize(width: 13, height: 13), threads: 1)
        ).image
        #expect(distinctPixels(scaled) == [SIMD4(0, 0, 0, 0)])
    }
}
