import Foundation

/// A scaled image in memory and what the scale did.
public struct ScaledImage: Sendable, Equatable {
    /// The oriented, scaled pixels.
    public var image: RGBAImage
    /// Sizes, orientation, DCT scaling and the time spent per stage.
    public var report: ScaleReport
    /// The input's ICC profile, carried for the output when the request keeps it; nil otherwise
    /// (the pixels are then sRGB).
    public var iccProfile: Data? = nil
    /// What the call cost: stage times, waiting, estimated peak memory.
    public var cost = ScaleCost()
}

/// A scaled image encoded in memory, ready to attach or upload, and what was done to it.
public struct ScaledImageData: Sendable, Equatable {
    /// The encoded bytes with their format and settings.
    public var encoded: EncodedImage
    /// The output's size in pixels.
    public var size: PixelSize
    /// What the decode and scale did.
    public var report: ScaleReport
    /// Milliseconds spent encoding.
    public var encodeMilliseconds: Double
    /// What the call cost: stage times (the encode's included), waiting, estimated peak memory.
    public var cost = ScaleCost()

    /// The encoded file's bytes.
    public var data: Data { encoded.data }
}

/// Why a one-call scale and encode failed: reading the input, or encoding the output.
public enum ImageProcessingError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// The input could not be decoded, or was over the limits.
    case decoding(ImageDecodingError)
    /// The output could not be encoded.
    case encoding(ImageEncodingError)
    /// The calling task was cancelled: the work stopped before (or during) `stage`.
    case cancelled(stage: ImagingStage)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .decoding(let error): error.description
        case .encoding(let error): error.description
        case .cancelled(let stage): ImageDecodingError.cancelled(stage: stage).description
        }
    }
}

extension ImageProcessingError {
    /// A decoding error as the one-call encode throws it: a cancellation as `.cancelled`, the others as `.decoding`.
    init(_ error: ImageDecodingError) {
        if case .cancelled(let stage) = error {
            self = .cancelled(stage: stage)
        } else {
            self = .decoding(error)
        }
    }
}
