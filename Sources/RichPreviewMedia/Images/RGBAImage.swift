/// A decoded image: 8-bit RGBA samples with straight (not premultiplied) alpha, row by row.
public struct RGBAImage: Sendable, Equatable {
    /// The image's width and height in pixels.
    public var size: PixelSize
    /// `size.width * size.height * 4` samples: R, G, B, A for each pixel, rows top to bottom.
    public var pixels: [UInt8]

    /// An image from its samples, which should be `size.pixelCount * 4`. It never traps: a size
    /// with a negative side, or too large for its samples to be counted, is taken as 0×0; samples
    /// beyond the size are dropped, missing ones are transparent black.
    public init(size: PixelSize, pixels: [UInt8]) {
        let valid = size.width >= 0 && size.height >= 0 && size.pixelCount <= Int.max / 4
        self.size = valid ? size : PixelSize(width: 0, height: 0)
        let count = self.size.pixelCount * 4
        if pixels.count == count {
            self.pixels = pixels
        } else if pixels.count > count {
            self.pixels = Array(pixels.prefix(count))
        } else {
            self.pixels = pixels + [UInt8](repeating: 0, count: count - pixels.count)
        }
    }

    /// The RGBA samples of the pixel at column `x`, row `y`; transparent black (all 0) outside the
    /// image.
    public func pixel(x: Int, y: Int) -> SIMD4<UInt8> {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return SIMD4(0, 0, 0, 0) }
        let index = (y * size.width + x) * 4
        return SIMD4(pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }

    /// The image as shown for `orientation`: rotated and mirrored so that it is the right way up.
    public func oriented(_ orientation: ImageOrientation) -> RGBAImage {
        if orientation == .up { return self }
        let width = size.width
        let height = size.height
        let shown = orientation.swapsDimensions ? size.transposed : size
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            let source = source.bindMemory(to: UInt32.self)
            result.withUnsafeMutableBytes { target in
                let target = target.bindMemory(to: UInt32.self)
                for dy in 0..<shown.height {
                    for dx in 0..<shown.width {
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case .up: (sx, sy) = (dx, dy)
                        case .upMirrored: (sx, sy) = (width - 1 - dx, dy)
                        case .down: (sx, sy) = (width - 1 - dx, height - 1 - dy)
                        case .downMirrored: (sx, sy) = (dx, height - 1 - dy)
                        case .leftMirrored: (sx, sy) = (dy, dx)
                        case .right: (sx, sy) = (dy, height - 1 - dx)
                        case .rightMirrored: (sx, sy) = (width - 1 - dy, height - 1 - dx)
                        case .left: (sx, sy) = (width - 1 - dy, dx)
                        }
                        target[dy * shown.width + dx] = source[sy * width + sx]
                    }
                }
            }
        }
        return RGBAImage(size: shown, pixels: result)
    }
}
