import Foundation

extension Data {
    /// `withUnsafeBytes` for a body whose errors are `ImageDecodingError`, keeping the typed throw.
    func withImageBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(ImageDecodingError) -> Result
    ) throws(ImageDecodingError) -> Result {
        try withUnsafeBytes { bytes in
            Swift.Result { () throws(ImageDecodingError) in try body(bytes) }
        }.get()
    }
}
