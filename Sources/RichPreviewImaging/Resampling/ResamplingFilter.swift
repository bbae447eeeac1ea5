import Foundation

/// The interpolation kernel used to resample; widened by the reduction factor when shrinking.
public enum ResamplingFilter: String, Sendable, CaseIterable, Codable {
    /// Lanczos with 3 lobes: sharp, the default.
    case lanczos3
    /// Triangle (tent) filter.
    case bilinear
    /// Box filter: plain averaging when shrinking, nearest neighbour when enlarging.
    case box

    /// Half-width of the kernel in source pixels at a scale of 1.
    var support: Double {
        switch self {
        case .lanczos3: 3
        case .bilinear: 1
        case .box: 0.5
        }
    }

    /// The kernel's value at distance `x` (in kernel units).
    func weight(_ x: Double) -> Double {
        switch self {
        case .lanczos3:
            let t = abs(x)
            if t < 1e-9 { return 1 }
            if t >= 3 { return 0 }
            let px = Double.pi * t
            return 3 * sin(px) * sin(px / 3) / (px * px)
        case .bilinear:
            let t = abs(x)
            return t < 1 ? 1 - t : 0
        case .box:
            return x >= -0.5 && x < 0.5 ? 1 : 0
        }
    }
}
