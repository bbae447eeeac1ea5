import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// GIF frames after the first: counted (and checked) within a bounded amount of work, never
/// decoded to show the first.
struct GIFFrameTests {
    @Test func framesMadeByTheTestWriterDecodeAsWritten() throws {
        let stripes = (0..<40 * 30).map { UInt8($0 / 40 % 4) }
        let data = GIFWriter.make(width: 40, height: 30, frames: [stripes, [UInt8](repeating: 2, count: 1200)])
        let info = try ImageValidator.validate(data)
        #expect(info.frameCount == 2 && info.size == PixelSize(width: 40, height: 30))
        let image = try ImageDecoder.decode(data)
        #expect(image.pixel(x: 0, y: 0) == [0, 0, 0, 255])
        #expect(image.pixel(x: 5, y: 1) == [255, 255, 255, 255])
        #expect(image.pixel(x: 5, y: 2) == [255, 0, 0, 255])
        #expect(image.pixel(x: 5, y: 29) == [255, 255, 255, 255])
    }

    @Test func tenThousandFramesAreCountedWithoutDecodingThemAll() throws {
        let data = GIFWriter.plainAnimation(width: 500, height: 500, frameCount: 10_000)
        #expect(data.count < 10_000_000)
        let info = try ImageValidator.validate(data)
        #expect(info.frameCount == 10_000)
        let scaled = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 50, height: 50)))
        #expect(scaled.image.size == PixelSize(width: 50, height: 50))
    }

    @Test func damageInAFrameTheDecodeReachesIsFound() throws {
        var data = GIFWriter.make(
            width: 8, height: 8, frames: [[UInt8](repeating: 1, count: 64)] + [[UInt8](repeating: 2, count: 64)])
        // The second frame's data ends early: its sub-block chain runs past the trailer.
        data.removeLast(3)
        #expect(throws: ImageDecodingError.self) { try ImageValidator.validate(data) }
        // Showing the first frame does not read the second.
        #expect(try ImageDecoder.decode(data).size == PixelSize(width: 8, height: 8))
    }
}
