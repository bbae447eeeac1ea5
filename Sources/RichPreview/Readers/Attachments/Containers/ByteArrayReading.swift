/// Fixed-width integer and four-character-code reads from byte arrays. Every read checks its range
/// and gives 0 (or an empty code) outside it, so a parser that miscounts cannot trap; parsers check
/// lengths before reading, so the fallback never stands in for real data.
extension Array where Element == UInt8 {
    /// The byte at `index` as an `Int`, 0 outside the array.
    func uint8(_ index: Int) -> Int {
        indices.contains(index) ? Int(self[index]) : 0
    }

    /// Big-endian unsigned 16 bits at `index`.
    func uint16BE(_ index: Int) -> Int {
        guard index >= 0, index <= count - 2 else { return 0 }
        return Int(self[index]) << 8 | Int(self[index + 1])
    }

    /// Little-endian unsigned 16 bits at `index`.
    func uint16LE(_ index: Int) -> Int {
        guard index >= 0, index <= count - 2 else { return 0 }
        return Int(self[index + 1]) << 8 | Int(self[index])
    }

    /// Big-endian unsigned 32 bits at `index`.
    func uint32BE(_ index: Int) -> Int {
        guard index >= 0, index <= count - 4 else { return 0 }
        return Int(self[index]) << 24 | Int(self[index + 1]) << 16 | Int(self[index + 2]) << 8 | Int(self[index + 3])
    }

    /// Little-endian unsigned 32 bits at `index`.
    func uint32LE(_ index: Int) -> Int {
        guard index >= 0, index <= count - 4 else { return 0 }
        return Int(self[index + 3]) << 24 | Int(self[index + 2]) << 16 | Int(self[index + 1]) << 8 | Int(self[index])
    }

    /// Big-endian unsigned 64 bits at `index`.
    func uint64BE(_ index: Int) -> UInt64 {
        guard index >= 0, index <= count - 8 else { return 0 }
        return UInt64(uint32BE(index)) << 32 | UInt64(uint32BE(index + 4))
    }

    /// Little-endian unsigned 64 bits at `index`.
    func uint64LE(_ index: Int) -> UInt64 {
        guard index >= 0, index <= count - 8 else { return 0 }
        return UInt64(uint32LE(index + 4)) << 32 | UInt64(uint32LE(index))
    }

    /// Big-endian IEEE 754 double at `index`.
    func float64BE(_ index: Int) -> Double {
        Double(bitPattern: uint64BE(index))
    }

    /// The four bytes at `index` as text when they are printable ASCII (a chunk or box type),
    /// otherwise as `0x` and eight hex digits; empty outside the array.
    func fourCC(_ index: Int) -> String {
        guard index >= 0, index <= count - 4 else { return "" }
        let code = uint32BE(index)
        var printable = true
        for shift in [24, 16, 8, 0] where !(0x20...0x7E).contains((code >> shift) & 0xFF) { printable = false }
        if printable {
            return String(decoding: [24, 16, 8, 0].map { UInt8((code >> $0) & 0xFF) }, as: UTF8.self)
        }
        return "0x" + String(code, radix: 16, uppercase: true).leftPadded(to: 8)
    }

    /// True when the bytes at `index` are `text`'s ASCII bytes.
    func hasASCII(_ text: String, at index: Int) -> Bool {
        var position = index
        for byte in text.utf8 {
            guard position >= 0, position < count, self[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// The bytes `range` as a new array, clamped to the array's bounds.
    func clamped(_ range: Range<Int>) -> [UInt8] {
        let lower = Swift.max(0, Swift.min(range.lowerBound, count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, count))
        return copy(lower..<upper)
    }
}

extension Array where Element == UInt8 {
    /// A copy of `source`'s bytes made with one memory copy (element-by-element copies are slow in
    /// unoptimised builds, and the truncation tests make many).
    init(copying source: UnsafeRawBufferPointer) {
        self.init(unsafeUninitializedCapacity: source.count) { buffer, initialized in
            if source.count > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source) }
            initialized = source.count
        }
    }

    /// A copy of `self[range]` made with one memory copy; `range` must lie inside the array.
    func copy(_ range: Range<Int>) -> [UInt8] {
        withUnsafeBytes { [UInt8](copying: UnsafeRawBufferPointer(rebasing: $0[range])) }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
