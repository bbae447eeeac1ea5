import RichPreview

extension Console {
    /// Prints a finding on standard error as one line,
    /// `FILE[:LINE[:COLUMN]]: SEVERITY: [KEYPATH: ]MESSAGE[; did you mean 'X'?] [RULE]`: the form
    /// Xcode, editors and CI turn into marks at the place. Control characters are escaped.
    func report(_ finding: Finding) {
        var location = Self.displayName(finding.file)
        if let line = finding.line {
            location += ":\(line)"
            if let column = finding.column { location += ":\(column)" }
        }
        err("\(location): \(label(finding.severity)) \(TerminalText.escaped(finding.detail)) [\(finding.rule)]\n")
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
