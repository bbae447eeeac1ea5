/// Symbols grouped by a 64-bit key, kept as chains through one array (no array per key): adding
/// is one probe of an open-addressed table, and reading a key walks only its own symbols.
struct SymbolIndex: Sendable {
    /// Each slot: a key and the latest symbol filed under it (-1: an empty slot).
    private var keys: [UInt64]
    private var heads: [Int32]
    private var next: [Int32]
    private let mask: Int

    /// An index over `count` symbols, numbered 0..<count, with room for `keys` keys (at most
    /// `count`): the table is a power of two at least twice that, so it is never full.
    init(count: Int, keys: Int) {
        let wanted = max(0, min(keys, count))
        var size = 16
        while size < wanted * 2 { size *= 2 }
        self.keys = Array(repeating: 0, count: size)
        heads = Array(repeating: -1, count: size)
        next = Array(repeating: -1, count: max(0, count))
        mask = size - 1
    }

    /// The first slot to try for `key` (Fibonacci hashing).
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go; nil when neither is found
    /// (a table holding more keys than it was made for).
    private func slot(of key: UInt64) -> Int? {
        var slot = home(key)
        var probes = 0
        while probes <= mask {
            if heads[slot] < 0 || keys[slot] == key { return slot }
            slot = (slot + 1) & mask
            probes += 1
        }
        return nil
    }

    /// Files symbol number `ordinal` under `key` (ignored past the count of symbols or the room made).
    mutating func add(_ ordinal: Int, under key: UInt64) {
        guard ordinal >= 0, ordinal < next.count, let slot = slot(of: key) else { return }
        next[ordinal] = heads[slot]
        keys[slot] = key
        heads[slot] = Int32(ordinal)
    }

    /// The symbol numbers filed under `key`, in the order they were added.
    func ordinals(_ key: UInt64) -> [Int] {
        guard let slot = slot(of: key), heads[slot] >= 0 else { return [] }
        var current = heads[slot]
        var result: [Int] = []
        while current >= 0, result.count < next.count {
            result.append(Int(current))
            current = next[Int(current)]
        }
        result.reverse()
        return result
    }

    /// The key of two 32-bit numbers.
    static func key(_ high: Int32, _ low: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: high)) << 32 | UInt64(UInt32(bitPattern: low))
    }
}
