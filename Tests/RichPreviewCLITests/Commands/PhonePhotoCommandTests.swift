import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// The commands on phone photos: `scale` turns HEIC, AVIF and WebP into what iOS takes, `inspect`
/// and `lint` name that command, and images whose decode needs more than a service extension has
/// are warned about with the box that fits.
struct PhonePhotoCommandTests {
    static func fixture(_ name: String) -> String { TestPaths.fixture("phone-photos/\(name)").path }

    @Test func scaleWritesAJPEGOfAHEICPhoto() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("photo.jpg").path
        let run = try ToolRun.binary(["scale", Self.fixture("heic-irot-90.heic"), "-o", output, "--fit", "32x32"])
        #expect(run.status == 0, "\(run.err)")
        let header = try ImageHeader.read(try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(header.format == .jpeg && header.size == PixelSize(width: 24, height: 32))
    }

    @Test func anOutputFolderGetsJPEGForPhotosAndPNGWhereThereIsAlpha() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = ["heic-8bit.heic", "avif-8bit.avif", "webp-lossy.webp", "webp-alpha.webp", "heic-8bit-alpha.heic"]
        let run = try ToolRun.binary(
            ["scale"] + inputs.map(Self.fixture) + ["--output-dir", folder.path, "--fit", "32x32"])
        #expect(run.status == 0, "\(run.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            written == ["avif-8bit.jpg", "heic-8bit-alpha.png", "heic-8bit.jpg", "webp-alpha.png", "webp-lossy.jpg"])
        for name in written {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(try ImageHeader.read(data).format == (name.hasSuffix(".png") ? .png : .jpeg))
        }
    }

    @Test func inspectAndLintNameTheConversion() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Self.fixture("heic-8bit.heic"), toPath: folder.appendingPathComponent("photo.heic").path)
        try Data(#"{"aps": {"alert": "New photo", "mutable-content": 1}, "image": "photo.heic"}"#.utf8).write(
            to: folder.appendingPathComponent("push.json"))
        let inspect = try ToolRun.binary(["inspect", folder.appendingPathComponent("photo.heic").path])
        #expect(
            inspect.err.contains("convert it to JPEG: `richpreview scale photo.heic -o photo.jpg`"), "\(inspect.err)")
        let lint = try ToolRun.binary(["lint", folder.path])
        #expect(
            lint.err.contains("attachment-type-undocumented")
                && lint.err.contains("richpreview scale photo.heic -o photo.jpg"),
            "\(lint.out)\(lint.err)")
    }

    /// A solid PNG of `side`², a small file that decodes to side² × 4 bytes.
    static func squarePNG(side: Int, in folder: URL) throws -> String {
        let image = RGBAImage(
            size: PixelSize(width: side, height: side), pixels: [UInt8](repeating: 200, count: side * side * 4))
        let path = folder.appendingPathComponent("big.png").path
        try ImageEncoder.encode(image).data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anImageOverTheExtensionsMemoryIsWarnedAboutWithTheBoxThatFits() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.squarePNG(side: 2600, in: folder)
        let run = try ToolRun.binary(["inspect", path, "--json"])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]]).first
        #expect(report?["decodedBytes"] as? Int == 2600 * 2600 * 4)
        let warnings = report?["warnings"] as? [[String: Any]] ?? []
        let warning = try #require(warnings.first { $0["rule"] as? String == "attachment-exceeds-extension-memory" })
        let message = warning["message"] as? String ?? ""
        #expect(message.contains("2600×2600×4 = 25.8 MB, over the 24 MB"), "\(message)")
        #expect(message.contains("; fit it into 2508x2508 as "), "\(message)")
        // The box given fits: 2508² × 4 bytes is under 24 MiB, 2509² × 4 is over.
        #expect(2508 * 2508 * 4 <= 24 << 20 && 2509 * 2509 * 4 > 24 << 20)
        let roomier = try ToolRun.binary(["inspect", path, "--extension-memory", "32"])
        #expect(!roomier.err.contains("attachment-exceeds-extension-memory"), "\(roomier.err)")
        let bad = try ToolRun.binary(["inspect", path, "--extension-memory", "0"])
        #expect(bad.status == 2)
    }

    @Test func anAnimatedGIFCountsEveryFrame() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 40 frames of 400×400: 25.6 MB decoded, though one frame is 640 kB.
        let frames = (0..<40).map { AnimatedGIFWriter.Frame.solid(UInt8($0 % 2), width: 400, height: 400) }
        let path = folder.appendingPathComponent("anim.gif")
        try AnimatedGIFWriter.make(width: 400, height: 400, frames: frames).write(to: path)
        let run = try ToolRun.binary(["inspect", path.path])
        #expect(run.err.contains("400×400×4 × 40 frames"), "\(run.err)")
        #expect(
            run.err.contains(
                "fit it into 396x396 as PNG, keeping the first frame: `richpreview scale anim.gif -o anim-396x396.png --fit 396x396`"
            ), "\(run.err)")
    }

    @Test func aMissingLibraryIsSaidWithItsPackage() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, variable, package) in [
            ("webp-lossy.webp", "RICHPREVIEW_WEBP_LIBRARY", "libwebp7"),
            ("heic-8bit.heic", "RICHPREVIEW_HEIF_LIBRARY", "libheif1"),
        ] {
            let environment = [variable: "/nonexistent/lib.so"]
            let scale = try ToolRun.binary(
                ["scale", Self.fixture(file), "-o", folder.appendingPathComponent("x.jpg").path, "--fit", "8x8"],
                environment: environment)
            #expect(scale.status == 1)
            #expect(scale.err.contains("install the Debian package \(package)"), "\(scale.err)")
            // inspect does not call the file corrupt: it was not decoded, and says why.
            let inspect = try ToolRun.binary(["inspect", Self.fixture(file)], environment: environment)
            #expect(inspect.status == 0 && !inspect.err.contains("attachment-corrupt"), "\(inspect.err)")
            #expect(inspect.err.contains("not decoded: cannot decode"), "\(inspect.err)")
        }
    }

    @Test func onlyAPhotoOfTheFormatMapsItsLibrary() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.jpg").path
        let photo = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        let codecs = ["libheif", "libwebp", "libde265", "libdav1d", "libaom"]
        for arguments in [
            ["scale", photo, "-o", output, "--fit", "32x32"], ["inspect", photo],
            ["lint", TestPaths.packageFile("Resources").path],
        ] {
            let (run, libraries) = try RenderTextLayoutTests.mappedLibraries(arguments)
            #expect(libraries.contains("libc.so.6"))
            #expect(
                !libraries.contains { name in codecs.contains(where: name.hasPrefix) }, "\(arguments[0]): \(libraries)")
            #expect(run.terminatingSignal == nil && run.status <= 1)
        }
        // A HEIC maps libheif and FFmpeg's decoding libraries for its pictures (libavcodec links
        // libwebp, but not the libwebpdemux that WebP files load), never libavformat.
        let (_, heic) = try RenderTextLayoutTests.mappedLibraries(
            ["scale", Self.fixture("heic-8bit.heic"), "-o", output, "--fit", "32x32"])
        #expect(
            heic.contains { $0.hasPrefix("libheif") } && heic.contains { $0.hasPrefix("libavcodec") }
                && !heic.contains { $0.hasPrefix("libavformat") || $0.hasPrefix("libwebpdemux") }, "\(heic)")
        let (_, webp) = try RenderTextLayoutTests.mappedLibraries(
            ["scale", Self.fixture("webp-lossy.webp"), "-o", output, "--fit", "32x32"])
        #expect(webp.contains { $0.hasPrefix("libwebp") } && !webp.contains { $0.hasPrefix("libheif") }, "\(webp)")
    }

    /// An iPhone's photo is a grid of HEVC pictures, an AVIF one AV1 picture: FFmpeg decodes them
    /// (libavformat left unmapped) to what libheif gives, within one level, on one thread or
    /// several, turned, cropped or not.
    @Test func aPhotosPicturesAreDecodedByFFmpegAsLibheifDecodesThem() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in [
            "heic-grid.heic", "heic-grid-irot-90.heic", "heic-clap.heic", "avif-8bit.avif", "avif-heifenc.avif",
        ] {
            func decode(_ output: String, threads: String, environment: [String: String] = [:]) throws -> RGBAImage {
                let path = folder.appendingPathComponent(output).path
                let run = try ToolRun.binary(
                    [
                        "scale", Self.fixture(name), "-o", path, "--fit", "500x500", "--no-enlarge", "--threads",
                        threads,
                    ],
                    environment: environment)
                #expect(run.status == 0, "\(name): \(run.err)")
                return try ImageDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            let one = try decode("one.png", threads: "1")
            let two = try decode("two.png", threads: "2")
            let libheif = try decode("libheif.png", threads: "1", environment: ["RICHPREVIEW_HEIF_WITHOUT_FFMPEG": "1"])
            #expect(one == two, "\(name): two threads")
            let largest = zip(one.pixels, libheif.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(one.size == libheif.size && largest <= 1, "\(name): \(largest)")
            let (run, libraries) = try RenderTextLayoutTests.mappedLibraries(
                ["scale", Self.fixture(name), "-o", folder.appendingPathComponent("x.jpg").path, "--fit", "32x32"])
            #expect(run.status == 0)
            #expect(
                libraries.contains { $0.hasPrefix("libavcodec") }
                    && !libraries.contains { $0.hasPrefix("libavformat") },
                "\(name): \(libraries)")
        }
    }

    /// Alpha and more than 8 bits are libheif's: FFmpeg is not even loaded for them.
    @Test func alphaAndDeepPicturesStayWithLibheif() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["heic-8bit-alpha.heic", "heic-10bit.heic", "avif-alpha.avif", "avif-10bit.avif"] {
            let (run, libraries) = try RenderTextLayoutTests.mappedLibraries(
                ["scale", Self.fixture(name), "-o", folder.appendingPathComponent("x.png").path, "--fit", "32x32"])
            #expect(run.status == 0, "\(name): \(run.err)")
            #expect(
                libraries.contains { $0.hasPrefix("libheif") } && !libraries.contains { $0.hasPrefix("libavcodec") },
                "\(name): \(libraries)")
        }
    }

    /// A picture FFmpeg refuses is decoded by libheif instead, which says what is wrong in its own
    /// words: the same outcome as without FFmpeg.
    @Test func aDamagedPictureOfAGridIsReportedAsLibheifReportsIt() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture("heic-grid.heic"))))
        // The pictures are the mdat box's contents, the first one's first NAL unit length first: a
        // length past the picture's end, which both decoders refuse.
        let mdat = try #require(
            bytes.indices.dropLast(4).last { bytes[$0..<($0 + 4)].elementsEqual("mdat".utf8) })
        for index in (mdat + 4)..<(mdat + 8) { bytes[index] = 0x7F }
        let damaged = folder.appendingPathComponent("damaged.heic").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let output = folder.appendingPathComponent("out.png").path
        let withFFmpeg = try ToolRun.binary(["scale", damaged, "-o", output, "--fit", "64x64"])
        let without = try ToolRun.binary(
            ["scale", damaged, "-o", output, "--fit", "64x64"], environment: ["RICHPREVIEW_HEIF_WITHOUT_FFMPEG": "1"])
        #expect(
            withFFmpeg.status == without.status && withFFmpeg.err == without.err, "\(withFFmpeg.err)\n\(without.err)")
        #expect(withFFmpeg.terminatingSignal == nil)
    }
}
