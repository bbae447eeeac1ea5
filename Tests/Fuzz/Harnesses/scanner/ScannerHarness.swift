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
    static let queries = try? SourceQueries([
        SourceQuery(
            calls: ["request", "UserDefaults", "initWithSuiteName", "print"],
            conformances: ["ActivityAttributes", "Codable"], conditionalRegions: true)
    ])

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let files = input.parts(separatedBy: separator, limit: 2).enumerated().map { index, data in
            let language: SourceLanguage = selector >> index & 1 == 0 ? .swift : .objectiveC
            return SourceFile(
                path: "File\(index).\(language == .swift ? "swift" : "m")", text: String(decoding: data, as: UTF8.self),
                language: language)
        }
        // The selector's third bit asks every kind of query as well.
        let scan = SourceScanner.scan(files, queries: selector & 4 == 0 ? .none : Self.queries ?? .none)
        _ = scan.notes.map(\.description)
        for call in scan.calls {
            Invariant.check(files.contains { $0.path == call.location.file }, "a call placed in a file not scanned")
            _ = call.arguments.map { String(describing: $0.value) }
        }
        _ = scan.types.flatMap(\.properties).count + scan.conditionalRegions.count
        for category in scan.categories {
            _ = String(describing: category.identifier)
            Invariant.check(
                files.contains { $0.path == category.location.file }, "a category placed in a file not scanned")
        }
        _ = scan.assignments.count + scan.dismissActionUseSites.count
    }
}
