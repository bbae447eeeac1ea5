/// The 8-bit arithmetic of compositing: premultiplied sRGB values, source over destination.
enum PixelMath {
    /// `value / 255` rounded to the nearest integer, exact for every product of two bytes.
    @inline(__always)
    static func divide255(_ value: UInt32) -> UInt32 {
        let biased = value + 128
        return (biased + (biased >> 8)) >> 8
    }

    /// A coverage from 0 to 1 as a byte, rounded.
    @inline(__always)
    static func coverageByte(_ coverage: Float) -> UInt32 {
        coverage >= 1 ? 255 : coverage <= 0 ? 0 : UInt32(coverage * 255 + 0.5)
    }

    /// Composites a premultiplied source pixel over the premultiplied pixel at `index`.
    @inline(__always)
    static func over(
        _ pixels: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32
    ) {
        if a == 255 {
            pixels[index] = UInt8(truncatingIfNeeded: r)
            pixels[index + 1] = UInt8(truncatingIfNeeded: g)
            pixels[index + 2] = UInt8(truncatingIfNeeded: b)
            pixels[index + 3] = 255
            return
        }
        let keep = 255 - a
        pixels[index] = UInt8(truncatingIfNeeded: min(255, r + divide255(UInt32(pixels[index]) * keep)))
        pixels[index + 1] = UInt8(truncatingIfNeeded: min(255, g + divide255(UInt32(pixels[index + 1]) * keep)))
        pixels[index + 2] = UInt8(truncatingIfNeeded: min(255, b + divide255(UInt32(pixels[index + 2]) * keep)))
        pixels[index + 3] = UInt8(truncatingIfNeeded: min(255, a + divide255(UInt32(pixels[index + 3]) * keep)))
    }

    /// Composites `color` at coverage `coverage` (0-255) over the pixel at `index`.
    @inline(__always)
    static func over(_ pixels: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ color: RGBAColor, coverage: UInt32) {
        let a = divide255(UInt32(color.a) * coverage)
        guard a > 0 else { return }
        over(
            pixels, index, divide255(UInt32(color.r) * a), divide255(UInt32(color.g) * a),
            divide255(UInt32(color.b) * a), a)
    }
}
