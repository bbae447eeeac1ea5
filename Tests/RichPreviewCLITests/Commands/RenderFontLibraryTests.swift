import Foundation
import RichPreviewTestSupport
import Testing

/// FreeType and HarfBuzz are loaded with dlopen when the first font is opened, that is only when a
/// PNG card is drawn. The shim's RICHPREVIEW_FREETYPE_LIBRARY and RICHPREVIEW_HARFBUZZ_LIBRARY
/// replace the file names it gives dlopen; these runs of the built binary use them to stand for a
/// machine without the library, or with one that lacks a function.
struct RenderFontLibraryTests {
    static let missingLibraries: [(variable: String, file: String, package: String, reason: String)] = [
        (
            "RICHPREVIEW_FREETYPE_LIBRARY", "libfreetype-missing.so.6", "libfreetype6",
            "libfreetype-missing.so.6: cannot open shared object file"
        ),
        (
            "RICHPREVIEW_HARFBUZZ_LIBRARY", "libharfbuzz-missing.so.0", "libharfbuzz0b",
            "libharfbuzz-missing.so.0: cannot open shared object file"
        ),
        // A library that loads but has none of HarfBuzz's functions.
        (
            "RICHPREVIEW_HARFBUZZ_LIBRARY", "libfreetype.so.6", "libharfbuzz0b",
            "the library has no function hb_ft_face_create_referenced"
        ),
    ]

    @Test(arguments: missingLibraries)
    func aMissingLibraryFailsThePictureWithOneLineNamingIt(
        variable: String, file: String, package: String, reason: String
    ) throws {
        let (run, wrote) = try Self.renderPicture(environment: [variable: file])
        #expect(run.terminatingSignal == nil)
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("richpreview: error: no fonts to draw with: cannot load \(file) "))
        #expect(run.err.contains("(install the Debian package \(package)): \(reason)"))
        #expect(run.err.filter { $0 == "\n" }.count == 1 && run.err.hasSuffix("\n"))
        #expect(!wrote)
    }

    /// The dynamic loader's own log (LD_DEBUG=files) lists every library the process maps.
    @Test func theTerminalCardNeitherNeedsNorMapsTheLibraries() throws {
        let arguments =
            ["render", RenderCommandTests.payload("image"), "--format", "text", "--width", "60"]
            + RenderCommandTests.context
        let run = try ToolRun.binary(
            arguments, environment: ["LD_DEBUG": "files", "RICHPREVIEW_FREETYPE_LIBRARY": "libfreetype-missing.so.6"])
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.out.isEmpty && run.out == ToolRun.inProcess(arguments).out)
        #expect(run.err.contains("file=libc.so.6"))  // the log is there, so what it lacks is meaningful
        for library in ["libfreetype", "libharfbuzz", "libglib", "libgraphite2"] {
            #expect(!run.err.contains("file=\(library)"), "\(library) was mapped")
        }
    }

    @Test func aPictureLoadsBothLibrariesWhenItOpensTheFirstFont() throws {
        let (run, wrote) = try Self.renderPicture(environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        #expect(wrote)
        for library in ["libfreetype.so.6", "libharfbuzz.so.0"] {
            let line = run.err.split(separator: "\n").first { $0.contains("file=\(library) ") }
            #expect(line?.contains("dynamically loaded by") == true, "\(library): \(line ?? "not mapped")")
        }
    }

    /// Runs the built binary to draw the image sample's card as a PNG into a temporary folder;
    /// returns the run and whether the picture was written.
    static func renderPicture(environment: [String: String]) throws -> (ToolRun, wrote: Bool) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("card.png")
        let run = try ToolRun.binary(
            ["render", RenderCommandTests.payload("image"), "--format", "png", "-o", output.path]
                + RenderCommandTests.context,
            environment: environment)
        return (run, FileManager.default.fileExists(atPath: output.path))
    }
}
