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
/// `ImageDecoder.decode` and `ImageScaler.scale` (with and without encoding), within limits small
/// enough that a legitimately large image is refused rather than allocated.
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
            default:
                let encoding: ImageEncoding = selector & 0x40 == 0 ? .png() : .jpeg(quality: Int(selector % 100) + 1)
                _ = try ImageScaler.scale(data, to: request, encodingAs: encoding)
            }
        } catch {
            _ = String(describing: error)
        }
    }
}
