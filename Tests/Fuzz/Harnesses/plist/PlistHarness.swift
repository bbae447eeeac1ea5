import Foundation
import RichPreview

/// libFuzzer's entry point: one extension Info.plist per input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    PlistHarness.run(&input)
    return 0
}

/// Extension plists (XML, binary, old-style) through `ExtensionConfig.check` with build variables
/// to expand, then, for one that loads, `ExtensionRegistry.load` with it claimed twice.
enum PlistHarness {
    /// Variables that expand into each other, with a cycle, so that expansion depth is reached.
    static let variables = BuildVariables([
        "PRODUCT_NAME": "Demo $(TARGET_NAME)", "TARGET_NAME": "Content",
        "PRODUCT_BUNDLE_IDENTIFIER":
            "com.example.$(PRODUCT_NAME:rfc1034identifier)", "CYCLE": "$(CYCLE)$(CYCLE)", "EMPTY": "",
    ])

    static func run(_ input: inout FuzzInput) {
        let data = input.rest()
        let report = ExtensionConfig.check(data, file: "Info.plist", variables: variables)
        _ = report.findings.map(\.description)
        Invariant.check(
            report.config == nil || !report.findings.contains { $0.severity == .error },
            "a plist with an error finding must not load")
        guard let config = report.config else { return }
        _ = config.unresolvedVariables
        let sources: [InputSource] = [.bytes(data, name: "A/Info.plist"), .bytes(data, name: "B/Info.plist")]
        guard let registry = try? ExtensionRegistry.load(sources, variables: variables) else {
            Invariant.check(false, "the same plist loads alone but not in a registry")
            return
        }
        for category in config.categories {
            Invariant.check(
                registry.contentExtension(for: category)?.file == "A/Info.plist",
                "the first of two extensions claiming '\(category)' must draw it")
        }
        _ = registry.findings.map(\.description)
    }
}
