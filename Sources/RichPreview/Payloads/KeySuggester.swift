/// Finds the key a misspelt one was meant to be: first by normalising (`_` or camelCase to `-`,
/// lower case), then by edit distance, then by a missing `-suffix` (`thread` → `thread-id`).
enum KeySuggester {
    static func suggestion(for key: String, among known: [String]) -> String? {
        let normalized = normalize(key)
        if known.contains(normalized) { return normalized }
        guard normalized.count <= 64 else { return nil }
        let scored = known.map { ($0, ClosestMatch.distance(normalized, $0)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, best.0.count / 3) {
            return best.0
        }
        return known.first { $0.hasPrefix(normalized + "-") }
    }

    static func normalize(_ key: String) -> String {
        var result = ""
        var previousWasLower = false
        for character in key {
            if character.isUppercase && previousWasLower { result.append("-") }
            previousWasLower = character.isLowercase || character.isNumber
            result.append(character == "_" || character == " " ? "-" : Character(character.lowercased()))
        }
        return result
    }
}
