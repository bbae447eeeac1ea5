import Foundation
import RichPreviewImaging

/// The documented resize written plainly in `Double`, to check the fixed-point resampler against:
/// separable, each output pixel centred on `regionStart + (i + 0.5) × scale`, the kernel widened by
/// the reduction, taps past the edges dropped and the rest renormalised, colour premultiplied by
/// alpha, results rounded and clamped to 0…255.
enum ReferenceResampler {
    static func kernel(_ filter: ResamplingFilter, _ x: Double) -> Double {
        switch filter {
        case .lanczos3:
            let t = abs(x)
            if t < 1e-9 { return 1 }
            if t >= 3 { return 0 }
            return 3 * sin(Double.pi * t) * sin(Double.pi * t / 3) / (Double.pi * Double.pi * t * t)
        case .bilinear: return max(0, 1 - abs(x))
        case .box: return x >= -0.5 && x < 0.5 ? 1 : 0
        }
    }

    static func support(_ filter: ResamplingFilter) -> Double {
        switch filter {
        case .lanczos3: 3
        case .bilinear: 1
        case .box: 0.5
        }
    }

    /// For each output index, the source indices it reads and their normalised weights.
    static func taps(start: Double, length: Double, source: Int, output: Int, filter: ResamplingFilter)
        -> [[(index: Int, weight: Double)]]
    {
        let scale = length / Double(output)
        let filterScale = max(scale, 1)
        let reach = support(filter) * filterScale
        return (0..<output).map { index in
            let center = start + (Double(index) + 0.5) * scale
            let low = max(0, Int((center - reach).rounded(.down)))
            let high = min(source, Int((center + reach).rounded(.up)))
            let row = (low..<max(low, high)).map { ($0, kernel(filter, (Double($0) + 0.5 - center) / filterScale)) }
            let total = row.reduce(0) { $0 + $1.1 }
            guard total != 0 else { return [(min(max(0, Int(center)), source - 1), 1)] }
            return row.map { ($0.0, $0.1 / total) }
        }
    }

    /// `image` resampled as `plan` says.
    static func resample(_ image: RGBAImage, plan: ScalePlan, filter: ResamplingFilter) -> RGBAImage {
        let width = image.size.width
        let horizontal = taps(
            start: plan.region.x, length: plan.region.width, source: width, output: plan.output.width, filter: filter)
        let vertical = taps(
            start: plan.region.y, length: plan.region.height, source: image.size.height,
            output: plan.output.height, filter: filter)
        func premultiplied(_ x: Int, _ y: Int) -> SIMD4<Double> {
            let p = image.pixel(x: x, y: y)
            let alpha = Double(p[3])
            return SIMD4(Double(p[0]) * alpha / 255, Double(p[1]) * alpha / 255, Double(p[2]) * alpha / 255, alpha)
        }
        let filteredRows: [[SIMD4<Double>]] = (0..<image.size.height).map { y in
            horizontal.map { row in row.reduce(SIMD4<Double>()) { $0 + premultiplied($1.index, y) * $1.weight } }
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(plan.output.pixelCount * 4)
        for row in vertical {
            for x in 0..<plan.output.width {
                let sum = row.reduce(SIMD4<Double>()) { $0 + filteredRows[$1.index][x] * $1.weight }
                let alpha = min(max(sum[3], 0), 255)
                let factor = alpha > 0 ? 255 / alpha : 0
                for channel in 0..<3 { pixels.append(clamped(sum[channel] * factor)) }
                pixels.append(clamped(alpha))
            }
        }
        return RGBAImage(size: plan.output, pixels: pixels)
    }

    private static func clamped(_ value: Double) -> UInt8 {
        UInt8(min(max((value + 0.5).rounded(.down), 0), 255))
    }
}
