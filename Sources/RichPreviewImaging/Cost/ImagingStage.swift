/// A stage of an imaging call, in the order they run: the decode (with a streamed scale, the
/// resampling of the rows as they are decoded), the resampling and orienting of the result, the
/// encode of the output.
public enum ImagingStage: String, Sendable, Codable, CaseIterable {
    /// Reading the file's pixels.
    case decode
    /// Resampling and turning the result upright.
    case resample
    /// Encoding the output as PNG or JPEG.
    case encode
}
