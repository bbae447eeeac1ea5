/// Fills a `*-loc-key` format string with its `*-loc-args` as iOS does: each `%@` takes the next
/// argument, `%1$@` a numbered one, `%%` is a percent sign. The arguments are strings, so a number
/// specifier (`%d`, `%ld`, `%lld`, `%i`, `%u`, `%lu`, `%f`, with flags, width and precision) takes
/// its argument as written. With no localization table at hand, the key itself is the format. A
/// specifier without an argument stays as written.
enum LocalizationFormat {
    static let conversions: Set<Character> = [
        "@", "d", "D", "i", "u", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S",
        "p",
    ]
    static let modifiers: Set<Character> = [
        "l", "h", "q", "L", "z", "t", "j", "-", "+", " ", "#", "'", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
        ".",
    ]

    static func format(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            index = format.index(after: index)
            guard character == "%", index < format.endIndex else {
                result.append(character)
                continue
            }
            if format[index] == "%" {
                result.append("%")
                index = format.index(after: index)
                continue
            }
            var cursor = index
            var position: Int?
            let digits = format[cursor...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, format[digits.endIndex...].hasPrefix("$") {
                position = Int(digits)
                cursor = format.index(after: digits.endIndex)
            }
            while cursor < format.endIndex, modifiers.contains(format[cursor]) { cursor = format.index(after: cursor) }
            guard cursor < format.endIndex, conversions.contains(format[cursor]) else {
                result.append(character)
                continue
            }
            let argument = position.map { $0 - 1 } ?? next
            guard argument >= 0, argument < arguments.count else {
                result.append(character)
                continue
            }
            if position == nil { next += 1 }
            result += arguments[argument]
            index = format.index(after: cursor)
        }
        return result
    }
}
