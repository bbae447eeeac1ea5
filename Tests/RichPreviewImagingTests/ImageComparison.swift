import Foundation
import RichPreview
import RichPreviewImaging

/// Peak signal-to-noise ratio over the RGB samples of two images of one size, in dB.
func psnr(_ a: RGBAImage, _ b: RGBAImage) throws -> Double {
    struct SizeMismatch: Error {}
    guard a.size == b.size else { throw SizeMismatch() }
    var squared = 0.0
    var count = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
        for channel in 0..<3 {
            let difference = Double(a.pixels[index + channel]) - Double(b.pixels[index + channel])
            squared += difference * difference
            count += 1
        }
    }
    let mse = squared / Double(count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// Every distinct RGBA value in an image.
func distinctPixels(_ image: RGBAImage) -> Set<SIMD4<UInt8>> {
    Set(
        stride(from: 0, to: image.pixels.count, by: 4).map {
            SIMD4(image.pixels[$0], image.pixels[$0 + 1], image.pixels[$0 + 2], image.pixels[$0 + 3])
        })
}

/// Reads binary (P6) PPM files with 8-bit samples, the format of libjpeg-turbo's test originals.
enum PPM {
    struct Malformed: Error {}

    static func read(_ url: URL) throws -> RGBAImage {
        let bytes = [UInt8](try Data(contentsOf: url))
        var index = 0
        func token() throws -> String {
            while index < bytes.count, bytes[index] == 0x23 || bytes[index] <= 0x20 {
                if bytes[index] == 0x23 {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else {
                    index += 1
                }
            }
            let start = index
            while index < bytes.count, bytes[index] > 0x20 { index += 1 }
            guard index > start else { throw Malformed() }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard try token() == "P6", let width = Int(try token()), let height = Int(try token()), try token() == "255"
        else {
            throw Malformed()
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else { throw Malformed() }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for pixel in 0..<(width * height) {
            let at = index + pixel * 3
            pixels += [bytes[at], bytes[at + 1], bytes[at + 2], 255]
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }
}
