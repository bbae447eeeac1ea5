/// A fixed set of words, each found from a token's bytes with one multiplication and (almost
/// always) one probe, so that a lexer can tell which word an identifier spells as it reads it.
///
/// Each slot of an open-addressed table holds a word's first eight bytes packed into an integer,
/// its length and its number (1-based; 0 marks an empty slot); the rest of a longer word lies in
/// `letters`. The table is at most a quarter full, so a probe run ends at an empty slot within
/// a few steps.
struct WordLexicon: Sendable {
    /// The slots of the table (a power of two).
    static let slotCount = 512

    private struct Slot {
        /// The word's first (up to) eight bytes, little-endian, zero-padded.
        var prefix: UInt64 = 0
        var length: Int32 = 0
        var number: UInt8 = 0
        /// Where the word's bytes start in `letters`.
        var start: Int32 = 0
    }

    private let slots: [Slot]
    private let letters: [UInt8]
    private let longest: Int
    /// For each length up to `longest`, a 256-bit set of the first bytes of the words that long
    /// (four 64-bit words per length): most identifiers are turned away by one bit test.
    private let firstBytes: [UInt64]

    /// A lexicon of `words`, numbered 1, 2, … in order; fewer than 128 non-empty, distinct words.
    init(_ words: [String]) {
        precondition(words.count < Self.slotCount / 4 && words.count < 128, "too many words for the table")
        var letters: [UInt8] = []
        var slots = [Slot](repeating: Slot(), count: Self.slotCount)
        let longest = words.map(\.utf8.count).max() ?? 0
        var firstBytes = [UInt64](repeating: 0, count: (longest + 1) * 4)
        for (offset, word) in words.enumerated() {
            let bytes = Array(word.utf8)
            precondition(!bytes.isEmpty, "an empty word")
            firstBytes[bytes.count * 4 + Int(bytes[0] >> 6)] |= 1 << UInt64(bytes[0] & 63)
            let prefix = bytes.withUnsafeBufferPointer { Self.prefix(of: $0, from: 0, length: bytes.count) }
            var slot = Self.slot(prefix: prefix, length: bytes.count)
            while slots[slot].number != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = Slot(
                prefix: prefix, length: Int32(bytes.count), number: UInt8(offset + 1), start: Int32(letters.count))
            letters += bytes
        }
        self.slots = slots
        self.letters = letters
        self.longest = longest
        self.firstBytes = firstBytes
    }

    /// `bytes[start..<start + min(length, 8)]` packed little-endian into an integer (in range).
    @inline(__always)
    private static func prefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) -> UInt64 {
        let count = min(length, 8)
        if let base = bytes.baseAddress, bytes.count - start >= 8 {
            let loaded = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return count == 8 ? loaded : loaded & ((1 << UInt64(count * 8)) - 1)
        }
        var value: UInt64 = 0
        var index = 0
        while index < count {
            value |= UInt64(bytes[start + index]) << UInt64(index * 8)
            index += 1
        }
        return value
    }

    /// The first slot to try (Fibonacci hashing of the prefix and length).
    private static func slot(prefix: UInt64, length: Int) -> Int {
        Int(truncatingIfNeeded: ((prefix ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
            & (slotCount - 1)
    }

    /// The number of the word `bytes[start..<end]` spells, or 0 when it spells none (or the range
    /// is empty or out of bounds).
    @inline(__always)
    func number(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt8 {
        guard start >= 0, end <= bytes.count, start < end else { return 0 }
        let length = end - start
        guard length <= longest else { return 0 }
        let first = bytes[start]
        guard (firstBytes[length &* 4 &+ Int(first >> 6)] >> UInt64(first & 63)) & 1 == 1 else { return 0 }
        let prefix = Self.prefix(of: bytes, from: start, length: length)
        var slot = Self.slot(prefix: prefix, length: length)
        var probes = 0
        while probes < Self.slotCount {
            let entry = slots[slot]
            if entry.number == 0 { return 0 }
            if entry.prefix == prefix, Int(entry.length) == length, length <= 8 || rest(entry, bytes, start) {
                return entry.number
            }
            slot = (slot + 1) & (Self.slotCount - 1)
            probes += 1
        }
        return 0
    }

    /// Whether the bytes past the eighth match the word of `entry` (whose length they share).
    private func rest(_ entry: Slot, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        let wordStart = Int(entry.start)
        var index = 8
        while index < Int(entry.length) {
            guard letters[wordStart + index] == bytes[start + index] else { return false }
            index += 1
        }
        return true
    }

    /// The number of the word `bytes` spells, or 0.
    func number(of bytes: [UInt8]) -> UInt8 {
        bytes.withUnsafeBufferPointer { number(of: $0, from: 0, to: $0.count) }
    }
}
