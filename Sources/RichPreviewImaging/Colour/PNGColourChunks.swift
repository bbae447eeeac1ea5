import CRichPreviewLCMS

/// A PNG's gAMA chunk and its cHRM chunk, which describe the image's colour space when it has
/// neither an iCCP nor an sRGB chunk (those come first, as libpng orders them).
///
/// A file gamma within 5% of sRGB's 1/2.2 with sRGB's chromaticities (or no cHRM; for a grey
/// image, sRGB's white) is sRGB in effect, as libpng judges an insignificant gamma, and its pixels are kept bit for bit; any
/// other pair is turned into the ICC profile it describes and converted as a file's profile is.
/// A cHRM without a gAMA says nothing of the tone curve and is ignored.
struct PNGColourChunks {
    /// The gAMA chunk's file gamma: a sample v stands for the linear light v^(1/gamma).
    var gamma: Double
    /// The cHRM chunk's x, y pairs (white, red, green, blue); nil when there is none.
    var chromaticities: [Double]?
    /// Whether the image is grey (colour types 0 and 4): its profile is then a grey one.
    var isGray: Bool

    /// sRGB's white (D65) and primaries (Rec. 709), in cHRM's order.
    static let srgbChromaticities = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
    /// libpng's threshold for a gamma that needs no correction (PNG_GAMMA_THRESHOLD).
    static let gammaThreshold = 0.05
    /// How far a cHRM value may be from sRGB's and still be sRGB's (libpng's end-point tolerance).
    static let chromaticityTolerance = 0.001

    /// Whether the chunks describe sRGB closely enough that the pixels are kept as they are.
    var isSRGBInEffect: Bool {
        guard abs(gamma * 2.2 - 1) <= Self.gammaThreshold else { return false }
        guard let chromaticities else { return true }
        // A grey image has no primaries to speak of: its white is all that counts.
        let counted = isGray ? 2 : chromaticities.count
        return zip(chromaticities.prefix(counted), Self.srgbChromaticities).allSatisfy {
            abs($0 - $1) <= Self.chromaticityTolerance
        }
    }

    /// How reports name the colour space: `PNG gAMA 1.0`, `PNG gAMA 0.45455 and cHRM`.
    var name: String {
        let value = (gamma * 100_000).rounded() / 100_000
        return "PNG gAMA \(value)" + (chromaticities == nil ? "" : " and cHRM")
    }

    /// The ICC profile the chunks describe, made by Little CMS; or why none can be made (values
    /// that make no colour space, or Little CMS not installed).
    func profile() -> Result<[UInt8], ColourChunkProblem> {
        var message = [CChar](repeating: 0, count: 512)
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = (chromaticities ?? []).withUnsafeBufferPointer { points in
            crp_lcms_profile_from_chunks(
                gamma, chromaticities == nil ? nil : points.baseAddress, isGray ? 1 : 0, name, &bytes, &count,
                &message, message.count)
        }
        guard status == CRP_LCMS_OK, let bytes else {
            let reason = CMessage.string(message)
            return .failure(ColourChunkProblem(reason: reason.isEmpty ? "Little CMS made no profile" : reason))
        }
        defer { crp_lcms_profile_free(bytes) }
        return .success(Array(UnsafeBufferPointer(start: bytes, count: count)))
    }
}

/// Why a PNG's gAMA and cHRM chunks gave no profile.
struct ColourChunkProblem: Error {
    /// For a warning.
    var reason: String
}
