/// Symbols grouped by a key, kept as chains through one array (no array per key): adding is one
/// dictionary write, and reading a key walks only its own symbols.
struct SymbolIndex<Key: Hashable & Sendable>: Sendable {
    private var heads: [Key: Int32] = [:]
    private var next: [Int32]

    /// An index over `count` symbols, numbered 0..<count, room made for `keys` keys (at most
    /// `count` are reserved).
    init(count: Int, keys: Int) {
        next = Array(repeating: -1, count: count)
        heads.reserveCapacity(max(0, min(keys, count)))
    }

    /// Files symbol number `ordinal` under `key`.
    mutating func add(_ ordinal: Int, under key: Key) {
        guard ordinal >= 0, ordinal < next.count else { return }
        next[ordinal] = heads.updateValue(Int32(ordinal), forKey: key) ?? -1
    }

    /// The symbol numbers filed under `key`, in the order they were added.
    func ordinals(_ key: Key) -> [Int] {
        guard var current = heads[key] else { return [] }
        var result: [Int] = []
        while current >= 0, result.count < next.count {
            result.append(Int(current))
            current = next[Int(current)]
        }
        result.reverse()
        return result
    }
}
