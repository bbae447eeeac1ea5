import Foundation

/// The image formats the imaging module decodes, each by its decoder in `Decoding/Formats`.
public enum ImageFormats {
    /// Every decoder, in the order signatures are tried. A new format is one type here.
    static var decoders: [any ImageFormatDecoder.Type] {
        [PNGDecoder.self, JPEGDecoder.self, GIFDecoder.self, WebPDecoder.self, AVIFDecoder.self, HEICDecoder.self]
    }

    /// The formats `ImageDecoder`, `ImageValidator` and `ImageScaler` read.
    public static var decodable: [MediaFormat] { decoders.map { $0.format } }

    /// The decodable format `header` (a file's first `signatureLength` bytes, or fewer) starts, or nil.
    public static func detect<Bytes: Collection>(_ header: Bytes) -> MediaFormat? where Bytes.Element == UInt8 {
        decoderType(Array(header.prefix(signatureLength)))?.format
    }

    /// How many of a file's first bytes tell its format (a HEIF file's brands are in its `ftyp` box).
    public static let signatureLength = 64

    private static func decoderType(_ signature: [UInt8]) -> (any ImageFormatDecoder.Type)? {
        decoders.first { $0.matches(signature) }
    }

    /// A decoder over `bytes` with its header read.
    /// - Throws: `.emptyInput`, `.unrecognizedFormat`, or the decoder's error for its header.
    static func decoder(for bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) -> any ImageFormatDecoder {
        guard let type = decoderType(Array(bytes.prefix(signatureLength))) else {
            throw bytes.isEmpty ? .emptyInput : .unrecognizedFormat
        }
        return try type.init(bytes: bytes)
    }
}
