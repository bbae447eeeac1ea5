/// Finds the known name a misspelt one was meant to be, for every "did you mean" the tool prints.
///
/// In order: the same name once separators and case are normalised (`mutable_content`,
/// `mutableContent` → `mutable-content`); the nearest by edit distance, counting a swap of two
/// neighbours as one edit (`titel`, `tilte` → `title`, `catagory` → `category`), within a third of
/// the name's length (at least 1, at most 3); the same letters with a word left out or added (one
/// is a subsequence of the other, at most twice as long); a known name that is this one plus a
/// `-suffix` (`thread` → `thread-id`).
public enum Suggester {
    /// The candidate `name` was probably meant to be (`name` itself when it is one), or nil when
    /// none is close.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        Candidates(candidates).suggestion(for: name)
    }

    /// Known names with their normalised forms worked out once, for asking about many misspelt
    /// names against the same list (a rule checking every payload of a project).
    public struct Candidates: Sendable {
        /// The names, in the order given (ties go to the earlier one).
        public let names: [String]
        private let normalized: [String]
        private let lengths: [Int]

        /// The names to suggest from.
        public init(_ names: [String]) {
            self.names = names
            normalized = names.map(Suggester.normalize)
            lengths = normalized.map(\.count)
        }

        /// The name `name` was probably meant to be (`name` itself when it is one), or nil when
        /// none is close; the same answer as `Suggester.suggestion(for:among:)` over `names`.
        public func suggestion(for name: String) -> String? {
            guard !name.isEmpty, name.count <= 128 else { return nil }
            let target = Suggester.normalize(name)
            if let exact = normalized.firstIndex(of: target) { return names[exact] }
            let allowed = maximumDistance(for: target)
            let length = target.count
            var best: (candidate: String, distance: Int)?
            for index in names.indices {
                // The distance is at least the difference in length: past `allowed`, it cannot count.
                guard abs(lengths[index] - length) <= allowed else { continue }
                // Only distances below the best so far (and within `allowed`) can change the answer.
                let limit = min(allowed, (best?.distance ?? .max) - 1)
                guard limit >= 0 else { break }
                let distance = editDistance(target, normalized[index], limit: limit)
                if distance <= limit { best = (names[index], distance) }
            }
            if let best { return best.candidate }
            let wordMissing = names.indices.filter { index in
                let other = normalized[index]
                let shorter = min(lengths[index], length)
                let longer = max(lengths[index], length)
                return shorter >= 3 && longer <= 2 * shorter
                    && (isSubsequence(target, of: other) || isSubsequence(other, of: target))
            }
            if let closest = wordMissing.min(by: {
                editDistance(target, normalized[$0]) < editDistance(target, normalized[$1])
            }) {
                return names[closest]
            }
            return normalized.firstIndex { $0.hasPrefix(target + "-") }.map { names[$0] }
        }
    }

    /// The edits allowed for a name of this length: a third of it, at least 1 and at most 3.
    static func maximumDistance(for name: String) -> Int {
        min(3, max(1, name.count / 3))
    }

    /// Lower case, with `_`, spaces and camelCase humps written as `-`.
    static func normalize(_ name: String) -> String {
        if let ascii = normalizeASCII(name) { return ascii }
        var result = ""
        var previousWasLower = false
        for character in name {
            if character.isUppercase && previousWasLower { result.append("-") }
            previousWasLower = character.isLowercase || character.isNumber
            result.append(character == "_" || character == " " ? "-" : Character(character.lowercased()))
        }
        return result
    }

    /// `normalize` for an ASCII name, byte by byte (the same result, without Unicode property
    /// look-ups); nil when the name has a non-ASCII byte.
    private static func normalizeASCII(_ name: String) -> String? {
        let count = name.utf8.count
        guard count <= Int.max / 2 else { return nil }
        var isASCII = true
        let result = String(unsafeUninitializedCapacity: count * 2) { buffer in
            var length = 0
            var previousWasLower = false
            for byte in name.utf8 {
                guard byte < 0x80 else {
                    isASCII = false
                    return 0
                }
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                if isUpper && previousWasLower {
                    buffer[length] = UInt8(ascii: "-")
                    length += 1
                }
                previousWasLower =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                buffer[length] =
                    byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
                    ? UInt8(ascii: "-") : isUpper ? byte | 0x20 : byte
                length += 1
            }
            return length
        }
        return isASCII ? result : nil
    }

    /// Edit distance over characters where inserting, deleting, replacing one character or swapping
    /// two neighbours each cost 1 (optimal string alignment). With a `limit`, any distance over it
    /// may be reported as `limit + 1` (the work stops once no alignment can stay within it).
    static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        if let a = singleByteCharacters(a), let b = singleByteCharacters(b) {
            return editDistance(a, b, limit: limit)
        }
        return editDistance(Array(a), Array(b), limit: limit)
    }

    /// The bytes of a text whose every character is one ASCII byte (ASCII without `\r`, which
    /// joins a following `\n` into one character); nil for any other text.
    private static func singleByteCharacters(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? bytes : nil
    }

    /// Optimal string alignment distance between two sequences of characters (or of bytes that
    /// are characters), or `limit + 1` when it is over `limit`. A cell `|i - j|` off the diagonal
    /// costs at least that much, so only the band of cells within `limit` of it is worked out (the
    /// cells beside the band stand at `limit + 1`); and once a row is all over `limit` and the row
    /// before all over `limit - 1`, no later row comes back within it (an alignment reaches row
    /// `i + 1` from row `i`, or from row `i - 1` by one swap).
    private static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        let (n, m) = (a.count, b.count)
        let band = min(max(limit, 0), max(n, m))
        // Stands for every distance over the band; never reached by adding to a real distance.
        let over = band + 1
        var twoBack = [Int](repeating: over, count: m + 1)
        var previous = (0...m).map { $0 <= band ? $0 : over }
        var current = [Int](repeating: over, count: m + 1)
        var previousMinimum = 0
        for i in 1...n {
            let low = max(1, i - band)
            let high = min(m, i + band)
            current[low - 1] = low == 1 && i <= band ? i : over
            var minimum = current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, twoBack[j - 2] + 1)
                    }
                    current[j] = min(value, over)
                    minimum = min(minimum, current[j])
                }
            }
            if high < m { current[high + 1] = over }
            if minimum > limit, previousMinimum >= limit { return limit + 1 }
            previousMinimum = minimum
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[m] > band ? limit + 1 : previous[m]
    }

    /// Whether the characters of `short` appear in `long` in order.
    private static func isSubsequence(_ short: String, of long: String) -> Bool {
        if let short = singleByteCharacters(short), let long = singleByteCharacters(long) {
            var index = 0
            for byte in short {
                while index < long.count, long[index] != byte { index += 1 }
                guard index < long.count else { return false }
                index += 1
            }
            return true
        }
        var remaining = Substring(long)
        for character in short {
            guard let index = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: index)...]
        }
        return true
    }
}
