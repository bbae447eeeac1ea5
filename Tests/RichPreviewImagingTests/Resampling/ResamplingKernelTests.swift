import Foundation
import RichPreviewImaging
import Testing

/// The SIMD kernel and the portable one give the same pixels, bit for bit.
struct ResamplingKernelTests {
    /// Sources and boxes covering shrinking, enlarging, one-pixel-wide and odd sizes, every mode,
    /// with and without alpha.
    static let cases: [(width: Int, height: Int, box: PixelSize, mode: ScaleMode, alpha: Bool)] = [
        (301, 203, PixelSize(width: 97, height: 97), .fit, false),
        (301, 203, PixelSize(width: 97, height: 97), .fit, true),
        (256, 171, PixelSize(width: 40, height: 33), .fill, false),
        (256, 171, PixelSize(width: 40, height: 33), .fill, true),
        (45, 37, PixelSize(width: 130, height: 61), .stretch, false),
        (45, 37, PixelSize(width: 130, height: 61), .stretch, true),
        (1, 9, PixelSize(width: 7, height: 4), .stretch, true),
        (3, 2, PixelSize(width: 5, height: 50), .stretch, false),
        (640, 3, PixelSize(width: 33, height: 3), .stretch, false),
        (200, 150, PixelSize(width: 199, height: 149), .stretch, true),
    ]

    @Test(arguments: ResamplingFilter.allCases)
    func simdKernelMatchesPortableKernel(filter: ResamplingFilter) throws {
        guard ResamplingKernel.avx2.isAvailable else {
            print("note: this CPU has no AVX2; only the portable kernel runs here")
            return
        }
        #expect(ResamplingKernel.best == .avx2)
        var images = SeededImages(seed: 12)
        for (width, height, box, mode, alpha) in Self.cases {
            let data = try SeededImages.png(images.image(width: width, height: height, alpha: alpha))
            var request = ScaleRequest(box: box, mode: mode, filter: filter, threads: 1)
            request.kernel = .portable
            let portable = try ImageScaler.scale(data, to: request).image
            request.kernel = .avx2
            let simd = try ImageScaler.scale(data, to: request).image
            #expect(portable.size == simd.size)
            let identical = portable == simd
            #expect(identical, "\(width)×\(height) → \(box) \(mode) alpha \(alpha): kernels differ")
        }
    }

    @Test func bestKernelIsAvailable() {
        #expect(ResamplingKernel.best.isAvailable)
        #expect(ResamplingKernel.portable.isAvailable)
    }
}
