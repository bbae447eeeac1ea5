/// A fixed set of words matched against tokens by length and bytes, without making a string per
/// token: the words' bytes lie in one array, and the entries are grouped by length.
struct WordTable<Word: Sendable>: Sendable {
    private let letters: [UInt8]
    private let entries: [(offset: Int, first: UInt8, word: Word)]
    /// `entries[buckets[n]..<buckets[n + 1]]` are the words of `n` bytes.
    private let buckets: [Int]
    /// For each length, a 256-bit set of the first bytes of the words that long (four words per length).
    private let firstBytes: [UInt64]

    init(_ words: [(text: String, word: Word)]) {
        let sorted = words.map { (bytes: Array($0.text.utf8), word: $0.word) }.filter { !$0.bytes.isEmpty }
            .sorted { $0.bytes.count < $1.bytes.count }
        let longest = sorted.last?.bytes.count ?? 0
        var letters: [UInt8] = []
        var entries: [(offset: Int, first: UInt8, word: Word)] = []
        var buckets = Array(repeating: 0, count: longest + 2)
        var firstBytes = Array(repeating: UInt64(0), count: (longest + 2) * 4)
        for (bytes, word) in sorted {
            firstBytes[bytes.count * 4 + Int(bytes[0] >> 6)] |= 1 << UInt64(bytes[0] & 63)
            entries.append((letters.count, bytes[0], word))
            letters += bytes
            buckets[bytes.count + 1] = entries.count
        }
        for length in 1..<buckets.count where buckets[length] < buckets[length - 1] {
            buckets[length] = buckets[length - 1]
        }
        self.letters = letters
        self.entries = entries
        self.buckets = buckets
        self.firstBytes = firstBytes
    }

    /// The word token `index` spells, if it is one of these (any token kind but a string).
    func word(at index: Int, in source: LexedSource) -> Word? {
        guard index >= 0, index < source.tokens.count else { return nil }
        let token = source.tokens[index]
        let start = Int(token.start)
        let length = Int(token.end) - start
        guard length > 0, length + 1 < buckets.count, token.kind != .string else { return nil }
        let first = source.bytes[start]
        guard (firstBytes[length * 4 + Int(first >> 6)] >> UInt64(first & 63)) & 1 == 1 else { return nil }
        var entry = buckets[length]
        let end = buckets[length + 1]
        while entry < end {
            let candidate = entries[entry]
            if candidate.first == first {
                var i = 1
                while i < length, letters[candidate.offset + i] == source.bytes[start + i] { i += 1 }
                if i == length { return candidate.word }
            }
            entry += 1
        }
        return nil
    }
}
