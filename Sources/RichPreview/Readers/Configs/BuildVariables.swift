/// Xcode build settings used to expand `$(NAME)` and `${NAME}` in an Info.plist, as the build does.
///
/// A variable that is not defined stays in the text as written (`$(PRODUCT_BUNDLE_IDENTIFIER)`), and
/// so does one with a modifier (`$(PRODUCT_NAME:rfc1034identifier)`), which is not applied; both are
/// reported as unresolved. Values may refer to other variables, up to `maxDepth` levels deep.
///
/// Expansion is bounded in width as well as depth: settings that refer to each other many times a
/// level would otherwise grow without end (a thousand references a level, eight levels deep). One
/// expansion substitutes at most `maximumReferences` references and produces at most
/// `maximumExpandedLength` bytes; past either, the text is left as written and the expansion says
/// it was cut (`Expansion.isOverLimit`).
public struct BuildVariables: Sendable, Equatable {
    /// Build setting values by name (`PRODUCT_NAME` → `Photos`), without the `$()` around the name.
    public var values: [String: String]

    /// How deep values that refer to other variables are expanded; deeper (or cyclic) references stay as written.
    public static let maxDepth = 8
    /// The most references one expansion substitutes (a real setting substitutes a few dozen).
    public static let maximumReferences = 4096
    /// The longest text, in UTF-8 bytes, one expansion produces (a real setting is under a few
    /// kilobytes; a long `OTHER_LDFLAGS` tens).
    public static let maximumExpandedLength = 64 * 1024

    /// Creates build variables from setting names and values; none by default, so every reference
    /// stays as written.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// What expanding a text gave.
    public struct Expansion: Sendable, Equatable {
        /// The text with every defined variable replaced; the text as written when the expansion
        /// was over a limit.
        public var text: String
        /// The references left unexpanded, by name as written inside the brackets
        /// (`PRODUCT_NAME`, `PRODUCT_NAME:rfc1034identifier`).
        public var unresolved: Set<String>
        /// Whether the expansion passed `maximumReferences` or `maximumExpandedLength` and was
        /// abandoned: the text is then as written, and every reference in it counts as unresolved.
        public var isOverLimit: Bool
    }

    /// `text` with every defined variable replaced, and the references left unexpanded, by name as
    /// written inside the brackets (`PRODUCT_NAME`, `PRODUCT_NAME:rfc1034identifier`). Over a
    /// limit, `text` as written; `expansion(of:)` says so.
    public func expand(_ text: String) -> (text: String, unresolved: Set<String>) {
        let result = expansion(of: text)
        return (result.text, result.unresolved)
    }

    /// `text` expanded within the limits, and whether a limit was reached.
    public func expansion(of text: String) -> Expansion {
        guard text.utf8.contains(UInt8(ascii: "$")) else {
            return Expansion(text: text, unresolved: [], isOverLimit: false)
        }
        var state = ExpansionState()
        expand(Substring(text), depth: 0, into: &state)
        guard !state.isOverLimit else {
            let references = BuildVariables().expansion(of: text).unresolved
            return Expansion(text: text, unresolved: references, isOverLimit: true)
        }
        return Expansion(text: state.output, unresolved: state.unresolved, isOverLimit: false)
    }

    /// The output of one expansion so far, and what it has cost.
    private struct ExpansionState {
        var output = ""
        var unresolved: Set<String> = []
        var references = 0
        var isOverLimit = false

        /// Appends `piece`, or stops the expansion when that passes the length limit.
        mutating func append<Piece: StringProtocol>(_ piece: Piece) {
            guard !isOverLimit else { return }
            if output.utf8.count + piece.utf8.count > BuildVariables.maximumExpandedLength {
                isOverLimit = true
                return
            }
            output += piece
        }
    }

    private func expand(_ text: Substring, depth: Int, into state: inout ExpansionState) {
        var rest = text
        while !state.isOverLimit, let dollar = rest.firstIndex(of: "$") {
            state.append(rest[..<dollar])
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, let close = Self.closing[rest[afterDollar]],
                let end = rest[afterDollar...].firstIndex(of: close)
            else {
                state.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let reference = String(rest[rest.index(after: afterDollar)..<end])
            let written = rest[dollar...end]
            rest = rest[rest.index(after: end)...]
            guard Self.isReference(reference) else {
                state.append(written)
                continue
            }
            if let value = values[reference], depth < Self.maxDepth {
                state.references += 1
                guard state.references <= Self.maximumReferences else {
                    state.isOverLimit = true
                    return
                }
                expand(Substring(value), depth: depth + 1, into: &state)
            } else {
                state.unresolved.insert(reference)
                state.append(written)
            }
        }
        state.append(rest)
    }

    private static let closing: [Character: Character] = ["(": ")", "{": "}"]

    /// `NAME` or `NAME:modifier`, where NAME is a build setting name.
    private static func isReference(_ text: String) -> Bool {
        let name = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
