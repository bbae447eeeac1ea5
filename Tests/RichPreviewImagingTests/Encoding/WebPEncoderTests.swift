import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `WebPEncoder`: lossless keeps every pixel (alpha too), lossy is close and much smaller on a
/// photo, and settings or sizes WebP cannot take are refused with a reason.
struct WebPEncoderTests {
    /// A `width`×`height` picture: smooth colour gradients with noise (a photo's texture) and, when
    /// `translucent`, an alpha ramp.
    static func photo(width: Int, height: Int, translucent: Bool = false) -> RGBAImage {
        var generator = SplitMix64(seed: 7)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int.random(in: -6...6, using: &generator)
                pixels += [
                    UInt8(clamping: x * 255 / max(1, width - 1) + noise),
                    UInt8(clamping: y * 255 / max(1, height - 1) + noise),
                    UInt8(clamping: (x + y) * 127 / max(1, width + height - 2) + 64 + noise),
                    translucent ? UInt8(x * 255 / max(1, width - 1)) : 255,
                ]
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }

    static func isWebP(_ data: Data) -> Bool { ImageFormats.detect(data.prefix(ImageFormats.signatureLength)) == .webp }

    @Test func losslessKeepsEveryPixelAndItsAlpha() throws {
        for translucent in [false, true] {
            let image = Self.photo(width: 97, height: 61, translucent: translucent)
            let data = try WebPEncoder.encode(image, .lossless(), method: 1)
            #expect(Self.isWebP(data))
            #expect(try ImageDecoder.decode(data, convertingToSRGB: false) == image)
        }
    }

    @Test func lossyIsCloseAndSmallerThanLosslessOnAPhoto() throws {
        let image = Self.photo(width: 320, height: 240)
        let lossy = try WebPEncoder.encode(image, .lossy(quality: 90), method: 2)
        let lossless = try WebPEncoder.encode(image, .lossless(), method: 1)
        let decoded = try ImageDecoder.decode(lossy, convertingToSRGB: false)
        #expect(decoded.size == image.size)
        #expect(try psnr(decoded, image) >= 35)
        #expect(lossy.count * 2 < lossless.count, "\(lossy.count) against \(lossless.count) bytes")
        // An opaque image has no alpha channel: its decode is opaque throughout.
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == 255 })
    }

    @Test func settingsAndSizesWebPCannotTakeAreRefused() {
        let image = Self.photo(width: 4, height: 4)
        for (compression, method) in [
            (WebPEncoder.Compression.lossy(quality: 101), 4), (.lossless(effort: -1), 4), (.lossy(), 7),
        ] {
            #expect(throws: WebPEncoder.Failure.self) { try WebPEncoder.encode(image, compression, method: method) }
        }
        let wide = RGBAImage(
            size: PixelSize(width: 16_384, height: 1), pixels: [UInt8](repeating: 255, count: 16_384 * 4))
        let refused = #expect(throws: WebPEncoder.Failure.self) { try WebPEncoder.encode(wide, .lossless()) }
        #expect(refused?.description.contains("16383") == true, "\(String(describing: refused))")
        var damaged = image
        damaged.pixels.removeLast()
        #expect(throws: WebPEncoder.Failure.self) { try WebPEncoder.encode(damaged, .lossless()) }
        let empty = RGBAImage(size: PixelSize(width: 0, height: 3), pixels: [])
        #expect(throws: WebPEncoder.Failure.self) { try WebPEncoder.encode(empty, .lossy()) }
    }
}
