import Foundation
import RichPreviewTestSupport
import Testing

/// The README's "Using the library" programs, built as a user would build them: in new packages
/// that depend on this one by path and on the products they import, then run from the top folder
/// and compared with the output the README shows.
@Suite(.serialized)
struct LibraryExamplesTests {
    /// One `swift` block of the section and the `text` block after it.
    struct Example {
        var name: String
        var source: String
        var expectedOutput: String
        var importsImagingOnly: Bool
        /// Imports `RichPreviewRendering`: built against that product.
        var importsRendering: Bool
    }

    /// The section's examples, in order: every `swift` block that has a `main`-style body (not the
    /// Package.swift excerpt) and the `text` block that follows it.
    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: TestPaths.packageFile("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Using the library\n") else { return [] }
        let section = readme[start.upperBound...]
        let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        var examples: [Example] = []
        var rest = body[...]
        while let open = rest.range(of: "```swift\n") {
            guard let close = rest[open.upperBound...].range(of: "\n```\n") else { break }
            let source = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard source.contains("\nimport ") || source.hasPrefix("import ") else { continue }
            guard let textOpen = rest.range(of: "```text\n"),
                let textClose = rest[textOpen.upperBound...].range(of: "\n```\n")
            else { break }
            let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") }
            examples.append(
                Example(
                    name: "Example\(examples.count + 1)", source: source + "\n",
                    expectedOutput: String(rest[textOpen.upperBound..<textClose.lowerBound]) + "\n",
                    importsImagingOnly: imports.contains("import RichPreviewImaging")
                        && !imports.contains("import RichPreview"),
                    importsRendering: imports.contains("import RichPreviewRendering")))
            rest = rest[textClose.upperBound...]
        }
        return examples
    }

    /// A program of our own beside the README's: JPEG bytes to JPEG bytes and PNG bytes to PNG
    /// bytes in memory, each checked by decoding it again, through the one-call and the two-step API.
    static let inMemoryCheck = """
        import Foundation
        import RichPreviewImaging

        let jpeg = try Data(contentsOf: URL(fileURLWithPath: "Resources/attachments/sample-image.jpg"))
        let png = try Data(contentsOf: URL(fileURLWithPath: "Resources/attachments/sample-badge.png"))
        let request = ScaleRequest(box: PixelSize(width: 100, height: 100))
        for (name, input, encoding) in [("jpeg", jpeg, ImageEncoding.jpeg(quality: 90)), ("png", png, .png())] {
            let result = try ImageScaler.scale(input, to: request, encodingAs: encoding)
            let header = try ImageHeader.read(result.data)
            let decoded = try ImageDecoder.decode(result.data)
            print("\\(name) -> \\(header.format) \\(header.size) decodes \\(decoded.size == result.size)")
        }
        let scaled = try ImageScaler.scale(png, to: request)
        let encoded = try ImageEncoder.encode(scaled.image, as: .png(.graphic()))
        print("two steps: \\(try ImageDecoder.decode(encoded.data) == scaled.image)")

        """

    /// A program that reaches the imaging module's optional-library paths through its public
    /// API, a WebP decode, a HEIC scale and a movie's frame, and prints what each failure names.
    static let imagingLibraryCheck = """
        import Foundation
        import RichPreviewImaging

        let webp = try Data(contentsOf: URL(fileURLWithPath: "Tests/Fixtures/phone-photos/webp-lossy.webp"))
        do {
            print("webp: decoded \\(try ImageDecoder.decode(webp).size)")
        } catch .libraryUnavailable(_, let library, let package, let reason) {
            print("webp: \\(library) | \\(package) | \\(reason)")
        }
        let heic = try Data(contentsOf: URL(fileURLWithPath: "Tests/Fixtures/phone-photos/heic-8bit.heic"))
        do {
            print("heic: decoded \\(try ImageScaler.scale(heic, to: ScaleRequest(box: PixelSize(width: 64, height: 64))).image.size)")
        } catch .libraryUnavailable(_, let library, let package, _) {
            print("heic: \\(library) | \\(package)")
        }
        let movie = try Data(contentsOf: URL(fileURLWithPath: "Resources/attachments/sample-movie.mp4"))
        do {
            print("movie: decoded \\(try MovieFrameDecoder.posterFrame(of: movie, limits: ImageLimits()).image.size)")
        } catch .librariesUnavailable(let library, let package, let reason) {
            print("movie: \\(library) | \\(package) | \\(reason)")
        }

        """

    /// A server's loop through the `async` API: eight photos scaled at once on a pool of two
    /// threads while a heartbeat task runs on the cooperative pool; a task cancelled at its
    /// decode; one budget shared by every path. Each scale waits in its observer for a heartbeat
    /// that comes after its decode: were the scales holding the cooperative threads, no heartbeat
    /// could come and they would wait out a minute each ("starved"). The worst lateness of the
    /// heartbeat goes to standard error, for the record (Benchmarks/heartbeat-benchmark.sh measures it).
    static let serverLoopCheck = """
        import Foundation
        import RichPreviewImaging
        import Synchronization

        final class Counts: Sendable {
            let starved = Mutex(0)
            let stages = Mutex<[String]>([])
        }

        func photo(_ seed: Int) throws -> Data {
            let size = PixelSize(width: 1200, height: 900)
            var pixels = [UInt8](repeating: 255, count: size.pixelCount * 4)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let index = (y * size.width + x) * 4
                    pixels[index] = UInt8(truncatingIfNeeded: x + seed * 17)
                    pixels[index + 1] = UInt8(truncatingIfNeeded: y)
                    pixels[index + 2] = UInt8(truncatingIfNeeded: x ^ y)
                }
            }
            return try ImageEncoder.encode(RGBAImage(size: size, pixels: pixels), as: .jpeg(quality: 85)).data
        }

        let photos = try (0..<8).map(photo)
        let pool = WorkerPool(threads: 2)
        let counts = Counts()
        let beat = DispatchSemaphore(value: 0)
        let heartbeat = Task {
            let clock = ContinuousClock()
            var next = clock.now
            var worst = Duration.zero
            while !Task.isCancelled {
                next = next.advanced(by: .milliseconds(10))
                try? await Task.sleep(until: next, clock: clock)
                worst = max(worst, clock.now - next)
                beat.signal()
            }
            return worst
        }
        var waiting = ScaleRequest(box: PixelSize(width: 375, height: 375))
        waiting.observer = { event in
            guard case .stageFinished(.decode, _) = event else { return }
            while beat.wait(timeout: .now()) == .success {}
            if beat.wait(timeout: .now() + 60) == .timedOut { counts.starved.withLock { $0 += 1 } }
        }
        let request = waiting
        let sizes = try await withThrowingTaskGroup(of: PixelSize.self) { group in
            for data in photos {
                group.addTask { try await ImageScaler.scale(data, to: request, encodingAs: .jpeg(quality: 80), on: pool).size }
            }
            var sizes: [PixelSize] = []
            for try await size in group { sizes.append(size) }
            return sizes
        }
        heartbeat.cancel()
        let worst = await heartbeat.value
        FileHandle.standardError.write(Data("worst heartbeat lateness: \\(worst)\\n".utf8))
        print("scaled \\(sizes.count) photos to \\(Set(sizes).map { "\\($0)" }.joined()), heartbeat starved \\(counts.starved.withLock { $0 }) times")

        // Cancelled when its decode finishes: stopped before the next stage.
        var cancelling = ScaleRequest(box: PixelSize(width: 375, height: 375))
        cancelling.observer = { event in
            guard case .stageFinished(let stage, _) = event else { return }
            counts.stages.withLock { $0.append(stage.rawValue) }
            if stage == .decode { withUnsafeCurrentTask { $0?.cancel() } }
        }
        let stopping = cancelling
        let outcome = await Task { () async -> String in
            do throws(ImageProcessingError) {
                return "finished: \\(try await ImageScaler.scale(photos[0], to: stopping, encodingAs: .png(), on: pool).size)"
            } catch {
                return "\\(error)"
            }
        }.value
        print("\\(outcome), after the stages \\(counts.stages.withLock { $0 })")

        // One budget on every path, the one decode to many outputs included.
        let sizesAsked = [ScaleRequest(box: PixelSize(width: 1125, height: 1125)), ScaleRequest(box: PixelSize(width: 375, height: 375))]
        let manyPeak = try ImageScaler.estimatedMemory(photos[0], for: sizesAsked)
        let budget = MemoryBudget(bytes: manyPeak * 2)
        let shared = sizesAsked.map { request in
            var request = request
            request.sharedBudget = budget
            return request
        }
        let peaks = try await withThrowingTaskGroup(of: Int.self) { group in
            for data in photos {
                group.addTask { try await ImageScaler.scale(data, to: shared, on: pool).cost.peakBytes }
                group.addTask { try await ImageScaler.scale(data, to: shared[0], on: pool).cost.peakBytes }
                group.addTask { try await ImageScaler.scale(data, to: shared[1], encodingAs: .jpeg(), on: pool).cost.peakBytes }
            }
            var peaks: [Int] = []
            for try await peak in group { peaks.append(peak) }
            return peaks
        }
        print("\\(peaks.count) scales, peak reserved within the budget: \\(budget.peakReservedBytes <= budget.bytes), one decode to many reserved its peak: \\(budget.peakReservedBytes >= manyPeak && peaks.max() == manyPeak), held after: \\(budget.reservedBytes)")

        """

    /// The core's optional library, FriBidi, loaded through its public API.
    static let coreLibraryCheck = """
        import RichPreview

        if let unavailable = BidiLibrary.load() {
            print("fribidi: \\(unavailable.library) | \\(unavailable.package) | \\(unavailable.reason)")
        } else {
            print("fribidi: loaded")
        }

        """

    @Test func theSectionHasAnImagingExampleAndCoreExamples() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 4)
        let imaging = examples.filter(\.importsImagingOnly)
        #expect(imaging.count >= 2)
        #expect(imaging.allSatisfy { $0.source.contains("import RichPreviewImaging\n") })
        #expect(examples.allSatisfy { !$0.expectedOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
    }

    @Test(.timeLimit(.minutes(10)))
    func theImagingExamplesBuildAgainstTheImagingProductAloneAndPrintWhatTheReadmeShows() throws {
        let examples = try Self.examples().filter(\.importsImagingOnly)
        try #require(!examples.isEmpty)
        let programs =
            examples.map { ($0.name, $0.source) } + [
                ("InMemoryCheck", Self.inMemoryCheck), ("LibraryCheck", Self.imagingLibraryCheck),
                ("ServerLoopCheck", Self.serverLoopCheck),
            ]
        let package = try ConsumerPackage(product: "RichPreviewImaging", programs: programs)
        try package.build()
        for example in examples {
            let run = try package.run(example.name)
            #expect(run.status == 0, "\(example.name): \(run.err)")
            #expect(run.out == example.expectedOutput, "\(example.name): printed\n\(run.out)")
        }
        let check = try package.run("InMemoryCheck")
        #expect(check.status == 0, "\(check.err)")
        #expect(
            check.out == """
                jpeg -> jpeg 100x67 decodes true
                png -> png 100x100 decodes true
                two steps: true

                """)
        let server = try package.run("ServerLoopCheck")
        #expect(server.status == 0, "\(server.err)")
        #expect(
            server.out == """
                scaled 8 photos to 375x281, heartbeat starved 0 times
                cancelled at the resample stage, after the stages ["decode"]
                24 scales, peak reserved within the budget: true, one decode to many reserved its peak: true, held after: 0

                """, "\(server.out)\(server.err)")
        let libraries = try package.linkedLibraries(examples[0].name)
        #expect(
            libraries.contains { $0.hasPrefix("libpng") } && libraries.contains { $0.hasPrefix("libdeflate") }
                && libraries.contains { $0.hasPrefix("libjpeg") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libfreetype") || $0.hasPrefix("libharfbuzz") }, "\(libraries)")
        // The optional codecs and Little CMS are loaded on first use, never linked.
        let optional = ["libheif", "libwebp", "liblcms2", "libavcodec", "libavformat", "libswscale", "libisal"]
        #expect(!libraries.contains { library in optional.contains(where: library.hasPrefix) }, "\(libraries)")

        // The shared loader's failures, as the imaging API reports them: a library without a
        // function the shim needs, and a library that is not there; then both loaded.
        let missing = try package.run(
            "LibraryCheck",
            environment: [
                "RICHPREVIEW_WEBPDEMUX_LIBRARY": "libwebp.so.7", "RICHPREVIEW_AVUTIL_LIBRARY": "libavutil-missing.so",
                "RICHPREVIEW_HEIF_LIBRARY": "libheif-missing.so",
            ])
        #expect(missing.status == 0, "\(missing.err)")
        let lines = missing.out.split(separator: "\n")
        #expect(
            lines.first
                == "webp: libwebp.so.7 | libwebpdemux2 | the library has no function WebPGetDemuxVersion (too old a version?)",
            "\(missing.out)")
        #expect(
            lines.last?.hasPrefix("movie: libavutil-missing.so | libavutil") == true
                && lines.last?.hasSuffix(
                    "| libavutil-missing.so: cannot open shared object file: No such file or directory")
                    == true,
            "\(missing.out)")
        // A HEIC without libheif: the typed error names the Debian package.
        #expect(lines.dropFirst().first == "heic: libheif-missing.so | libheif1", "\(missing.out)")
        let loaded = try package.run("LibraryCheck")
        #expect(
            loaded.out == "webp: decoded 64x48\nheic: decoded 64x48\nmovie: decoded 160x90\n",
            "\(loaded.out)\(loaded.err)")
    }

    /// The core examples (built against `RichPreview`, which links no C library) and the
    /// rendering ones (against `RichPreviewRendering`), in one package so that it builds once.
    @Test(.timeLimit(.minutes(10)))
    func theCoreAndRenderingExamplesBuildAgainstTheirProductsAndPrintWhatTheReadmeShows() throws {
        let all = try Self.examples().filter { !$0.importsImagingOnly }
        let core = all.filter { !$0.importsRendering }
        let rendering = all.filter(\.importsRendering)
        try #require(core.count >= 3 && rendering.count >= 2)
        for example in core {
            #expect(!example.source.contains("import RichPreviewImaging"), "\(example.name) needs only RichPreview")
        }
        let package = try ConsumerPackage(
            programs: all.map { ($0.name, $0.source, $0.importsRendering ? "RichPreviewRendering" : "RichPreview") }
                + [("LibraryCheck", Self.coreLibraryCheck, "RichPreview")])
        try package.build()
        for example in all {
            let run = try package.run(example.name)
            #expect(run.status == 0, "\(example.name): \(run.err)")
            #expect(run.out == example.expectedOutput, "\(example.name): printed\n\(run.out)")
        }
        let libraries = try package.linkedLibraries(core[0].name)
        let codecs = libraries.filter {
            ["libpng", "libdeflate", "libjpeg", "libgif", "libfreetype", "libharfbuzz", "libfribidi", "libav"].contains(
                where: $0.hasPrefix)
        }
        #expect(codecs.isEmpty, "the core links no C library: \(codecs)")
        // A program that renders loads FreeType and HarfBuzz on first use: neither is linked.
        let drawing = try package.linkedLibraries(rendering[0].name)
        #expect(
            !drawing.contains { $0.hasPrefix("libfreetype") || $0.hasPrefix("libharfbuzz") || $0.hasPrefix("libglib") },
            "\(drawing)")

        // FriBidi through the core's API: a library that lacks its functions, then the real one.
        let missing = try package.run("LibraryCheck", environment: ["RICHPREVIEW_FRIBIDI_LIBRARY": "libz.so.1"])
        #expect(
            missing.out
                == "fribidi: libz.so.1 | libfribidi0 | the library has no function fribidi_get_bidi_types (too old a version?)\n",
            "\(missing.out)\(missing.err)")
        #expect(try package.run("LibraryCheck").out == "fribidi: loaded\n")
    }
}

/// A new SwiftPM package in a temporary folder with one executable per program, each depending on
/// one product of this package, reached by path through a link named `richpreview`.
struct ConsumerPackage {
    let folder: URL

    init(product: String, programs: [(name: String, source: String)]) throws {
        try self.init(programs: programs.map { ($0.name, $0.source, product) })
    }

    /// One package whose programs each depend on their own product: one build for them all.
    init(programs: [(name: String, source: String, product: String)]) throws {
        folder = try TestPaths.temporaryFolder().appendingPathComponent("Consumer")
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            at: folder.appendingPathComponent("richpreview"), withDestinationURL: TestPaths.packageRoot)
        var targets: [String] = []
        for program in programs {
            let sources = folder.appendingPathComponent("Sources/\(program.name)")
            try manager.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(program.source.utf8).write(to: sources.appendingPathComponent("main.swift"))
            targets.append(
                """
                        .executableTarget(
                            name: "\(program.name)",
                            dependencies: [.product(name: "\(program.product)", package: "richpreview")]),
                """)
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: "richpreview")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
    }

    /// Builds every program (debug); throws with the build's output when it fails.
    func build() throws {
        let run = try Self.run(["swift", "build", "--package-path", folder.path], in: folder)
        if run.status != 0 { throw BuildFailure(output: run.out + run.err) }
    }

    /// Runs a built program from this repository's top folder, with `environment` added to this
    /// process's.
    func run(
        _ program: String, environment: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try Self.run(
            assignments + [folder.appendingPathComponent(".build/debug/\(program)").path], in: TestPaths.packageRoot)
    }

    /// The file names of the shared libraries a built program loads, from `ldd`.
    func linkedLibraries(_ program: String) throws -> [String] {
        let run = try Self.run(["ldd", folder.appendingPathComponent(".build/debug/\(program)").path], in: folder)
        return run.out.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    struct BuildFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "the consumer package does not build:\n\(output.suffix(4000))" }
    }

    /// Runs a command through `env` (`CommandRun`).
    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, out: String, err: String) {
        try CommandRun.run(arguments, in: directory)
    }
}
