import Foundation
import RichPreviewTestSupport
import Testing

/// The module graph the README promises: C only in the codec and font wrappers, system calls only
/// in the system layer, and each library importing only what it declares.
struct ModuleBoundaryTests {
    /// The folder of the image decoders: one file per format, each over its own C shim.
    static let decoderFolder = "RichPreviewImaging/Decoding/Formats/"
    /// The other Swift files that may import a C module: one wrapper per encoder, the resampling
    /// kernels', the movie frame decoder's, the bidirectional text's, the dictionary line breaks',
    /// the font shim's, the system layer's, the HTTP server's.
    static let cWrappers: Set<String> = [
        "RichPreviewImaging/Encoding/PNGEncoder.swift", "RichPreviewImaging/Encoding/JPEGEncoder.swift",
        "RichPreviewImaging/Encoding/WebPEncoder.swift",
        "RichPreviewImaging/Resampling/ResamplingKernel.swift", "RichPreviewImaging/Movies/MovieFrameDecoder.swift",
        "RichPreviewImaging/Colour/ICCTransform.swift",
        "RichPreviewImaging/Colour/PNGColourChunks.swift",
        "RichPreview/Rendering/Text/Bidi/BidiLibrary.swift", "RichPreview/Rendering/Text/Bidi/BidiLine.swift",
        "RichPreview/Rendering/Text/Bidi/TextDirection.swift", "RichPreview/Rendering/Text/Dictionary/ICULibrary.swift",
        "RichPreviewRendering/Fonts/FreeTypeShim.swift",
        "RichPreviewSystem/AtomicFile.swift", "RichPreviewServer/HTTP/HTTPServer.swift",
        "RichPreviewServer/HTTP/ServerRequest.swift",
    ]
    /// Whether `module` is a C module: the project's shims (`CRichPreview…`), or any other module
    /// named C and a capital.
    static func isCModule(_ module: String) -> Bool {
        let scalars = Array(module.unicodeScalars)
        return scalars.count > 1 && scalars[0] == "C" && CharacterSet.uppercaseLetters.contains(scalars[1])
    }
    static func mayImportC(_ file: String) -> Bool { cWrappers.contains(file) || file.hasPrefix(decoderFolder) }

    /// Project modules each library may import.
    static let allowedProjectImports: [String: Set<String>] = [
        "RichPreviewMedia": [],
        "RichPreviewSystem": [],
        "RichPreviewSourceScan": ["RichPreviewSystem"],
        "RichPreview": ["RichPreviewMedia", "RichPreviewSystem", "RichPreviewSourceScan"],
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
        let offenders = imports.filter { Self.isCModule($0.module) && !Self.mayImportC($0.file) }
        #expect(offenders.isEmpty, "\(offenders)")
        // The optional libraries' loader is the C shims' alone: Swift gets a status and a report.
        let loaderImports = imports.filter { $0.module == "CRichPreviewLoader" }
        #expect(loaderImports.isEmpty, "\(loaderImports)")
        for wrapper in Self.cWrappers {
            #expect(imports.contains { $0.file == wrapper && Self.isCModule($0.module) }, "\(wrapper)")
        }
        // Every decoder of the folder is over a C shim, and every C shim of the imaging module's
        // decoders has its decoder there.
        let decoders = imports.filter { $0.file.hasPrefix(Self.decoderFolder) && Self.isCModule($0.module) }
        #expect(Set(decoders.map(\.module)).isSuperset(of: ["CRichPreviewPNG", "CRichPreviewJPEG", "CRichPreviewGIF"]))
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
