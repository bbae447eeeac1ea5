import CRichPreviewResample

/// The implementation of the resampler's fixed-point inner loops (`CRichPreviewResample`). Every
/// kernel computes the same integer sums, so all of them give bit-identical pixels; an unavailable
/// kernel falls back to the portable one.
package enum ResamplingKernel: String, Sendable, CaseIterable, Equatable {
    /// Plain C, for any CPU.
    case portable
    /// x86-64 AVX2, when the CPU and the operating system support it (checked at run time).
    case avx2

    /// The fastest kernel this machine runs.
    package static let best: ResamplingKernel = crp_resample_best_kernel() == CRP_RESAMPLE_AVX2 ? .avx2 : .portable

    /// Whether this kernel can run here.
    package var isAvailable: Bool { crp_resample_kernel_available(cValue) != 0 }

    private var cValue: crp_resample_kernel {
        switch self {
        case .portable: CRP_RESAMPLE_PORTABLE
        case .avx2: CRP_RESAMPLE_AVX2
        }
    }

    /// Converts `count` RGBA8 pixels to premultiplied F6 samples (colour × alpha / 255 × 64, alpha × 64).
    func premultiply(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<Int16>, count: Int) {
        crp_resample_premultiply(cValue, source, target, count)
    }

    /// Filters `count` opaque RGBA8 rows horizontally with `weights` (a windowed axis), `rows[i]`
    /// into `outputs[i]`.
    func filterHorizontally(
        _ rows: UnsafePointer<UnsafePointer<UInt8>?>, into outputs: UnsafePointer<UnsafeMutablePointer<Int16>?>,
        count: Int, weights: AxisWeights
    ) {
        weights.withTables { starts, taps in
            crp_resample_horizontal_u8(
                cValue, rows, outputs, count, starts, taps, weights.stride, weights.outputLength,
                Int32(weights.precision))
        }
    }

    /// Filters `count` premultiplied F6 rows horizontally, as `filterHorizontally` does for RGBA8.
    func filterPremultipliedHorizontally(
        _ rows: UnsafePointer<UnsafePointer<Int16>?>, into outputs: UnsafePointer<UnsafeMutablePointer<Int16>?>,
        count: Int, weights: AxisWeights
    ) {
        weights.withTables { starts, taps in
            crp_resample_horizontal_f6(
                cValue, rows, outputs, count, starts, taps, weights.stride, weights.outputLength,
                Int32(weights.precision))
        }
    }

    /// Sums the F6 `rows` of output row `index` of `weights` (a vertical axis) into `width` RGBA8
    /// pixels at `output`, rounded and clamped.
    func filterVertically(
        _ rows: UnsafePointer<UnsafePointer<Int16>?>, index: Int, weights: AxisWeights, width: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        weights.withTables { _, taps in
            crp_resample_vertical_u8(
                cValue, rows, taps + index * weights.stride, weights.counts[index], width, Int32(weights.precision),
                output)
        }
    }

    /// As `filterVertically`, keeping premultiplied F6 samples for `unpremultiply`.
    func filterPremultipliedVertically(
        _ rows: UnsafePointer<UnsafePointer<Int16>?>, index: Int, weights: AxisWeights, width: Int,
        into output: UnsafeMutablePointer<Int16>
    ) {
        weights.withTables { _, taps in
            crp_resample_vertical_f6(
                cValue, rows, taps + index * weights.stride, weights.counts[index], width, Int32(weights.precision),
                output)
        }
    }

    /// Turns `count` premultiplied F6 pixels back into straight-alpha RGBA8.
    func unpremultiply(_ source: UnsafePointer<Int16>, into target: UnsafeMutablePointer<UInt8>, count: Int) {
        crp_resample_unpremultiply(cValue, source, target, count)
    }
}
