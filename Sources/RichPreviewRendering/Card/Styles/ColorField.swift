import Foundation

/// A small RGB picture in floats (0–255 a channel), where a backdrop is blurred, saturated and
/// tinted before it is sampled back up to the canvas's resolution.
struct ColorField {
    let width: Int
    let height: Int
    /// Red, green and blue of each sample, rows top to bottom.
    var values: [Float]

    /// The premultiplied pixels of `canvas` in `region` (whole pixels, within the canvas), each
    /// `factor` × `factor` block averaged into one sample; blocks cut by the region's edge average
    /// what they hold.
    init(canvas: Canvas, x0: Int, y0: Int, x1: Int, y1: Int, factor: Int) {
        let width = max(1, (x1 - x0 + factor - 1) / factor)
        let height = max(1, (y1 - y0 + factor - 1) / factor)
        var sums = [Float](repeating: 0, count: width * height * 3)
        let canvasWidth = canvas.width
        // The columns each sample gathers, and how many rows and columns it has.
        let columnCounts = (0..<width).map { Float(min(x1, x0 + ($0 + 1) * factor) - (x0 + $0 * factor)) }
        canvas.pixels.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                for row in 0..<height {
                    let top = y0 + row * factor
                    let bottom = min(y1, top + factor)
                    let rowBase = row * width * 3
                    for y in top..<bottom {
                        var index = (y * canvasWidth + x0) * 4
                        for sample in 0..<width {
                            let end = min(x1, x0 + (sample + 1) * factor) - x0 - sample * factor
                            var r: UInt32 = 0
                            var g: UInt32 = 0
                            var b: UInt32 = 0
                            for _ in 0..<end {
                                r += UInt32(pixels[index])
                                g += UInt32(pixels[index + 1])
                                b += UInt32(pixels[index + 2])
                                index += 4
                            }
                            sums[rowBase + sample * 3] += Float(r)
                            sums[rowBase + sample * 3 + 1] += Float(g)
                            sums[rowBase + sample * 3 + 2] += Float(b)
                        }
                    }
                    let rows = Float(bottom - top)
                    for sample in 0..<width {
                        let count = rows * columnCounts[sample]
                        for channel in 0..<3 { sums[rowBase + sample * 3 + channel] /= count }
                    }
                }
            }
        }
        self.width = width
        self.height = height
        values = sums
    }

    /// A field of `width` × `height` samples from `values`.
    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// A Gaussian blur of standard deviation `sigma` samples, as three box blurs across and three
    /// down; the edges are extended.
    mutating func blur(sigma: Double) {
        guard sigma > 0 else { return }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        let radius = max(1, Int(((ideal - 1) / 2).rounded()))
        for _ in 0..<3 {
            boxBlur(radius: radius, count: width, lines: height, step: 3, lineStep: width * 3)
            boxBlur(radius: radius, count: height, lines: width, step: width * 3, lineStep: 3)
        }
    }

    /// One box blur of `radius` along `lines` lines of `count` samples, `step` floats apart, the
    /// lines `lineStep` floats apart; a running sum over the extended line.
    private mutating func boxBlur(radius: Int, count: Int, lines: Int, step: Int, lineStep: Int) {
        guard count > 1 else { return }
        var line = [Float](repeating: 0, count: count)
        let scale = 1 / Float(2 * radius + 1)
        values.withUnsafeMutableBufferPointer { values in
            for lineIndex in 0..<lines {
                for channel in 0..<3 {
                    let base = lineIndex * lineStep + channel
                    for i in 0..<count { line[i] = values[base + i * step] }
                    var sum: Float = 0
                    for i in -radius...radius { sum += line[min(max(i, 0), count - 1)] }
                    for i in 0..<count {
                        values[base + i * step] = sum * scale
                        sum += line[min(i + radius + 1, count - 1)] - line[max(i - radius, 0)]
                    }
                }
            }
        }
    }

    /// Each sample's colour pushed away from its grey (Rec. 709 luma) by `amount` (1 keeps it).
    mutating func saturate(_ amount: Double) {
        guard amount != 1 else { return }
        let amount = Float(amount)
        for index in stride(from: 0, to: values.count, by: 3) {
            let luma = 0.2126 * values[index] + 0.7152 * values[index + 1] + 0.0722 * values[index + 2]
            for channel in 0..<3 {
                values[index + channel] = min(max(luma + (values[index + channel] - luma) * amount, 0), 255)
            }
        }
    }

    /// `color` laid over every sample at its alpha.
    mutating func tint(_ color: RGBAColor) {
        let alpha = Float(color.a) / 255
        let tint = [Float(color.r), Float(color.g), Float(color.b)].map { $0 * alpha }
        for index in stride(from: 0, to: values.count, by: 3) {
            for channel in 0..<3 { values[index + channel] = tint[channel] + values[index + channel] * (1 - alpha) }
        }
    }

    /// Row `y` (in samples, a sample's centre at whole numbers) interpolated between the two
    /// rows around it into `row`, `width` × 3 floats; the edges extended.
    func blendRow(_ y: Float, into row: UnsafeMutableBufferPointer<Float>) {
        let cy = min(max(y, 0), Float(height - 1))
        let y0 = Int(cy)
        let y1 = min(y0 + 1, height - 1)
        let fy = cy - Float(y0)
        values.withUnsafeBufferPointer { v in
            let top = y0 * width * 3
            let bottom = y1 * width * 3
            for i in 0..<(width * 3) { row[i] = v[top + i] + (v[bottom + i] - v[top + i]) * fy }
        }
    }
}
