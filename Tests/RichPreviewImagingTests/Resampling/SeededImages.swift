import Foundation
import RichPreviewImaging

/// Reproducible test images from a seed (SplitMix64), encoded by the project's own PNG encoder.
struct SeededImages {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Noise over smooth gradients (so both ringing and flat areas occur); with `alpha`, an alpha
    /// channel that runs from transparent to opaque with noise, and some fully transparent pixels.
    mutating func image(width: Int, height: Int, alpha: Bool) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let noise = next()
                let base = (x * 255 / max(1, width - 1) + y * 97 / max(1, height)) & 255
                pixels.append(UInt8(truncatingIfNeeded: base ^ Int(noise & 0x3F)))
                pixels.append(UInt8(truncatingIfNeeded: noise >> 8))
                pixels.append(UInt8(truncatingIfNeeded: (y * 255 / max(1, height - 1)) + Int((noise >> 16) & 0x7)))
                if alpha {
                    let ramp = x * 320 / max(1, width) - 32 + Int((noise >> 24) & 0x1F)
                    pixels.append(UInt8(clamping: ramp))
                } else {
                    pixels.append(255)
                }
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }

    /// The PNG bytes of `image`.
    static func png(_ image: RGBAImage) throws -> Data {
        try ImageEncoder.encode(image, as: .png()).data
    }
}
