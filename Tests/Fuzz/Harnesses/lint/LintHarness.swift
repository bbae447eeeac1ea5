import Foundation
import RichPreview

/// libFuzzer's entry point: a selector byte, then up to five files cut at `\n@@@@\n` lines.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    LintHarness.run(&input)
    return 0
}

/// What only reads files: `.richpreview.json` (`LintConfiguration.adding(file:)`), the xcconfig
/// reader, and `Linter.lint` over a folder holding an Info.plist, a payload and a category manifest,
/// whose findings are placed by the JSON and plist key locators; the files are rewritten for every
/// input in a `ScratchFolder`.
enum LintHarness {
    static let separator = Array("\n@@@@\n".utf8)
    /// Every name a part may be written under; those an input does not use are removed.
    static let allNames = [
        "Info.plist", "payload.json", "voip.apns", LintConfiguration.fileName, "Config.xcconfig", "categories.json",
        "categories.plist",
    ]
    static let folder = ScratchFolder.make("lint")

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let names = [
            "Info.plist", selector & 1 == 0 ? "payload.json" : "voip.apns", LintConfiguration.fileName,
            "Config.xcconfig", selector & 2 == 0 ? "categories.json" : "categories.plist",
        ]
        let parts = input.parts(separatedBy: separator, limit: names.count)
        for name in allNames where !names.prefix(parts.count).contains(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
        for (name, part) in zip(names, parts) {
            ScratchFolder.write(part, to: folder.appendingPathComponent(name).path)
        }
        var configuration = LintConfiguration()
        do {
            configuration = try configuration.adding(file: folder.appendingPathComponent(names[2]).path)
        } catch {
            _ = error.reason
        }
        _ = try? XcconfigReader.read(folder.appendingPathComponent(names[3]).path)
        let result = Linter(configuration: configuration).lint([folder.path])
        for finding in result.findings {
            _ = finding.description
            if let line = finding.line { Invariant.check(line >= 1, "finding placed on line \(line)") }
            if let column = finding.column { Invariant.check(column >= 1, "finding placed at column \(column)") }
        }
    }

}
