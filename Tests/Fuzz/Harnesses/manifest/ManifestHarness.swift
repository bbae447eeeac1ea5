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
///
/// Memory: the parse's peak heap use above what was in use before it may be at most
/// `HeapPeak.bound(for:)` (eight times the input plus a little): a reader that builds the whole
/// document, as Foundation's does (80 times its size), fails here on the first manifest that is
/// more than a few bytes long.
enum ManifestHarness {
    /// One JSON and one property list manifest parsed before any is measured, so that what
    /// Foundation sets up once (its plist parser, its locale data) is not counted against an input.
    static let warmedUp: Bool = {
        _ = try? CategoryManifest.parse(Data(#"{"categories": [{"identifier": "a"}]}"#.utf8))
        _ = try? CategoryManifest.parse(Data("{ categories = ( { identifier = a; } ); }".utf8))
        _ = try? CategoryManifest.parse(Data("{ categories = ( { identifier = a } ); }".utf8))
        return true
    }()

    static func run(_ input: inout FuzzInput) {
        _ = warmedUp
        let data = input.rest()
        let manifest: CategoryManifest
        let result = HeapPeak.measure {
            Result { () throws(CategoryManifestError) in try CategoryManifest.parse(data, file: "categories.json") }
        }
        if let peak = result.peak {
            Invariant.check(
                peak <= HeapPeak.bound(for: data.count),
                "parsing \(data.count) bytes took \(peak) bytes of heap at its peak")
        }
        do {
            manifest = try result.value.get()
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
