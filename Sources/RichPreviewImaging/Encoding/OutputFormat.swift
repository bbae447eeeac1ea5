import Foundation

/// The file format an output is written in, chosen by the output's extension.
public enum OutputFormat: String, Sendable, Codable {
    /// PNG: lossless, keeps alpha.
    case png
    /// JPEG: lossy, smaller for photographs, no alpha.
    case jpeg

    /// The format for `path`'s extension (`.png`, `.jpg`, `.jpeg`, any case), or nil.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }
}
