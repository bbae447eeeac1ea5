/// Names listed in a message ("its actions: a, b, c"), cut to the first few so that a manifest of
/// 200,000 categories makes a line, not a megabyte: `a, b, c, d, e and 199,995 more`.
enum NameList {
    /// How many names a message lists before it counts the rest.
    static let limit = 5

    /// `names` joined with commas, the first `limit` of them, then how many more; `none` when empty.
    static func text(_ names: [String]) -> String {
        text(first: names, count: names.count)
    }

    /// The first `limit` of `names` (of which there are `count`, taken lazily), then how many more.
    static func text(first names: some Sequence<String>, count: Int) -> String {
        guard count > 0 else { return "none" }
        let listed = names.prefix(limit).joined(separator: ", ")
        return count > limit ? listed + " and \(NumberText.grouped(count - limit)) more" : listed
    }
}
