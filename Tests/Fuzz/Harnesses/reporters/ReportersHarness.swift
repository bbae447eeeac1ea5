import Foundation
import RichPreview
import RichPreviewCLI

/// libFuzzer's entry point: a selector byte, then a file name, a message, a key path and a
/// suggestion separated by NUL bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    ReportersHarness.run(&input)
    return 0
}

/// A finding whose every text field is untrusted, through every lint reporter and the console's
/// finding line: nothing printed may hold a control character, an escape sequence or a
/// bidirectional override except the line feeds between records; a GitHub annotation is one
/// line; JSON and SARIF parse and give back the text exactly.
enum ReportersHarness {
    static let rules = Rules.all

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let fields = input.parts(separatedBy: [0], limit: 4).map { String(decoding: $0, as: UTF8.self) }
        func field(_ index: Int) -> String? { index < fields.count && !fields[index].isEmpty ? fields[index] : nil }
        let finding = Finding(
            rule: rules[Int(selector) % rules.count], severity: [.error, .warning, .note][Int(selector >> 6) % 3],
            message: field(1) ?? "", file: field(0), line: selector & 1 == 0 ? nil : Int(selector),
            column: selector & 2 == 0 ? nil : 3, keyPath: field(2), suggestion: field(3))
        // A SARIF log carries every rule's metadata, which costs a hundred times the finding: one
        // input in eight is written as SARIF.
        let formats = FindingReporter.allCases.filter { $0 != .text && ($0 != .sarif || selector & 0x1C == 0) }
        for format in formats {
            let output = format.document([finding])
            let raw = output.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscape($0) }
            Invariant.check(raw.isEmpty, "\(format) printed control characters \(raw.map(\.value))")
            switch format {
            case .github:
                Invariant.check(
                    output.hasPrefix("::") && output.hasSuffix("\n") && output.dropLast().allSatisfy { $0 != "\n" },
                    "a GitHub annotation is not one line: \(output.debugDescription)")
            case .json:
                let decoded = try? JSONDecoder().decode([Finding].self, from: Data(output.utf8))
                Invariant.check(decoded == [finding], "the JSON findings do not decode to the finding")
            case .sarif:
                Invariant.check(
                    (try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "the SARIF log is not JSON")
            case .text:
                break
            }
        }
        let printed = Printed()
        let console = Console(out: { printed.append($0) }, err: { printed.append($0) })
        console.report(finding)
        let line = printed.text
        Invariant.check(
            line.hasSuffix("\n") && line.dropLast().unicodeScalars.allSatisfy { !TerminalText.needsEscape($0) },
            "a finding line is not one line of printable text: \(line.debugDescription)")
    }
}

/// Text a console printed.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    func append(_ text: String) { lock.withLock { buffer += text } }
    var text: String { lock.withLock { buffer } }
}
