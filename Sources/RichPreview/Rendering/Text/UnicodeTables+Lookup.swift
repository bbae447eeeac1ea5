extension UnicodeTables {
    /// The line-break properties of one code point: its class after LB1 and the two LB30/LB30b flags.
    struct LineBreakValue: Sendable, Equatable {
        var lineBreakClass: LineBreakClass
        /// An OP or CP that is East Asian Fullwidth, Wide or Halfwidth (excluded from LB30).
        var isEastAsian: Bool
        /// An unassigned Extended_Pictographic code point (LB30b lets an emoji modifier follow it).
        var isUnassignedPictographic: Bool
    }

    /// The line-break value of `scalar`, by binary search over `lineBreakRuns`.
    static func lineBreakValue(of scalar: Unicode.Scalar) -> LineBreakValue {
        let code = scalar.value
        let runs = lineBreakRuns
        // The last run whose start is at or below `code`; run 0 starts at 0, so one always exists.
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if runs[middle] >> 8 <= code {
                low = middle
            } else {
                high = middle - 1
            }
        }
        let value = runs[low] & 0xFF
        return LineBreakValue(
            lineBreakClass: LineBreakClass(rawValue: UInt8(value & 0x3F)) ?? .al,
            isEastAsian: value & eastAsianFlag != 0,
            isUnassignedPictographic: value & pictographicUnassignedFlag != 0)
    }

    /// True when `scalar` is East Asian Wide or Fullwidth, by binary search over `wideRanges`.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let code = scalar.value
        let ranges = wideRanges
        guard let first = ranges.first, code >= first else { return false }
        var low = 0
        var high = ranges.count / 2 - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if ranges[2 * middle] <= code {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return code <= ranges[2 * low + 1]
    }
}
