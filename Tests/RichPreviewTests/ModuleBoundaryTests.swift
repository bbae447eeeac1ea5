import Foundation
import RichPreviewTestSupport
import Testing

/// The module graph the README promises: C only in the codec and font wrappers, system calls only
/// in the system layer, and each library importing only what it declares.
struct ModuleBoundaryTests {
    /// The only Swift files that may import a C module: one wrapper per codec direction, the
    /// resampling kernels' wrapper and the font shim.
    static let cWrappers: Set<String> = [
        "RichPreviewImaging/Decoding/PNGDecoder.swift", "RichPreviewImaging/Encoding/PNGEncoder.swift",
        "RichPreviewImaging/Decoding/JPEGDecoder.swift", "RichPreviewImaging/Encoding/JPEGEncoder.swift",
        "RichPreviewImaging/Decoding/GIFDecoder.swift", "RichPreviewImaging/Resampling/ResamplingKernel.swift",
        "RichPreviewRendering/Fonts/FreeTypeShim.swift", "RichPreviewSystem/AtomicFile.swift",
    ]
    static let cModules: Set<String> = [
        "CRichPreviewPNG", "CRichPreviewJPEG", "CRichPreviewGIF", "CRichPreviewResample", "CRichPreviewFreeType",
        "CFreeType", "CHarfBuzz", "CRichPreviewSystem",
    ]
    /// Project modules each library may import.
    static let allowedProjectImports: [String: Set<String>] = [
        "RichPreviewMedia": [],
        "RichPreviewSystem": [],
        "RichPreview": ["RichPreviewMedia", "RichPreviewSystem"],
        "RichPreviewImaging": ["RichPreviewMedia", "RichPreviewSystem"],
        "RichPreviewRendering": ["RichPreviewMedia", "RichPreviewSystem", "RichPreview", "RichPreviewImaging"],
    ]

    /// Every `import` line of every Swift file under `Sources/`, as (path below Sources, module).
    static func imports() throws -> [(file: String, module: String)] {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        var found: [(String, String)] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({
                        $0.hasPrefix("@") || ["internal", "private", "public", "package"].contains($0)
                    })
                else { continue }
                found.append((relative, String(words[index + 1])))
            }
        }
        return found
    }

    @Test func onlyTheWrappersImportCModules() throws {
        let imports = try Self.imports()
        #expect(imports.count > 100, "the walk found the sources")
        let offenders = imports.filter { Self.cModules.contains($0.module) && !Self.cWrappers.contains($0.file) }
        #expect(offenders.isEmpty, "\(offenders)")
        for wrapper in Self.cWrappers {
            #expect(imports.contains { $0.file == wrapper && Self.cModules.contains($0.module) }, "\(wrapper)")
        }
    }

    @Test func eachLibraryImportsOnlyTheProjectModulesItMayUse() throws {
        let projectModules = Set(Self.allowedProjectImports.keys)
        for (file, module) in try Self.imports() where projectModules.contains(module) {
            let owner = String(file.prefix { $0 != "/" })
            guard let allowed = Self.allowedProjectImports[owner] else { continue }
            #expect(allowed.contains(module), "\(file) imports \(module)")
        }
    }

    /// System calls whose every use belongs in `RichPreviewSystem`.
    static let systemCalls = [
        "opendir(", "readdir(", "stat(", "lstat(", "fstat(", "mkdir(", "mmap(", "munmap(", "pthread_create(",
        "pthread_join(", "strerror(", "signal(", "Foundation.read(", "sigaction(",
    ]

    @Test func systemCallsGoThroughTheSystemLayer() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(atPath: sources.path)
        var offenders: [String] = []
        var seen = 0
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("RichPreviewSystem/"),
                !relative.hasPrefix("RichPreviewTestSupport/")
            else { continue }
            seen += 1
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for call in Self.systemCalls where line.contains(call) {
                    // `FileStatus.of(...)`-style calls and methods named like a call are not the call.
                    let before = line.range(of: call).map { line[..<$0.lowerBound].last } ?? nil
                    if let before, before.isLetter || before.isNumber || before == "." || before == "_" {
                        if call != "Foundation.read(" { continue }
                    }
                    offenders.append("\(relative): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(seen > 100, "the walk found the sources")
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
