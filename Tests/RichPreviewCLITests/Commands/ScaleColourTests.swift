import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `scale` on images with ICC profiles: converted to sRGB and said so, kept with
/// `--keep-profile`, an unusable profile warned about and ignored.
struct ScaleColourTests {
    static func fixture(_ name: String) -> String { TestPaths.fixture("colour/\(name)").path }

    @Test func aDisplayP3PhotoIsConvertedAndSaysSo() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.jpg").path
        let run = try ToolRun.binary(["scale", Self.fixture("p3.jpg"), "-o", output, "--fit", "32x32"])
        #expect(run.status == 0)
        #expect(run.out.contains("converted from Display P3 (richpreview test) to sRGB"), "\(run.out)")
        let json = try ToolRun.binary(["scale", Self.fixture("p3.jpg"), "-o", output, "--fit", "32x32", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let colour = object?["colour"] as? [String: Any]
        #expect(colour?["action"] as? String == "converted" && object?["iccProfile"] as? Bool == true)
        // The output carries no profile: its numbers are sRGB.
        let again = try ImageScaler.scale(
            try Data(contentsOf: URL(fileURLWithPath: output)), to: ScaleRequest(box: PixelSize(width: 8, height: 8)))
        #expect(again.report.colour == nil)
    }

    @Test func keepProfileEmbedsIt() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["out.jpg", "out.png"] {
            let output = folder.appendingPathComponent(name).path
            let run = try ToolRun.binary(
                ["scale", Self.fixture("p3.jpg"), "-o", output, "--fit", "32x32", "--keep-profile"])
            #expect(run.status == 0 && run.out.contains("Display P3 (richpreview test) kept"), "\(run.out)")
            let again = try ImageScaler.scale(
                try Data(contentsOf: URL(fileURLWithPath: output)),
                to: ScaleRequest(box: PixelSize(width: 8, height: 8)))
            #expect(again.report.colour?.profile == "Display P3 (richpreview test)", "\(name)")
        }
    }

    @Test func anUnusableProfileIsAWarningNotAFailure() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun.binary(
            [
                "scale", Self.fixture("broken-profile.jpg"), "-o", folder.appendingPathComponent("o.png").path, "--fit",
                "8x8",
            ])
        #expect(run.status == 0)
        #expect(run.err.contains("warning: its ICC profile is ignored, the pixels kept as stored:"), "\(run.err)")
        let missing = try ToolRun.binary(
            ["scale", Self.fixture("p3.jpg"), "-o", folder.appendingPathComponent("o.png").path, "--fit", "8x8"],
            environment: ["RICHPREVIEW_LCMS_LIBRARY": "/nonexistent/liblcms.so"])
        #expect(missing.status == 0)
        #expect(missing.err.contains("install the Debian package liblcms2-2"), "\(missing.err)")
    }
}
