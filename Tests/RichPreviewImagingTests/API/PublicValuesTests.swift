import Foundation
import RichPreviewImaging
import RichPreviewMedia
import Testing

/// Values a caller can pass that used to stop the process: each public entry point now throws or
/// clamps, as documented.
struct PublicValuesTests {
    static let png: Data = {
        let image = RGBAImage(size: PixelSize(width: 4, height: 4), pixels: [UInt8](repeating: 200, count: 64))
        return (try? ImageEncoder.encode(image).data) ?? Data()
    }()
    static let sides = [0, -1, -5000, Int.min, Int.max]

    @Test func aScaleBoxWithoutPixelsThrows() {
        for side in Self.sides where side <= 0 {
            for box in [PixelSize(width: side, height: 10), PixelSize(width: 10, height: side)] {
                #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(Self.png, to: ScaleRequest(box: box)) }
                #expect(throws: ImageDecodingError.self) {
                    try ImageScaler.estimatedMemory(Self.png, for: ScaleRequest(box: box))
                }
            }
        }
        // Int.max sides are a valid box: fitting into it is refused by the output pixel limit.
        #expect(throws: ImageDecodingError.self) {
            try ImageScaler.scale(Self.png, to: ScaleRequest(box: PixelSize(width: Int.max, height: Int.max)))
        }
        let wide = try? ImageScaler.scale(Self.png, to: ScaleRequest(box: PixelSize(width: 10, height: Int.max)))
        #expect(wide?.image.size == PixelSize(width: 10, height: 10))
    }

    @Test func aPlanOfNoPixelsIsClampedToOne() {
        for side in Self.sides where side <= 0 {
            let plan = ScalePlan(
                source: PixelSize(width: side, height: 4), box: PixelSize(width: 2, height: side), mode: .fit)
            #expect(plan.output.width >= 1 && plan.output.height >= 1)
            let clipped = ScalePlan(
                source: PixelSize(width: 8, height: 8), box: PixelSize(width: 4, height: 4), mode: .fill,
                clip: UnitRect(x: .nan, y: -3, width: .infinity, height: 0))
            #expect(clipped.region.width > 0 && clipped.region.height > 0)
        }
    }

    @Test func anImageOfTheWrongSizeIsRepairedNotTrapped() {
        #expect(
            RGBAImage(size: PixelSize(width: -1, height: -1), pixels: [1, 2, 3, 4]).size
                == PixelSize(width: 0, height: 0))
        #expect(RGBAImage(size: PixelSize(width: Int.max, height: 2), pixels: []).pixels.isEmpty)
        let short = RGBAImage(size: PixelSize(width: 2, height: 1), pixels: [9, 9, 9, 9])
        #expect(short.pixels == [9, 9, 9, 9, 0, 0, 0, 0])
        let long = RGBAImage(size: PixelSize(width: 1, height: 1), pixels: [1, 2, 3, 4, 5, 6])
        #expect(long.pixels == [1, 2, 3, 4])
        #expect(long.pixel(x: 5, y: -1) == SIMD4(0, 0, 0, 0))
        #expect(long.pixel(x: Int.max, y: Int.max) == SIMD4(0, 0, 0, 0))
    }

    @Test func decodedPixelsWithABadRequestThrow() {
        let empty = RGBAImage(size: PixelSize(width: 0, height: 0), pixels: [])
        #expect(throws: ImageDecodingError.self) {
            try ImageScaler.scale(empty, to: ScaleRequest(box: PixelSize(width: 4, height: 4)))
        }
    }

    @Test(arguments: [Int.min, -1, 0, 101, Int.max])
    func aJPEGQualityOutOfRangeThrows(quality: Int) throws {
        let image = RGBAImage(size: PixelSize(width: 8, height: 8), pixels: [UInt8](repeating: 128, count: 256))
        #expect(throws: ImageEncodingError.self) { try ImageEncoder.encode(image, as: .jpeg(quality: quality)) }
    }

    @Test func aMovieRequestOutOfRangeThrows() {
        for (seconds, limit) in [(-1.0, 100), (.nan, 100), (.infinity, 100), (0, 0), (0, -1), (0, Int.min)] {
            #expect(throws: MovieFrameError.self) {
                try MovieFrameDecoder.posterFrame(of: Data([0, 0, 0]), at: seconds, pixelLimit: limit)
            }
        }
        #expect(throws: MovieFrameError.self) { try MovieFrameDecoder.posterFrame(of: Data(), pixelLimit: 100) }
    }
}
