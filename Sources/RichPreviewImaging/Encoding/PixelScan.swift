/// Whole-image questions the encoders ask before writing, answered in one pass over the pixels.
enum PixelScan {
    /// Whether every pixel has R = G = B, and whether every pixel has alpha 255: bitwise
    /// reductions over blocks of pixels (which the compiler vectorises), stopping at the end of
    /// the first block after which both answers are no.
    static func grayAndOpaque(_ pixels: UnsafeBufferPointer<UInt32>) -> (gray: Bool, opaque: Bool) {
        var gray = true
        var opaque = true
        var start = 0
        while start < pixels.count, gray || opaque {
            let end = min(start + 4096, pixels.count)
            var alphas: UInt32 = 0xFFFF_FFFF
            var differences: UInt32 = 0
            for index in start..<end {
                // R, G, B, A in memory: R in the low byte.
                let pixel = UInt32(littleEndian: pixels[index])
                alphas &= pixel
                differences |= (pixel ^ (pixel >> 8)) & 0xFFFF
            }
            if alphas >> 24 != 0xFF { opaque = false }
            if differences != 0 { gray = false }
            start = end
        }
        return (gray, opaque)
    }

    /// Whether every pixel of `image` has alpha 255.
    static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            var start = 0
            while start < pixels.count {
                let end = min(start + 4096, pixels.count)
                var alphas: UInt32 = 0xFFFF_FFFF
                for index in start..<end { alphas &= UInt32(littleEndian: pixels[index]) }
                if alphas >> 24 != 0xFF { return false }
                start = end
            }
            return true
        }
    }
}
