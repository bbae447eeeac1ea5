import Foundation
import RichPreviewSourceScan

/// libFuzzer's entry point: a selector byte, then one or two source files cut at a separator line.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    ScannerHarness.run(&input)
    return 0
}

/// Swift and Objective-C sources through `SourceScanner.scan`: the selector's low bits give each
/// file's language, and a line `//--next file--` starts a second file, so that names are resolved
/// across files.
enum ScannerHarness {
    static let separator = Array("\n//--next file--\n".utf8)

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let files = input.parts(separatedBy: separator, limit: 2).enumerated().map { index, data in
            let language: SourceLanguage = selector >> index & 1 == 0 ? .swift : .objectiveC
            return SourceFile(
                path: "File\(index).\(language == .swift ? "swift" : "m")", text: String(decoding: data, as: UTF8.self),
                language: language)
        }
        let scan = SourceScanner.scan(files)
        _ = scan.notes.map(\.description)
        for category in scan.categories {
            _ = String(describing: category.identifier)
            Invariant.check(
                files.contains { $0.path == category.location.file }, "a category placed in a file not scanned")
        }
        _ = scan.assignments.count + scan.dismissActionUseSites.count
    }
}
