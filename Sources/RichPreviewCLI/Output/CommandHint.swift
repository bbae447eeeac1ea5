import Foundation
import RichPreview

/// The `richpreview` command or option that does what a finding advises, added to its line: the
/// library's messages say what to do (`fit it into 2896x2172 as JPEG`, `convert it to PNG`,
/// `define PREFIX among the build settings given`), the command line says how with itself.
enum CommandHint {
    /// `: \`richpreview scale …\`` for a finding that advises a scale of its attachment, `: pass
    /// --xcconfig or -D NAME=...` for an undefined build variable, else "".
    static func hint(for finding: Finding) -> String {
        if finding.ruleID == .buildVariableUnresolved,
            let variable = advice(in: finding.message, after: "; define ")?.split(separator: " ").first
        {
            return ": pass --xcconfig or -D \(variable)=..."
        }
        guard let attachment = attachment(of: finding) else { return "" }
        let name = (attachment as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let base = stem.isEmpty ? "attachment" : stem
        switch finding.ruleID {
        case .attachmentExceedsExtensionMemory:
            guard let advice = advice(in: finding.message, after: "; fit it into "),
                let (box, format) = split(advice), box.split(separator: "x").count == 2
            else { return "" }
            let output = "\(base)-\(box).\(format == "PNG" ? "png" : "jpg")"
            return ": `richpreview scale \(ShellWord.quoted(name)) -o \(ShellWord.quoted(output)) --fit \(box)`"
        case .attachmentTypeUndocumented:
            guard let format = advice(in: finding.message, after: "; convert it to ") else { return "" }
            let output = "\(base).\(format == "PNG" ? "png" : "jpg")"
            return ": `richpreview scale \(ShellWord.quoted(name)) -o \(ShellWord.quoted(output))`"
        default:
            return ""
        }
    }

    /// The attachment a finding is about: its file, or, for one a payload's attachment raised
    /// (placed on the payload, at the attachment's key path), the name its message starts with.
    private static func attachment(of finding: Finding) -> String? {
        guard finding.keyPath != nil else { return finding.file }
        return finding.message.range(of: ": ").map { String(finding.message[..<$0.lowerBound]) }
    }

    /// The words after the last `marker` in `message`, up to a comma or the end.
    private static func advice(in message: String, after marker: String) -> String? {
        guard let range = message.range(of: marker, options: .backwards) else { return nil }
        return message[range.upperBound...].split(separator: ",").first.map(String.init)
    }

    /// `2896x2172 as JPEG` as its box and format.
    private static func split(_ advice: String) -> (box: String, format: String)? {
        let words = advice.split(separator: " ")
        guard words.count == 3, words[1] == "as" else { return nil }
        return (String(words[0]), String(words[2]))
    }
}
