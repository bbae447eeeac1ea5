import RichPreview

extension Console {
    /// Prints a finding on standard error as one line,
    /// `FILE[:LINE[:COLUMN]]: SEVERITY: [KEYPATH: ]MESSAGE[; did you mean 'X'?][: COMMAND] [RULE]`:
    /// the form Xcode, editors and CI turn into marks at the place, with the command that does
    /// what the finding advises, when there is one (`CommandHint`). Control characters are escaped.
    package func report(_ finding: Finding) {
        var location = Self.displayName(finding.file)
        if let line = finding.line {
            location += ":\(line)"
            if let column = finding.column { location += ":\(column)" }
        }
        let detail = finding.detail + CommandHint.hint(for: finding)
        err("\(location): \(label(finding.severity)) \(TerminalText.escaped(detail)) [\(finding.rule)]\n")
    }

    /// How many findings of one rule about one file are printed before the rest are counted.
    static let repeatLimit = 10

    /// Prints findings as `report(_:)` does, at most `repeatLimit` of one rule about one file: the
    /// rest of such a run are counted on one line after them (`and 99,986 more like these`), so
    /// that a manifest of a hundred thousand actions does not print a hundred thousand lines.
    func report(_ findings: [Finding]) {
        var printed: [String: Int] = [:]
        var left: [(key: String, finding: Finding)] = []
        for finding in findings {
            let key = finding.rule + "\u{0}" + (finding.file ?? "")
            let count = printed[key, default: 0]
            printed[key] = count + 1
            if count < Self.repeatLimit {
                report(finding)
            } else if count == Self.repeatLimit {
                left.append((key, finding))
            }
        }
        for (key, finding) in left {
            let more = (printed[key] ?? 0) - Self.repeatLimit
            err(
                "\(Self.displayName(finding.file)): \(label(.note)) and \(NumberText.grouped(more)) more like these (\(finding.severity.rawValue)s) [\(finding.rule)]\n"
            )
        }
    }

    /// Prints the finding of a typed diagnostic.
    func report(_ diagnostic: some FindingConvertible) {
        report(diagnostic.finding)
    }

    /// Prints a problem that belongs to no rule (an output that cannot be written, an input that
    /// cannot be read) as `FILE: SEVERITY: DETAIL`, escaped to one line.
    func report(_ severity: Severity, file: String?, _ detail: String) {
        err("\(Self.displayName(file)): \(label(severity)) \(TerminalText.escaped(detail))\n")
    }

    /// A file name as printed before a finding: escaped, `''` for an empty path, the tool's name for none.
    static func displayName(_ file: String?) -> String {
        guard let file else { return RichPreviewTool.name }
        return file.isEmpty ? "''" : TerminalText.escaped(file)
    }

    /// Prints one record of human-readable output on standard output: its control characters
    /// escaped, so that untrusted text (titles, bodies, identifiers, paths) keeps it on one line and
    /// never reaches the terminal as a control sequence.
    func record(_ text: String) {
        out(TerminalText.escaped(text) + "\n")
    }

    /// Prints a note (neither an error nor a warning) on standard error, escaped to one line.
    func note(_ file: String, _ text: String) {
        err("\(Self.displayName(file)): \(TerminalText.escaped(text))\n")
    }

    private func label(_ severity: Severity) -> String {
        let style: TextStyle =
            switch severity {
            case .error: .red
            case .warning: .yellow
            case .note: .cyan
            }
        return styled("\(severity.rawValue):", style)
    }
}
