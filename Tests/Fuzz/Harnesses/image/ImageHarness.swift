import Foundation
import RichPreviewImaging

/// libFuzzer's entry point: a selector byte, two box bytes, then a PNG, JPEG or GIF.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    ImageHarness.run(&input)
    return 0
}

/// The Swift image path over the C shims: `ImageHeader.read`, `ImageValidator.validate`,
/// `ImageDecoder.decode` and `ImageScaler.scale` (with and without encoding, a scaled image written
/// as PNG with either compressor and read back), within limits small enough that a legitimately
/// large image is refused rather than allocated.
enum ImageHarness {
    static let limits = ImageLimits(maxPixels: 4_000_000, maxMemory: 64 * 1024 * 1024)

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let box = PixelSize(width: input.number(in: 1...256), height: input.number(in: 1...256))
        let data = input.rest()
        let request = ScaleRequest(
            box: box, mode: ScaleMode.allCases[Int(selector >> 3) % 3],
            filter: ResamplingFilter.allCases[Int(selector >> 5) % 3], applyOrientation: selector & 0x80 == 0,
            limits: limits)
        do {
            switch selector % 5 {
            case 0:
                let header = try ImageHeader.read(data)
                Invariant.check(header.size.width > 0 && header.size.height > 0, "header with an empty size")
            case 1:
                _ = try ImageValidator.validate(data, limits: limits)
            case 2:
                let image = try ImageDecoder.decode(data, applyOrientation: selector & 0x80 == 0, limits: limits)
                Invariant.check(
                    image.pixels.count == image.size.width * image.size.height * 4,
                    "pixel count does not match the size")
            case 3:
                let scaled = try ImageScaler.scale(data, to: request)
                Invariant.check(
                    scaled.image.pixels.count == scaled.image.size.width * scaled.image.size.height * 4,
                    "scaled pixel count does not match the size")
                checkPNGRoundTrip(scaled.image, selector: selector)
            default:
                let encoding: ImageEncoding = selector & 0x40 == 0 ? .png() : .jpeg(quality: Int(selector % 100) + 1)
                _ = try ImageScaler.scale(data, to: request, encodingAs: encoding)
            }
        } catch {
            _ = String(describing: error)
        }
    }

    /// Writes `image` as PNG with the settings chosen for it, or (as `selector` says) with the other
    /// compressor at some level, on 1 or 2 threads, and checks that it reads back to its pixels.
    static func checkPNGRoundTrip(_ image: RGBAImage, selector: UInt8) {
        var settings = PNGSettings.chosen(for: image)
        if selector & 0x04 != 0 {
            settings.compression =
                settings.compression.compressor == .zlib
                ? .libdeflate(level: Int(selector) % 13)
                : .zlib(level: Int(selector) % 10, strategy: PNGSettings.ZlibStrategy.allCases[Int(selector >> 1) % 4])
        }
        do {
            let encoded = try ImageEncoder.encode(image, as: .png(settings), threads: 1 + Int(selector & 1))
            let decoded = try ImageDecoder.decode(encoded.data, applyOrientation: false, limits: limits)
            Invariant.check(decoded == image, "a PNG written with \(settings) reads back to other pixels")
        } catch {
            Invariant.check(false, "a PNG written with \(settings) failed: \(error)")
        }
    }
}
