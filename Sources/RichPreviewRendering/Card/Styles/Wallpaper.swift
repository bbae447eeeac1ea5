import Foundation
import RichPreview
import RichPreviewImaging

/// What a card picture shows behind its platters, as the lock screen shows the wallpaper.
public enum Wallpaper: Sendable, Hashable {
    /// A soft gradient of a few colours per appearance, generated (the style's own, the same in
    /// every picture of that size).
    case builtIn
    /// An image (bytes of any format `ImageFormats` decodes), scaled to cover the picture
    /// (aspect-fill, centred) within the renderer's image limits.
    case image(Data)
    /// One colour.
    case color(RGBAColor)

    /// The built-in gradient is computed on a grid this many pixels apart and interpolated.
    static let gradientCell = 8

    /// A canvas `width` × `height` pixels showing the wallpaper.
    /// - Throws: `ImageDecodingError` when the image does not decode within `limits`.
    func canvas(width: Int, height: Int, colors: StyleLook.WallpaperColors, limits: ImageLimits)
        throws(ImageDecodingError) -> Canvas
    {
        switch self {
        case .color(let color):
            return Canvas(width: width, height: height, background: color)
        case .image(let data):
            var canvas = Canvas(width: width, height: height, background: colors.base)
            guard canvas.width > 0, canvas.height > 0 else { return canvas }
            let filled = try ImageScaler.scale(
                data,
                to: ScaleRequest(
                    box: PixelSize(width: canvas.width, height: canvas.height), mode: .fill, limits: limits)
            ).image
            canvas.draw(filled, at: .zero)
            return canvas
        case .builtIn:
            var canvas = Canvas(width: width, height: height, background: colors.base)
            Self.paintGradient(colors, on: &canvas)
            return canvas
        }
    }

    /// The built-in gradient: each blob's colour over the base, weighted by a Gaussian of its
    /// distance in picture widths.
    private static func paintGradient(_ colors: StyleLook.WallpaperColors, on canvas: inout Canvas) {
        let cell = gradientCell
        let width = canvas.width
        let height = canvas.height
        guard width > 0, height > 0 else { return }
        let columns = width / cell + 2
        let rows = height / cell + 2
        var values = [Float](repeating: 0, count: columns * rows * 3)
        let base = SIMD3<Double>(Double(colors.base.r), Double(colors.base.g), Double(colors.base.b))
        for row in 0..<rows {
            for column in 0..<columns {
                let x = Double(column * cell) / Double(width)
                let y = Double(row * cell) / Double(width)
                var color = base
                for blob in colors.blobs {
                    let dx = x - blob.x
                    let dy = y - blob.y * Double(height) / Double(width)
                    let weight = exp(-(dx * dx + dy * dy) / (blob.reach * blob.reach))
                    let tone = SIMD3<Double>(Double(blob.color.r), Double(blob.color.g), Double(blob.color.b))
                    color += (tone - color) * weight
                }
                let index = (row * columns + column) * 3
                values[index] = Float(color.x)
                values[index + 1] = Float(color.y)
                values[index + 2] = Float(color.z)
            }
        }
        let field = ColorField(width: columns, height: rows, values: values)
        let step = 1 / Float(cell)
        var rowStorage = [Float](repeating: 0, count: columns * 3)
        rowStorage.withUnsafeMutableBufferPointer { row in
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<height {
                    field.blendRow(Float(y) * step, into: row)
                    for x in 0..<width {
                        let left = x / cell
                        let fx = Float(x - left * cell) * step
                        let index = (y * width + x) * 4
                        for channel in 0..<3 {
                            let a = row[left * 3 + channel]
                            let value = a + (row[(left + 1) * 3 + channel] - a) * fx
                            pixels[index + channel] = UInt8(min(max(value.rounded(), 0), 255))
                        }
                        pixels[index + 3] = 255
                    }
                }
            }
        }
    }
}
