import Foundation
import RichPreviewTestSupport
import Testing

/// Every optional library goes through the one C loader. Each shim's environment variable here
/// names a library that opens but has none of the shim's functions (zlib's), and the command that
/// first needs the library says so on one line: the file, the Debian package to install and the
/// first function of the shim's table that is missing.
struct OptionalLibraryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var variable: String
        var arguments: [String]
        var package: String
        var function: String
        var testDescription: String { variable }
    }

    static let samples = [
        "--attachments", TestPaths.packageFile("Resources/attachments").path, "--categories",
        TestPaths.packageFile("Resources/categories.json").path,
    ]
    static let cases = [
        Case(
            variable: "RICHPREVIEW_LCMS_LIBRARY",
            arguments: ["scale", TestPaths.fixture("colour/p3.jpg").path, "-o", "OUTPUT.png", "--fit", "8x8"],
            package: "liblcms2-2", function: "cmsGetEncodedCMMversion"),
        Case(
            variable: "RICHPREVIEW_WEBP_LIBRARY",
            arguments: ["inspect", TestPaths.fixture("phone-photos/webp-lossy.webp").path], package: "libwebp7",
            function: "WebPGetDecoderVersion"),
        Case(
            variable: "RICHPREVIEW_HEIF_LIBRARY",
            arguments: ["inspect", TestPaths.fixture("phone-photos/heic-8bit.heic").path], package: "libheif1",
            function: "heif_read_main_brand"),
        Case(
            variable: "RICHPREVIEW_AVUTIL_LIBRARY",
            arguments: ["render", TestPaths.packageFile("Resources/payloads/movie_category.json").path]
                + samples + ["--format", "png", "-o", "OUTPUT.png"],
            package: "libavutil", function: "av_malloc"),
        Case(
            variable: "RICHPREVIEW_FRIBIDI_LIBRARY",
            arguments: ["render", TestPaths.packageFile("Resources/payloads/order_arabic.json").path]
                + samples + ["--format", "text", "--width", "40"],
            package: "libfribidi0", function: "fribidi_get_bidi_types"),
        Case(
            variable: "RICHPREVIEW_FREETYPE_LIBRARY",
            arguments: ["render", TestPaths.packageFile("Resources/payloads/image_category.json").path]
                + samples + ["--format", "png", "-o", "OUTPUT.png"],
            package: "libfreetype6", function: "FT_Init_FreeType"),
        Case(
            variable: "RICHPREVIEW_HTTP_LIBRARY", arguments: ["serve", "--port", "0"], package: "libmicrohttpd12",
            function: "MHD_start_daemon"),
    ]

    @Test(arguments: cases)
    func aLibraryWithoutTheShimsFunctionsIsNamedWithTheFunctionItLacks(_ test: Case) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let run = try ToolRun.binary(
            test.arguments.map { $0 == "OUTPUT.png" ? output : $0 }, environment: [test.variable: "libz.so.1"])
        #expect(run.terminatingSignal == nil)
        let lines = run.err.split(separator: "\n").filter { $0.contains("libz.so.1") }
        #expect(lines.count == 1, "\(run.err)")
        let line = lines.first ?? ""
        #expect(line.contains(test.package), "\(line)")
        #expect(line.contains("the library has no function \(test.function) (too old a version?)"), "\(line)")
    }
}
