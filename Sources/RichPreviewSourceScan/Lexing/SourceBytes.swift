/// One source file as the lexer reads it: its name, language and well-formed UTF-8 bytes.
///
/// The lint reads files straight into bytes; this keeps them as they are when they are already
/// well-formed UTF-8, and otherwise repairs them exactly as `String(decoding:as:)` does (each
/// ill-formed sequence becomes U+FFFD), so offsets are the same either way.
package struct SourceBytes: Sendable {
    /// The file's name as locations and notes report it.
    package let path: String
    /// Which lexer reads it.
    package let language: SourceLanguage
    /// Well-formed UTF-8 text.
    package let utf8: [UInt8]

    /// The bytes of a `SourceFile`'s text.
    package init(_ file: SourceFile) {
        path = file.path
        language = file.language
        utf8 = Array(file.text.utf8)
    }

    /// Bytes read from a file, repaired when they are not well-formed UTF-8.
    package init(path: String, language: SourceLanguage, bytes: [UInt8]) {
        self.path = path
        self.language = language
        utf8 = Self.isWellFormedUTF8(bytes) ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// Whether `bytes` is well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF, no truncated sequence).
    package static func isWellFormedUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let count = buffer.count
            var index = 0
            let raw = UnsafeRawPointer(base)
            while index < count {
                // Thirty-two, then eight, ASCII bytes at a time while they last.
                if count - index >= 32 {
                    let word =
                        raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        index += 32
                        continue
                    }
                }
                if count - index >= 8,
                    raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0:
                    length = 3
                    low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED:
                    length = 3
                    high = 0x9F
                case 0xF0:
                    length = 4
                    low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4:
                    length = 4
                    high = 0x8F
                default: return false
                }
                guard length <= count - index else { return false }
                let second = buffer[index + 1]
                guard second >= low, second <= high else { return false }
                var offset = 2
                while offset < length {
                    guard buffer[index + offset] & 0xC0 == 0x80 else { return false }
                    offset += 1
                }
                index += length
            }
            return true
        }
    }
}
