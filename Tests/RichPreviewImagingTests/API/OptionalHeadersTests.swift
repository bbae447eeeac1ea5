import Foundation
import RichPreviewTestSupport
import Testing

/// The imaging product's C shims build with none of the optional libraries' headers: with
/// `RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS` defined, as when libheif-dev, libwebp-dev,
/// liblcms2-dev, FFmpeg's and ISA-L's development packages are not installed, the compiler reads
/// no header of theirs (only JPEG's, PNG's, GIF's, zlib's and libdeflate's), and each optional
/// shim says its library is unavailable, naming the package that installs it and the one to
/// build with. Compiled with the toolchain's clang.
struct OptionalHeadersTests {
    /// The C targets `RichPreviewImaging` depends on, with the folders of their public headers.
    static let targets = [
        "CRichPreviewPNG", "CRichPreviewJPEG", "CRichPreviewGIF", "CRichPreviewResample", "CRichPreviewFFmpeg",
        "CRichPreviewWebP", "CRichPreviewHEIF", "CRichPreviewLCMS", "CRichPreviewLoader", "CRichPreviewSystem",
    ]

    /// Headers of the optional libraries, by a part of their path.
    static let optionalHeaders = [
        "libheif/", "webp/", "lcms2", "libavcodec/", "libavformat/", "libavutil/",
        "libswscale/", "isa-l/",
    ]

    static var includeFlags: [String] {
        targets.map { "-I" + TestPaths.packageFile("Sources/\($0)/include").path }
    }

    static func sources(of target: String) throws -> [String] {
        let folder = TestPaths.packageFile("Sources/\(target)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".c") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// `clang` with `arguments`, or nil (the test then skips, saying so) when there is none.
    static func clang(_ arguments: [String]) throws -> (status: Int32, out: String, err: String)? {
        guard try CommandRun.run(["which", "clang"]).status == 0 else {
            FileHandle.standardError.write(
                Data("note: no clang on PATH: the optional-header build is not checked\n".utf8))
            return nil
        }
        return try CommandRun.run(["clang"] + arguments)
    }

    @Test func noOptionalHeaderIsReadWithoutThem() throws {
        for target in Self.targets {
            for source in try Self.sources(of: target) {
                guard
                    let run = try Self.clang(
                        ["-M", "-DRICHPREVIEW_WITHOUT_OPTIONAL_HEADERS", "-Wall", "-Werror"] + Self.includeFlags + [
                            source
                        ])
                else { return }
                #expect(run.status == 0, "\(source): \(run.err)")
                let read = run.out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" })
                    .filter { $0.hasPrefix("/usr/") }
                let optional = read.filter { header in Self.optionalHeaders.contains { header.contains($0) } }
                #expect(optional.isEmpty, "\(source) reads \(optional)")
            }
        }
    }

    /// A program calling each optional shim's loader and decoder, linked with the shims built
    /// without the headers.
    static let program = """
        #include <stdio.h>
        #include <CRichPreviewHEIF.h>
        #include <CRichPreviewWebP.h>
        #include <CRichPreviewLCMS.h>
        #include <CRichPreviewFFmpeg.h>

        int main(void) {
            crp_library_report report;
            if (crp_heif_load(&report) == CRP_HEIF_LIBRARY_UNAVAILABLE) printf("heif: %s | %s | %s\\n", report.library, report.package, report.reason);
            if (crp_webp_load(&report) == CRP_WEBP_LIBRARY_UNAVAILABLE) printf("webp: %s | %s\\n", report.library, report.package);
            if (crp_lcms_load(&report) == CRP_LCMS_LIBRARY_UNAVAILABLE) printf("lcms: %s | %s\\n", report.library, report.package);
            if (crp_av_libraries_load(&report) == CRP_AV_LIBRARY_UNAVAILABLE) printf("av: %s\\n", report.reason);
            static const uint8_t bytes[] = {0, 0, 0, 24, 'f', 't', 'y', 'p', 'h', 'e', 'i', 'c'};
            crp_heif_decoder *decoder = crp_heif_decoder_create(bytes, sizeof bytes, 16384);
            crp_heif_header header;
            crp_heif_status status = crp_heif_decoder_read_header(decoder, &header);
            printf("read_header: %d, %s\\n", (int)status, crp_heif_decoder_message(decoder));
            crp_heif_decoder_destroy(decoder);
            return 0;
        }

        """

    @Test func eachOptionalShimSaysItsLibraryIsNotBuiltIn() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("main.c")
        try Data(Self.program.utf8).write(to: main)
        let shims = [
            "CRichPreviewHEIF", "CRichPreviewWebP", "CRichPreviewLCMS", "CRichPreviewFFmpeg", "CRichPreviewLoader",
        ]
        let sources = try shims.flatMap { try Self.sources(of: $0) }
        let output = folder.appendingPathComponent("check").path
        guard
            let build = try Self.clang(
                ["-DRICHPREVIEW_WITHOUT_OPTIONAL_HEADERS", "-o", output, main.path] + Self.includeFlags + sources
                    + ["-ldl", "-lpthread", "-lm"])
        else { return }
        try #require(build.status == 0, "\(build.err)")
        let run = try CommandRun.run([output])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "heif: libheif.so.1 | libheif1 | this build had no headers of libheif.so.1, so it cannot load it: install libheif-dev and build again",
            "\(run.out)")
        #expect(lines.contains("webp: libwebp.so.7 | libwebp7") && lines.contains("lcms: liblcms2.so.2 | liblcms2-2"))
        #expect(lines.contains { $0.hasPrefix("av: ") && $0.contains("libavcodec-dev") }, "\(run.out)")
        #expect(
            lines.last
                == "read_header: 4, this build had no headers of libheif.so.1, so it cannot load it: install libheif-dev and build again",
            "\(run.out)")
    }
}
