import Foundation

/// Numbers written as people write them in messages: `0.35`, not `0.35000000000000003`.
package enum NumberText {
    /// `value` with at most 15 significant digits and no trailing zeros; whole numbers without a
    /// fraction (`3`, not `3.0`).
    /// A value stored as a 32-bit float (binary plists may store reals so) is written as the float
    /// it was: `0.35`, not `0.3499999940395355`.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        if let single = Float(exactly: value) { return single.description }
        let text = String(format: "%.15g", value)
        guard text.contains("."), !text.contains("e") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// `count` and the noun in the number it takes: `1 registered category`, `3 registered categories`.
    package static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(count)) \(count == 1 ? singular : plural)"
    }

    /// A count with its thousands grouped by commas, as messages write it: `199,995`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
