import Foundation

/// An image encoded in memory: its bytes and the settings it was written with.
public struct EncodedImage: Sendable, Equatable {
    /// PNG or JPEG.
    public var format: OutputFormat
    /// The encoded file's bytes.
    public var data: Data
    /// The settings a PNG was written with (those chosen from the content when none were given);
    /// nil for JPEG.
    public var pngSettings: PNGSettings?
    /// The quality a JPEG was written at; nil for PNG.
    public var jpegQuality: Int?

    /// The encoding that reproduces these bytes from the same image.
    public var encoding: ImageEncoding {
        switch format {
        case .png: .png(pngSettings)
        case .jpeg: .jpeg(quality: jpegQuality ?? 85)
        }
    }
}

/// An image written to a file: where, how, and how many bytes.
public struct WrittenImage: Sendable, Equatable {
    /// The file written.
    public var path: String
    /// PNG or JPEG.
    public var format: OutputFormat
    /// The settings a PNG was written with; nil for JPEG.
    public var pngSettings: PNGSettings?
    /// The quality a JPEG was written at; nil for PNG.
    public var jpegQuality: Int?
    /// The file's size in bytes.
    public var byteCount: Int
}
