/// Finds the known name a misspelt one was probably meant to be, for "did you mean" hints.
enum ClosestMatch {
    /// The candidate nearest to `name` by edit distance (ignoring case), if it is near enough to be
    /// a plausible typo: at most a third of the name's length, and never more than 3 edits.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, name.count / 3))
        let scored = candidates.map { ($0, distance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit, best.0 != name else { return nil }
        return best.0
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
}
