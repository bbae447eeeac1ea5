import Foundation
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// How a review stores a drawn view: lossless WebP unless it shows a photo, then lossy when that
/// stays within `ReviewPicture.leastLossyPSNR` of the pixels.
struct ReviewPictureTests {
    static let view = ReviewView(appearance: .light, state: .expanded)

    /// A gradient with a photo's grain.
    static func gradient(_ size: Int) -> RGBAImage {
        var generator = SplitMix64(seed: 7)
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let grain = Int.random(in: -2...2, using: &generator)
                pixels += [UInt8(clamping: x * 255 / size + grain), UInt8(clamping: y * 255 / size + grain), 180, 255]
            }
        }
        return RGBAImage(size: PixelSize(width: size, height: size), pixels: pixels)
    }

    static func isLossless(_ data: Data) -> Bool { data.count > 16 && data[12..<16].elementsEqual("VP8L".utf8) }

    @Test func aViewWithoutAPhotoKeepsEveryPixel() throws {
        let image = Self.gradient(64)
        let picture = try ReviewPicture(view: Self.view, image: image, showsPhoto: false)
        #expect(Self.isLossless(picture.data))
        #expect(try ImageDecoder.decode(picture.data, convertingToSRGB: false) == image)
        #expect(picture.size == image.size)
    }

    @Test func aViewWithAPhotoIsLossyWithinTheLeastPSNR() throws {
        let image = Self.gradient(128)
        let picture = try ReviewPicture(view: Self.view, image: image, showsPhoto: true)
        #expect(!Self.isLossless(picture.data))
        let decoded = try ImageDecoder.decode(picture.data, convertingToSRGB: false)
        var squares = 0
        for index in decoded.pixels.indices where index % 4 != 3 {
            let difference = Int(decoded.pixels[index]) - Int(image.pixels[index])
            squares += difference * difference
        }
        let psnr = 10 * log10(255 * 255 / (Double(squares) / Double(128 * 128 * 3)))
        #expect(psnr >= ReviewPicture.leastLossyPSNR, "\(psnr) dB")
        let lossless = try ReviewPicture(view: Self.view, image: image, showsPhoto: false)
        #expect(picture.data.count < lossless.data.count)
    }

    @Test func aPhotoViewThatLossyWouldBlurStaysLossless() throws {
        // Hard one-pixel checks lose more than the least PSNR under VP8's 4:2:0 colour.
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 { pixels += (x + y) % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        let image = RGBAImage(size: PixelSize(width: 64, height: 64), pixels: pixels)
        let picture = try ReviewPicture(view: Self.view, image: image, showsPhoto: true)
        #expect(Self.isLossless(picture.data))
        #expect(try ImageDecoder.decode(picture.data, convertingToSRGB: false) == image)
    }
}
