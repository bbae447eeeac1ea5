/// Xcode build settings used to expand `$(NAME)` and `${NAME}` in an Info.plist, as the build does.
///
/// A variable that is not defined stays in the text as written (`$(PRODUCT_BUNDLE_IDENTIFIER)`), and
/// so does one with a modifier (`$(PRODUCT_NAME:rfc1034identifier)`), which is not applied; both are
/// reported as unresolved. Values may refer to other variables, up to `maxDepth` levels deep.
public struct BuildVariables: Sendable, Equatable {
    /// Build setting values by name (`PRODUCT_NAME` → `Photos`), without the `$()` around the name.
    public var values: [String: String]

    /// How deep values that refer to other variables are expanded; deeper (or cyclic) references stay as written.
    public static let maxDepth = 8

    /// Creates build variables from setting names and values; none by default, so every reference
    /// stays as written.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// `text` with every defined variable replaced, and the references left unexpanded, by name as
    /// written inside the brackets (`PRODUCT_NAME`, `PRODUCT_NAME:rfc1034identifier`).
    public func expand(_ text: String) -> (text: String, unresolved: Set<String>) {
        var unresolved: Set<String> = []
        let expanded = expand(text, depth: 0, unresolved: &unresolved)
        return (expanded, unresolved)
    }

    private func expand(_ text: String, depth: Int, unresolved: inout Set<String>) -> String {
        guard text.contains("$") else { return text }
        var output = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, let close = Self.closing[rest[afterDollar]],
                let end = rest[afterDollar...].firstIndex(of: close)
            else {
                output += "$"
                rest = rest[afterDollar...]
                continue
            }
            let reference = String(rest[rest.index(after: afterDollar)..<end])
            let written = String(rest[dollar...end])
            rest = rest[rest.index(after: end)...]
            guard Self.isReference(reference) else {
                output += written
                continue
            }
            if let value = values[reference], depth < Self.maxDepth {
                output += expand(value, depth: depth + 1, unresolved: &unresolved)
            } else {
                unresolved.insert(reference)
                output += written
            }
        }
        return output + rest
    }

    private static let closing: [Character: Character] = ["(": ")", "{": "}"]

    /// `NAME` or `NAME:modifier`, where NAME is a build setting name.
    private static func isReference(_ text: String) -> Bool {
        let name = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
