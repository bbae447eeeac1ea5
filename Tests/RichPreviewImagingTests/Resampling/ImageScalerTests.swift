import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

struct ImageScalerTests {
    static func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
    }

    /// A PNG of `image`, written by the project's encoder into a temporary folder.
    static func pngData(_ image: RGBAImage) throws -> Data {
        let url = try TestPaths.temporaryFolder().appendingPathComponent("input.png")
        _ = try ImageEncoder.write(image, to: url.path)
        return try Data(contentsOf: url)
    }

    static func image(width: Int, height: Int, _ pixel: (Int, Int) -> SIMD4<UInt8>) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let value = pixel(x, y)
                pixels += [value[0], value[1], value[2], value[3]]
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }

    @Test func sameSizePassesPixelsThroughUnchanged() throws {
        let data = try Self.sample("sample-badge.png")
        let scaledScale = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 96, height: 96)))
        let scaled = scaledScale.image
        let report = scaledScale.report
        #expect(scaled == (try ImageDecoder.decode(data)))
        #expect(report.outputSize == PixelSize(width: 96, height: 96))
    }

    @Test(arguments: ResamplingFilter.allCases)
    func flatColourStaysExactlyFlat(filter: ResamplingFilter) throws {
        let flat = Self.image(width: 61, height: 47) { _, _ in SIMD4(200, 30, 90, 255) }
        let data = try Self.pngData(flat)
        for box in [PixelSize(width: 17, height: 17), PixelSize(width: 130, height: 130)] {
            let scaled = try ImageScaler.scale(data, to: ScaleRequest(box: box, filter: filter)).image
            #expect(distinctPixels(scaled) == [SIMD4(200, 30, 90, 255)])
        }
    }

    @Test func transparentNeighboursLeaveNoDarkFringe() throws {
        // Opaque red on the left, fully transparent black on the right.
        let edge = Self.image(width: 64, height: 16) { x, _ in x < 32 ? SIMD4(255, 0, 0, 255) : SIMD4(0, 0, 0, 0) }
        let scaled = try ImageScaler.scale(
            try Self.pngData(edge), to: ScaleRequest(box: PixelSize(width: 24, height: 6))
        ).image
        for x in 0..<scaled.size.width {
            let pixel = scaled.pixel(x: x, y: 3)
            if pixel[3] > 8 { #expect(pixel[0] >= 250 && pixel[1] <= 3 && pixel[2] <= 3, "column \(x): \(pixel)") }
        }
        #expect(scaled.pixel(x: 0, y: 3)[3] == 255)
        #expect(scaled.pixel(x: 23, y: 3)[3] == 0)
    }

    @Test func lanczosMatchesPillowWithinTolerance() throws {
        // Tests/Fixtures/sample-image-lanczos-200x133.png: Pillow's LANCZOS resize of the decoded sample.
        let reference = try ImageDecoder.decode(Data(contentsOf: TestPaths.fixture("sample-image-lanczos-200x133.png")))
        let scaled = try ImageScaler.scale(
            try Self.sample("sample-image.jpg"), to: ScaleRequest(box: PixelSize(width: 200, height: 200))
        ).image
        #expect(scaled.size == reference.size)
        #expect(try psnr(scaled, reference) > 40)
    }

    @Test func upscalingWorks() throws {
        let checker = Self.image(width: 4, height: 4) { x, y in
            (x + y) % 2 == 0 ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255)
        }
        for filter in ResamplingFilter.allCases {
            let scaled = try ImageScaler.scale(
                try Self.pngData(checker), to: ScaleRequest(box: PixelSize(width: 16, height: 16), filter: filter)
            ).image
            #expect(scaled.size == PixelSize(width: 16, height: 16))
            #expect(scaled.isOpaque)
        }
        let box = try ImageScaler.scale(
            try Self.pngData(checker), to: ScaleRequest(box: PixelSize(width: 16, height: 16), filter: .box)
        ).image
        // Box enlargement is nearest neighbour: each source pixel becomes a 4x4 block.
        #expect(box.pixel(x: 0, y: 0) == SIMD4(0, 0, 0, 255))
        #expect(box.pixel(x: 4, y: 0) == SIMD4(255, 255, 255, 255))
        #expect(box.pixel(x: 3, y: 3) == SIMD4(0, 0, 0, 255))
    }

    @Test func modesGiveTheirSizes() throws {
        let data = try Self.sample("sample-image.jpg")
        let box = PixelSize(width: 100, height: 100)
        #expect(
            try ImageScaler.scale(data, to: ScaleRequest(box: box, mode: .fit)).image.size
                == PixelSize(width: 100, height: 67))
        #expect(try ImageScaler.scale(data, to: ScaleRequest(box: box, mode: .fill)).image.size == box)
        #expect(try ImageScaler.scale(data, to: ScaleRequest(box: box, mode: .stretch)).image.size == box)
    }

    @Test func fillCropsTheCentre() throws {
        // Left third red, middle third green, right third blue: a square fill keeps only green.
        let bands = Self.image(width: 90, height: 30) { x, _ in
            x < 30 ? SIMD4(255, 0, 0, 255) : x < 60 ? SIMD4(0, 255, 0, 255) : SIMD4(0, 0, 255, 255)
        }
        let scaled = try ImageScaler.scale(
            try Self.pngData(bands), to: ScaleRequest(box: PixelSize(width: 10, height: 10), mode: .fill)
        ).image
        #expect(scaled.pixel(x: 5, y: 5) == SIMD4(0, 255, 0, 255))
        #expect(scaled.pixel(x: 0, y: 5)[1] > 200)
    }

    @Test func largeReductionsUseJPEGShrinkOnLoad() throws {
        let data = try Self.sample("sample-image.jpg")
        let smallScale = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 40, height: 40)))
        let small = smallScale.image
        let report = smallScale.report
        // 640x427 into 40x40 reduces by 15.8: 1/8 leaves 1.98, over its threshold of 1.6.
        #expect(report.jpegScaleDenominator == 8)
        #expect(small.size == PixelSize(width: 40, height: 27))
        let directScale = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 300, height: 300)))
        let direct = directScale.image
        let fullReport = directScale.report
        #expect(fullReport.jpegScaleDenominator == 1)
        #expect(direct.size == PixelSize(width: 300, height: 200))
        // Shrink-on-load must not cost visible quality: compare with a full-size decode scaled down.
        let reference = try ImageScaler.scale(
            try Self.pngData(ImageDecoder.decode(data)), to: ScaleRequest(box: PixelSize(width: 40, height: 40))
        ).image
        #expect(try psnr(small, reference) > 35)
    }

    @Test func orientationIsAppliedToTheResult() throws {
        guard let folder = TestPaths.corpusFolder("exif-orientation") else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent("Landscape_6.jpg"))
        let shownScale = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 300, height: 300)))
        let shown = shownScale.image
        let report = shownScale.report
        #expect(report.orientation == .right && report.orientationApplied)
        #expect(shown.size == PixelSize(width: 300, height: 200))
        let storedScale = try ImageScaler.scale(
            data, to: ScaleRequest(box: PixelSize(width: 300, height: 300), applyOrientation: false))
        let stored = storedScale.image
        let storedReport = storedScale.report
        #expect(!storedReport.orientationApplied)
        #expect(stored.size == PixelSize(width: 200, height: 300))
        let upright = try ImageScaler.scale(
            Data(contentsOf: folder.appendingPathComponent("Landscape_1.jpg")),
            to: ScaleRequest(box: PixelSize(width: 300, height: 300))
        ).image
        #expect(try psnr(shown, upright) > 20)
    }

    @Test func pixelBudgetIsCheckedFirst() throws {
        let data = try Self.sample("sample-image.jpg")
        #expect(
            throws: ImageDecodingError.overPixelLimit(
                format: .jpeg, size: PixelSize(width: 640, height: 427), limit: 100)
        ) {
            try ImageScaler.scale(
                data, to: ScaleRequest(box: PixelSize(width: 10, height: 10), limits: ImageLimits(maxPixels: 100)))
        }
    }
}
