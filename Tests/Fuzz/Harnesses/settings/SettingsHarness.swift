import Foundation
import RichPreview

/// libFuzzer's entry point: a selector byte, then up to five parts cut at `\n@@@@\n` lines.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    SettingsHarness.run(&input)
    return 0
}

/// The build-setting expander and the `.xcconfig` include reader, alone and inside a lint: the
/// parts are three `.xcconfig` files (`Base`, `A`, `B`, which may include each other and
/// themselves) and the project and target levels' settings (`NAME = value` lines) of a project
/// file based on `Base.xcconfig`. Every value is expanded; the promises checked are the limits'
/// (an expansion within them is at most 64 KiB; one past them gives the text as written).
enum SettingsHarness {
    static let separator = Array("\n@@@@\n".utf8)
    static let files = ["Base.xcconfig", "A.xcconfig", "B.xcconfig"]
    static let folder: URL = {
        let url = ScratchFolder.make("settings")
        try? FileManager.default.createDirectory(
            at: url.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        return url
    }()

    static func run(_ input: inout FuzzInput) {
        let selector = input.byte()
        let parts = input.parts(separatedBy: separator, limit: 5).map { String(decoding: $0, as: UTF8.self) }
        for (index, name) in files.enumerated() {
            let path = folder.appendingPathComponent(name).path
            if index < parts.count { ScratchFolder.write(Data(parts[index].utf8), to: path) } else { unlink(path) }
        }
        let base = folder.appendingPathComponent(files[0]).path
        let settings = (try? XcconfigReader.read(base)) ?? [:]
        let variables = BuildVariables(
            settings.merging(levels(parts.count > 3 ? parts[3] : "")) { _, level in level })
        for value in variables.values.values.prefix(64) { expandChecked(value, with: variables) }
        expandChecked("id.$(\(variables.values.keys.sorted().first ?? "X"))", with: variables)
        guard selector & 1 == 1 else { return }
        let project = projectFile(
            project: levels(parts.count > 3 ? parts[3] : ""), target: levels(parts.count > 4 ? parts[4] : ""))
        ScratchFolder.write(Data(project.utf8), to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj").path)
        for finding in Linter(readsConfigurationFile: false).lint([folder.path]).findings {
            _ = finding.description
        }
    }

    /// Expands `text` and checks the limits' promises.
    static func expandChecked(_ text: String, with variables: BuildVariables) {
        let expansion = variables.expansion(of: text)
        if expansion.isOverLimit {
            Invariant.check(expansion.text == text, "an expansion over the limits is not the text as written")
        } else if text.utf8.count <= BuildVariables.maximumExpandedLength {
            Invariant.check(
                expansion.text.utf8.count <= BuildVariables.maximumExpandedLength,
                "an expansion within the limits is \(expansion.text.utf8.count) bytes")
        }
    }

    /// `NAME = value` lines as settings (at most 64).
    static func levels(_ text: String) -> [String: String] {
        var settings: [String: String] = [:]
        for line in text.split(separator: "\n").prefix(64) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty {
                settings[name] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return settings
    }

    /// A project file with one app target, the project level based on `Base.xcconfig`.
    static func projectFile(project: [String: String], target: [String: String]) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func dictionary(_ settings: [String: String]) -> String {
            settings.map { "\(quoted($0.key)) = \(quoted($0.value));" }.joined(separator: " ")
        }
        return """
            {
            objects = {
            F = { isa = PBXFileReference; path = "Base.xcconfig"; sourceTree = "<group>"; };
            G = { isa = PBXGroup; children = (F); sourceTree = "<group>"; };
            C1 = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = F; buildSettings = { \(dictionary(project)) }; };
            C2 = { isa = XCBuildConfiguration; name = Release; buildSettings = { \(dictionary(target)) }; };
            L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
            L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
            T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = L2; };
            P = { isa = PBXProject; buildConfigurationList = L1; mainGroup = G; targets = (T); };
            };
            rootObject = P;
            }
            """
    }

}
