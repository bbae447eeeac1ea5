/// Fills a `*-loc-key` format string with its `*-loc-args` as iOS does for strings: each `%@`
/// takes the next argument, `%1$@` a numbered one, `%%` is a percent sign. With no localization
/// table at hand, the key itself is the format. A specifier without an argument stays as written.
enum LocalizationFormat {
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
            let digits = format[index...].prefix { $0.isASCII && $0.isNumber }
            let afterDigits = digits.endIndex
            if !digits.isEmpty, format[afterDigits...].hasPrefix("$@"), let position = Int(digits),
                position >= 1, position <= arguments.count
            {
                result += arguments[position - 1]
                index = format.index(afterDigits, offsetBy: 2)
            } else if format[index] == "@", next < arguments.count {
                result += arguments[next]
                next += 1
                index = format.index(after: index)
            } else {
                result.append(character)
            }
        }
        return result
    }
}
