/// Numbers for names: two names get the same number exactly when they are equal as Swift strings
/// (canonically equivalent), so tables can key on numbers and hash each name's text once.
///
/// ASCII names, nearly all of them, are hashed by their bytes in an open-addressed table. Once a
/// name with other characters arrives, every name also goes into a `Dictionary` keyed by the
/// string, whose hashing and equality follow canonical equivalence: a non-ASCII name is looked up
/// there, and an ASCII name the byte table does not know is looked up there too (a name such as
/// one with a KELVIN SIGN equals its ASCII spelling).
struct NameTable: Sendable {
    /// The names by number.
    private(set) var names: [String] = []
    /// Each slot: a name's number + 1 (0: empty) and its byte hash.
    private var slots: [(number: Int32, hash: UInt64)]
    private var mask: Int
    /// Slots in use (an ASCII name equal to a non-ASCII one takes a slot and no new number).
    private var used = 0
    /// Every name by string, kept only once a non-ASCII name has come.
    private var byString: [String: Int32]?

    /// A table with room for about `capacity` names before it grows.
    init(capacity: Int) {
        var size = 16
        while size < max(0, capacity) * 2, size < 1 << 30 { size *= 2 }
        slots = Array(repeating: (0, 0), count: size)
        mask = size - 1
    }

    /// The number of `name`; nil when it has none.
    func number(_ name: String) -> Int32? {
        if let hash = Self.asciiHash(name) {
            if let found = find(name, hash: hash).number { return found }
            return byString?[name]
        }
        return byString?[name]
    }

    /// The number of `name`, newly given when it has none.
    mutating func number(interning name: String) -> Int32 {
        if let hash = Self.asciiHash(name) {
            let (found, slot) = find(name, hash: hash)
            if let found { return found }
            let number: Int32
            if let equal = byString?[name] {
                number = equal
            } else {
                number = Int32(truncatingIfNeeded: names.count)
                names.append(name)
                byString?[name] = number
            }
            slots[slot] = (number + 1, hash)
            used += 1
            if used * 2 > slots.count { grow() }
            return number
        }
        if byString == nil {
            var all: [String: Int32] = [:]
            for (number, known) in names.enumerated() where all[known] == nil {
                all[known] = Int32(truncatingIfNeeded: number)
            }
            byString = all
        }
        if let found = byString?[name] { return found }
        let number = Int32(truncatingIfNeeded: names.count)
        names.append(name)
        byString?[name] = number
        return number
    }

    /// The number of the ASCII name `name` whose hash is `hash`, or the empty slot where it goes.
    private func find(_ name: String, hash: UInt64) -> (number: Int32?, slot: Int) {
        var slot = Int(truncatingIfNeeded: hash >> 20) & mask
        var probes = 0
        while probes <= mask {
            let entry = slots[slot]
            if entry.number == 0 { return (nil, slot) }
            if entry.hash == hash, names[Int(entry.number) - 1] == name { return (entry.number - 1, slot) }
            slot = (slot + 1) & mask
            probes += 1
        }
        return (nil, slot)
    }

    /// Doubles the byte table and files the ASCII names again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0), count: old.count * 2)
        mask = slots.count - 1
        for entry in old where entry.number != 0 {
            var slot = Int(truncatingIfNeeded: entry.hash >> 20) & mask
            while slots[slot].number != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// A hash of an ASCII name's bytes (FNV-1a, then mixed); nil for a name with any other byte.
    private static func asciiHash(_ name: String) -> UInt64? {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            var high: UInt8 = 0
            for byte in bytes {
                high |= byte
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            guard high < 0x80 else { return nil }
            return (hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
        }
    }
}
