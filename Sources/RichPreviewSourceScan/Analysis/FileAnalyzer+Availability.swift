extension FileAnalyzer {
    /// An availability check at `index` (the `available` or `unavailable` of `#available(…)`, or
    /// Objective-C's `@available`) that is an `if` or `guard` condition on its own: the block
    /// that runs only below the iOS version it names is recorded (`ScannedAvailabilityRegion`).
    /// A check combined with other conditions, or naming no iOS version, records nothing.
    mutating func availabilityCheck(at index: Int, unavailable: Bool) {
        guard source.isPunctuation(index + 1, UInt8(ascii: "(")), let close = closer(of: index + 1),
            let version = iOSVersion(in: (index + 2)..<close)
        else { return }
        // The keyword before the check, and the token after its condition.
        let keyword: Int
        var after = close + 1
        if isSwift {
            guard source.isPunctuation(index - 1, UInt8(ascii: "#")) else { return }
            keyword = index - 2
        } else {
            // `if (@available(iOS 10.0, *)) {`
            guard source.isPunctuation(index - 1, UInt8(ascii: "(")), closer(of: index - 1) == close + 1 else { return }
            keyword = index - 2
            after = close + 2
        }
        let block: Int?
        if source.isWord(keyword, "guard") {
            // `guard #available(…) else { … }`: the `else` runs below the version.
            guard !unavailable, source.isWord(after, "else"), source.isPunctuation(after + 1, UInt8(ascii: "{")) else {
                return
            }
            block = after + 1
        } else if source.isWord(keyword, "if"), source.isPunctuation(after, UInt8(ascii: "{")),
            let bodyClose = closer(of: after)
        {
            if unavailable {
                block = after
            } else if source.isWord(bodyClose + 1, "else"), source.isPunctuation(bodyClose + 2, UInt8(ascii: "{")) {
                block = bodyClose + 2
            } else {
                block = nil
            }
        } else {
            block = nil
        }
        guard let block, let end = closer(of: block) else { return }
        facts.availabilityRegions.append(
            ScannedAvailabilityRegion(
                file: source.path, lines: source.location(block).line...source.location(end).line, onlyBelow: version))
    }

    /// The version after `iOS` in an availability check's arguments (`iOS 10.0, *`,
    /// `iOS 10, macOS 10.14, *`).
    private func iOSVersion(in range: Range<Int>) -> String? {
        for index in range where source.isWord(index, "iOS") {
            var version = ""
            var next = index + 1
            // `10.0` may be one number token, or a number, a dot and a number.
            while next < range.upperBound,
                source.tokens[next].kind == .number || source.isPunctuation(next, UInt8(ascii: "."))
            {
                version += source.text(next)
                next += 1
            }
            return version.isEmpty ? nil : version
        }
        return nil
    }
}
