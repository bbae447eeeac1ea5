import Foundation
import RichPreview

/// The forms lint findings are printed in.
package enum FindingReporter: String, CaseIterable {
    /// `path:line:col: error: message [rule-id]`, the form Xcode and editors annotate.
    case text
    /// One JSON array of finding objects.
    case json
    /// SARIF 2.1.0, for code-scanning upload.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…::message`).
    case github

    /// The findings in this form, for standard output (nil for `text`, which goes to the console's
    /// finding lines on standard error).
    package func document(_ findings: [Finding]) -> String {
        switch self {
        case .text:
            return ""
        case .json:
            return JSONOutput.encode(findings)
        case .sarif:
            return SARIFDocument.encode(findings)
        case .github:
            return findings.map(Self.annotation).joined()
        }
    }

    /// One GitHub Actions workflow command for a finding.
    static func annotation(_ finding: Finding) -> String {
        let command =
            switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var properties: [String] = []
        if let file = finding.file { properties.append("file=\(escapeProperty(file))") }
        if let line = finding.line { properties.append("line=\(line)") }
        if let column = finding.column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty(finding.rule))")
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(finding.detail))\n"
    }

    /// GitHub's escaping of a command's message (`%`, CR and LF percent-encoded), then the
    /// terminal's: a workflow command is printed in the job's log as it is, so every other control
    /// character, escape sequence and bidirectional override is written visibly, as `text` does.
    static func escapeData(_ text: String) -> String {
        TerminalText.escaped(
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// GitHub's escaping of a command's property values.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
