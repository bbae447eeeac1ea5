import Foundation
import RichPreview

/// libFuzzer's entry point: one category manifest per input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    ManifestHarness.run(&input)
    return 0
}

/// Category manifests (JSON, XML, binary and old-style plists) through `CategoryManifest.parse`;
/// one that reads is loaded again beside itself, which must fail as a category declared twice
/// (when it declares any) and otherwise give the same categories.
enum ManifestHarness {
    static func run(_ input: inout FuzzInput) {
        let data = input.rest()
        let manifest: CategoryManifest
        do {
            manifest = try CategoryManifest.parse(data, file: "categories.json")
        } catch {
            _ = error.finding.description
            return
        }
        for category in manifest.categories {
            Invariant.check(manifest.category(category.identifier) != nil, "a parsed category is not found by its id")
        }
        do {
            let twice = try CategoryManifest.load([.bytes(data, name: "a.json"), .bytes(data, name: "b.json")])
            Invariant.check(
                manifest.categories.isEmpty && twice.categories.isEmpty,
                "a manifest loaded twice must declare its categories twice")
        } catch {
            _ = error.finding.description
        }
    }
}
