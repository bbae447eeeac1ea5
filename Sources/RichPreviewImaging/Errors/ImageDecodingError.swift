/// Why an image could not be read or scaled; the text for users is `description`.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// The bytes match no image signature.
    case unrecognizedFormat
    /// There are no bytes at all (an empty file).
    case emptyInput
    /// The file is damaged or truncated; `reason` is the decoder's own message.
    case corrupt(format: MediaFormat, reason: String)
    /// A valid file that this build cannot decode (for example a 12-bit JPEG).
    case unsupported(format: MediaFormat, reason: String)
    /// The image declares more pixels than the caller allows; nothing was allocated for it.
    case overPixelLimit(format: MediaFormat, size: PixelSize, limit: Int)
    /// The image declares a side longer than its format's decoder is allowed to read (`size`, when
    /// the decoder says it); nothing was allocated for it.
    case overSideLimit(format: MediaFormat, size: PixelSize?, limit: Int)
    /// A scale's output would have more pixels than the caller allows; nothing was allocated for it.
    case outputOverPixelLimit(size: PixelSize, limit: Int)
    /// A buffer for `purpose` would need `bytes` (nil: more than can be counted), over the memory
    /// budget `limit`; nothing was allocated for it.
    case overMemoryLimit(format: MediaFormat?, purpose: String, bytes: Int?, limit: Int)
    /// Memory for the decoder could not be had.
    case outOfMemory(format: MediaFormat)
    /// The request cannot be met whatever the image: a box with a side under 1 pixel, or an
    /// image of no pixels to scale.
    case invalidRequest(reason: String)
    /// The library that decodes the format is not installed or cannot be used: its file, the
    /// Debian package that installs it, and why.
    case libraryUnavailable(format: MediaFormat, library: String, package: String, reason: String)
    /// The calling task was cancelled: the work stopped before (or, for a streamed decode, during)
    /// `stage`, and nothing was returned.
    case cancelled(stage: ImagingStage)

    /// The name of `unrecognizedFormat` and `emptyInput`, which carry no values.
    public var nameOfCaseWithoutValues: String? {
        switch self {
        case .unrecognizedFormat: "unrecognizedFormat"
        case .emptyInput: "emptyInput"
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .unrecognizedFormat:
            "not an image format richpreview decodes ("
                + ImageFormats.decodable.map { $0.rawValue.uppercased() }.joined(separator: ", ") + ")"
        case .emptyInput:
            "empty file: no image in it"
        case .corrupt(let format, let reason):
            "corrupt \(format.rawValue.uppercased()): \(reason)"
        case .unsupported(let format, let reason):
            "unsupported \(format.rawValue.uppercased()): \(reason)"
        case .overPixelLimit(let format, let size, let limit):
            "\(format.rawValue.uppercased()) of \(size) is \(size.pixelCount) pixels, over the limit of \(limit)"
        case .overSideLimit(let format, let size, let limit):
            "\(format.rawValue.uppercased())" + (size.map { " of \($0)" } ?? "")
                + " has a side over \(limit) pixels, the longest its decoder is allowed to read"
        case .outputOverPixelLimit(let size, let limit):
            "the output would be \(size), \(size.pixelCount) pixels, over the limit of \(limit)"
        case .overMemoryLimit(let format, let purpose, let bytes, let limit):
            (format.map { "\($0.rawValue.uppercased()): " } ?? "")
                + "\(purpose) would need "
                + (bytes.map { "\(Self.mebibytes($0)) MiB, over" } ?? "more than")
                + " the memory limit of \(Self.mebibytes(limit)) MiB"
        case .outOfMemory(let format):
            "out of memory while decoding \(format.rawValue.uppercased())"
        case .invalidRequest(let reason):
            "cannot scale: \(reason)"
        case .libraryUnavailable(let format, let library, let package, let reason):
            "cannot decode \(format.rawValue.uppercased()): \(library) cannot be loaded (install the Debian package \(package)): \(reason)"
        case .cancelled(let stage):
            "cancelled at the \(stage.rawValue) stage"
        }
    }

    /// `bytes` in mebibytes as messages give them: rounded to whole ones from 10 up, else cut to a tenth.
    static func mebibytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value >= 10 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    }
}
