import RichPreview

/// How bad a finding is, as printed before its text.
enum Severity: String {
    case error
    case warning
}

extension Console {
    /// Prints one finding on standard error as `FILE: error: DETAIL` (`richpreview: error: DETAIL`
    /// when no file is involved): the form editors and CI annotate.
    func report(_ severity: Severity, file: String?, _ detail: String) {
        let label = styled("\(severity.rawValue):", severity == .error ? .red : .yellow)
        err("\(file ?? RichPreviewTool.name): \(label) \(detail)\n")
    }

    /// Prints an issue that carries its own file and key path.
    func report(_ severity: Severity, _ issue: any LocatedIssue) {
        report(
            severity, file: issue.file,
            ([issue.keyPath.isEmpty ? nil : issue.keyPath].compactMap { $0 } + [issue.message]).joined(separator: ": "))
    }
}
