import RichPreview

/// How bad a finding is, as printed before its text.
enum Severity: String {
    case error
    case warning
}

extension Console {
    /// Prints one finding on standard error as `FILE: error: DETAIL` (`richpreview: error: DETAIL`
    /// when no file is involved): the form editors and CI annotate. Control characters in the file
    /// name and the detail are escaped, so every finding is one line.
    func report(_ severity: Severity, file: String?, _ detail: String) {
        let label = styled("\(severity.rawValue):", severity == .error ? .red : .yellow)
        err("\(Self.displayName(file)): \(label) \(TerminalText.escaped(detail))\n")
    }

    /// A file name as printed before a finding: escaped, `''` for an empty path, the tool's name for none.
    static func displayName(_ file: String?) -> String {
        guard let file else { return RichPreviewTool.name }
        return file.isEmpty ? "''" : TerminalText.escaped(file)
    }

    /// Prints an issue that carries its own file and key path.
    func report(_ severity: Severity, _ issue: any LocatedIssue) {
        report(
            severity, file: issue.file,
            ([issue.keyPath.isEmpty ? nil : issue.keyPath].compactMap { $0 } + [issue.message]).joined(separator: ": "))
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
}
