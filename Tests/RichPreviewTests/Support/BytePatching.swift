import Foundation

/// Small edits of a file's bytes for tests that damage one field on purpose.
extension Data {
    /// The index of the first occurrence of `text`'s ASCII bytes at or after `from`.
    func index(ofASCII text: String, from: Int = 0) -> Int? {
        range(of: Data(text.utf8), in: (startIndex + from)..<endIndex).map { $0.lowerBound - startIndex }
    }

    /// The index of the first occurrence of `bytes` at or after `from`.
    func index(of bytes: [UInt8], from: Int = 0) -> Int? {
        range(of: Data(bytes), in: (startIndex + from)..<endIndex).map { $0.lowerBound - startIndex }
    }

    /// The data with `bytes` written over the bytes from `offset`.
    func replacing(at offset: Int, with bytes: [UInt8]) -> Data {
        var copy = self
        copy.replaceSubrange((startIndex + offset)..<(startIndex + offset + bytes.count), with: bytes)
        return copy
    }

    /// Big-endian bytes of `value` (`count` of them).
    static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }

    /// Little-endian bytes of `value` (`count` of them).
    static func littleEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
