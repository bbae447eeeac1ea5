import Foundation
import RichPreviewImaging
import RichPreviewMedia

/// Pictures the card tests draw with and look for: a solid PNG of one colour, and where a colour
/// lands in a rendered card.
enum TestImages {
    static let red = SIMD4<UInt8>(255, 0, 0, 255)
    static let blue = SIMD4<UInt8>(0, 0, 255, 255)

    /// A `width` × `height` PNG of one opaque `color`.
    static func solidPNG(width: Int, height: Int, color: SIMD4<UInt8> = red) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3]) = (color.x, color.y, color.z, 255)
        }
        return try ImageEncoder.encode(RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)).data
    }

    /// Whether a drawn pixel is the solid red of `solidPNG` (anti-aliased edges aside).
    static func isRed(_ pixel: SIMD4<UInt8>) -> Bool { pixel.x > 200 && pixel.y < 60 && pixel.z < 60 }

    /// The smallest box holding every pixel of `image` that `matches`, nil when none does.
    static func bounds(in image: RGBAImage, where matches: (SIMD4<UInt8>) -> Bool) -> (
        minX: Int, maxX: Int, minY: Int, maxY: Int
    )? {
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for y in 0..<image.size.height {
            for x in 0..<image.size.width where matches(image.pixel(x: x, y: y)) {
                box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), min(box?.minY ?? y, y), max(box?.maxY ?? y, y))
            }
        }
        return box
    }
}
