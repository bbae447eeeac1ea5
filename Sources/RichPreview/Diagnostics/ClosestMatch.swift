/// Finds the known name a misspelt one was probably meant to be, for "did you mean" hints.
enum ClosestMatch {
    /// The candidate nearest to `name` by edit distance (ignoring case), if it is a plausible typo:
    /// at most a third of the name's length away, or the same letters with a word left out or
    /// added (one is a subsequence of the other, at most twice as long).
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let plausible = candidates.filter { $0 != name }.compactMap { candidate -> (String, Int)? in
            let other = candidate.lowercased()
            let distance = distance(lowered, other)
            let shorter = min(lowered.count, other.count), longer = max(lowered.count, other.count)
            let wordMissing =
                shorter > 0 && longer <= 2 * shorter
                && (isSubsequence(lowered, of: other) || isSubsequence(other, of: lowered))
            return distance <= max(1, lowered.count / 3) || wordMissing ? (candidate, distance) : nil
        }
        return plausible.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func isSubsequence(_ short: String, of long: String) -> Bool {
        var remaining = Substring(long)
        for character in short {
            guard let index = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: index)...]
        }
        return true
    }
}
