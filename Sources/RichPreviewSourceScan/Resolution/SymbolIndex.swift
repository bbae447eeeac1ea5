/// Symbols grouped by a 64-bit key, kept as chains through one array (no array per key): adding
/// is one probe of an open-addressed table, and reading a key walks only its own symbols.
struct SymbolIndex: Sendable {
    /// A key and the latest symbol filed under it; side by side, so a probe reads one place.
    private struct Slot {
        var key: UInt64 = 0
        /// -1: an empty slot.
        var head: Int32 = -1
    }

    private var slots: [Slot]
    private var next: [Int32]
    private var used = 0

    /// An index over `count` symbols, numbered 0..<count, expecting about `keys` keys: the table
    /// doubles as keys come, staying at most half full (at most `count` keys can come).
    init(count: Int, keys: Int) {
        var size = 16
        while size < min(max(0, keys), 1 << 16) * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        next = Array(repeating: -1, count: max(0, count))
    }

    /// The slot holding `key`, or the empty slot where it would go (the table is never full).
    private func slot(of key: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        var probes = 0
        while probes < mask, slots[slot].head >= 0, slots[slot].key != key {
            slot = (slot + 1) & mask
            probes += 1
        }
        return slot
    }

    /// Files symbol number `ordinal` under `key` (ignored past the count of symbols).
    mutating func add(_ ordinal: Int, under key: UInt64) {
        guard ordinal >= 0, ordinal < next.count else { return }
        var slot = slot(of: key)
        if slots[slot].head < 0 {
            if (used + 1) * 2 > slots.count {
                grow()
                slot = self.slot(of: key)
            }
            used += 1
            slots[slot].key = key
        }
        next[ordinal] = slots[slot].head
        slots[slot].head = Int32(ordinal)
    }

    /// Doubles the table and files the keys again (their chains are unchanged).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        for entry in old where entry.head >= 0 {
            slots[slot(of: entry.key)] = entry
        }
    }

    /// The symbol numbers filed under `key`, in the order they were added.
    func ordinals(_ key: UInt64) -> [Int] {
        let slot = slot(of: key)
        var current = slots[slot].head
        guard current >= 0 else { return [] }
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
