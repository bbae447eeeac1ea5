/// File names as the system holds them (bytes) and as Swift text.
///
/// A Linux file name is any bytes but `/` and NUL; Swift text is Unicode. A name's bytes that are
/// not UTF-8 would be lost in a `String` (each becomes U+FFFD, which names no file), so each such
/// byte is kept as one scalar of U+10FF80…U+10FFFF (the byte plus 0x10FF00, in a private-use plane
/// no file name uses), and turned back into the byte when the path goes to the system. A name
/// that spells one of those scalars in UTF-8 has its four bytes kept the same way, so the mapping
/// is one to one: every name a folder lists opens the same file again. `TerminalText` prints such
/// a byte as `\xFF`.
package enum FileName {
    /// The first scalar that stands for a byte (0x80 + 0x10FF00).
    static let firstByteScalar: UInt32 = 0x10FF80

    /// The byte a scalar stands for, or nil for a scalar that is itself.
    package static func byte(standingFor scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= firstByteScalar ? UInt8(truncatingIfNeeded: scalar.value - 0x10FF00) : nil
    }

    /// The name or path whose bytes are `bytes`, as text.
    package static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Valid UTF-8 without the lead byte of U+10FF80…U+10FFFF's encoding (F4 8F BE/BF …) is text as it is.
        if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        func keepBytes(_ count: Int) {
            for index in offset..<(offset + count) {
                scalars.append(Unicode.Scalar(UInt32(bytes[index]) + 0x10FF00)!)
            }
        }
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value >= firstByteScalar { keepBytes(encoded.count) } else { scalars.append(scalar) }
                offset += encoded.count
            case .error(let length):
                keepBytes(length)
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return String(scalars)
    }

    /// The name or path whose bytes are `bytes` (a listing's, git's), as text.
    package static func text(_ bytes: some Collection<UInt8>) -> String {
        Array(bytes).withUnsafeBufferPointer { text($0) }
    }

    /// Calls `body` with `path` as the system spells it: the bytes of its name, NUL-terminated.
    package static func withSystemPath<Result>(
        _ path: String, _ body: (UnsafePointer<CChar>) throws -> Result
    ) rethrows -> Result {
        // U+10FF80…U+10FFFF are encoded F4 8F BE 80 … F4 8F BF BF: a path without F4 is its UTF-8.
        guard path.utf8.contains(0xF4) else { return try path.withCString(body) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 1)
        for scalar in path.unicodeScalars {
            if let byte = byte(standingFor: scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
