/// The app's `Localizable` table in one language, as iOS reads it to fill a payload's `loc-key`,
/// `title-loc-key` and `subtitle-loc-key` with their arguments.
public struct LocalizedStrings: Sendable, Equatable {
    /// A plural variable of a `.stringsdict` entry or a string catalog's plural variation: its
    /// forms by category (`zero`, `one`, `two`, `few`, `many`, `other`).
    struct PluralVariable: Sendable, Equatable {
        var forms: [String: String]
    }

    /// An entry whose text depends on a count: its format (`%#@items@`) and its variables.
    struct PluralEntry: Sendable, Equatable {
        var format: String
        var variables: [String: PluralVariable]
    }

    /// The language asked for (`en`, `de`, `pt-BR`).
    public var language: String
    /// The files the table was read from.
    public var files: [String]
    var texts: [String: String]
    var plurals: [String: PluralEntry]

    /// A table of `texts` (key to format) and plural entries, for `language`.
    init(
        language: String, files: [String] = [], texts: [String: String] = [:], plurals: [String: PluralEntry] = [:]
    ) {
        self.language = language
        self.files = files
        self.texts = texts
        self.plurals = plurals
    }

    /// Whether the table has `key`, as a text or a plural entry.
    public func contains(_ key: String) -> Bool { plurals[key] != nil || texts[key] != nil }

    /// The keys of the table, sorted.
    public var keys: [String] { Set(texts.keys).union(plurals.keys).sorted() }

    /// The text iOS shows for `key` with `arguments`: its format filled as iOS fills it (plural
    /// variables chosen by their argument's count); nil when the table lacks the key.
    public func text(forKey key: String, arguments: [String]) -> String? {
        if let entry = plurals[key] {
            let format = Self.resolvingPlurals(entry, arguments: arguments, language: language)
            return LocalizationFormat.format(format, arguments)
        }
        return texts[key].map { LocalizationFormat.format($0, arguments) }
    }

    /// `entry`'s format with each `%#@name@` (or `%1$#@name@`) replaced by the form its
    /// argument's count picks.
    static func resolvingPlurals(_ entry: PluralEntry, arguments: [String], language: String) -> String {
        var result = ""
        var next = 0
        var rest = Substring(entry.format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let afterPercent = rest.index(after: percent)
            let digits = rest[afterPercent...].prefix { $0.isASCII && $0.isNumber }
            var cursor = digits.endIndex
            var position: Int?
            if !digits.isEmpty, rest[cursor...].hasPrefix("$") {
                position = Int(digits)
                cursor = rest.index(after: cursor)
            }
            if rest[cursor...].hasPrefix("#@"), let close = rest[rest.index(cursor, offsetBy: 2)...].firstIndex(of: "@")
            {
                let name = String(rest[rest.index(cursor, offsetBy: 2)..<close])
                let index = (position.map { $0 - 1 }) ?? next
                next = index + 1
                let count = index >= 0 && index < arguments.count ? Double(arguments[index]) : nil
                let forms = entry.variables[name]?.forms ?? [:]
                let chosen = forms[PluralCategory.of(count, language: language, available: Set(forms.keys))]
                result += (chosen ?? forms["other"] ?? "").replacingPositionless(argument: index + 1)
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest[afterPercent...].firstIndex { $0.isLetter || $0 == "@" || $0 == "%" }
                let stop = end.map { rest.index(after: $0) } ?? rest.endIndex
                let specifier = rest[percent..<stop]
                if specifier != "%%", position == nil { next += 1 }
                result += specifier
                rest = rest[stop...]
            }
        }
        return result + rest
    }
}

extension String {
    /// The form's specifiers (`%d`, `%ld`, `%@`), which stand for the plural's own argument,
    /// numbered `argument` (`%2$d`) so the rest of the format keeps its order.
    fileprivate func replacingPositionless(argument: Int) -> String {
        var result = ""
        var index = startIndex
        while index < endIndex {
            let character = self[index]
            index = self.index(after: index)
            result.append(character)
            guard character == "%", index < endIndex else { continue }
            if self[index] == "%" {
                result.append("%")
                index = self.index(after: index)
            } else if !(self[index].isASCII && self[index].isNumber) {
                result += "\(argument)$"
            }
        }
        return result
    }
}

/// The CLDR plural category a count takes: `zero` for 0 where the entry has it (as Foundation
/// does for every language), `one` for 1 (0 and 1 in French and Portuguese), `other` otherwise
/// and for a language with no singular (Chinese, Japanese, Korean, …).
enum PluralCategory {
    static let withoutSingular: Set<String> = ["zh", "ja", "ko", "th", "vi", "id", "ms", "lo", "km", "my"]
    static let zeroIsSingular: Set<String> = ["fr", "pt"]

    static func of(_ count: Double?, language: String, available: Set<String>) -> String {
        guard let count else { return "other" }
        if count == 0, available.contains("zero") { return "zero" }
        let base = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
        if withoutSingular.contains(base) { return "other" }
        if zeroIsSingular.contains(base) { return count >= 0 && count < 2 ? "one" : "other" }
        return count == 1 ? "one" : "other"
    }
}
