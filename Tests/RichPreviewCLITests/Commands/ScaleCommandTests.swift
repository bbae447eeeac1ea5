import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

struct ScaleCommandTests {
    struct Report: Decodable {
        struct Size: Decodable, Equatable { var width: Int; var height: Int }
        struct PNG: Decodable {
            var content: String; var compressor: String; var zlibLevel: Int; var zlibStrategy: String?;
            var filter: String
        }
        struct Timings: Decodable {
            var decode: Double; var resample: Double; var orient: Double; var encode: Double; var total: Double
        }
        var format: String
        var inputSize: Size
        var outputSize: Size
        var orientation: Int?
        var gamma: Double?
        var iccProfile: Bool
        var orientationApplied: Bool
        var jpegScaleDenominator: Int
        var mode: String
        var filter: String
        var outputFormat: String
        var outputBytes: Int
        var jpegQuality: Int?
        var png: PNG?
        var milliseconds: Timings
    }

    static let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path

    /// A PNG's image data is inflated by ISA-L when it loads and by zlib when it does not: the
    /// same pixels either way, and no message about it.
    @Test func aPNGDecodesTheSameWithoutISAL() throws {
        // libisal2 is in Scripts/debian-packages.txt: without it both runs would inflate with zlib.
        let isal = CodecLibraries.load().first { $0.name == "ISA-L" }
        #expect(isal != nil && isal?.problem == nil, "only the zlib path is compared: \(String(describing: isal))")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.png").path
        let made = try ToolRun.binary(["scale", Self.image, "--fit", "400x400", "-o", photo])
        #expect(made.status == 0, "\(made.err)")
        var outputs: [Data] = []
        for environment in [[:], ["RICHPREVIEW_ISAL_LIBRARY": folder.appendingPathComponent("missing.so").path]] {
            let output = folder.appendingPathComponent("out-\(outputs.count).png").path
            let run = try ToolRun.binary(
                ["scale", photo, "--fit", "150x150", "-o", output], environment: environment)
            #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func scalesAndReportsWhatItDidAsJSON() throws {
        let output = try TestPaths.temporaryFolder().appendingPathComponent("out.png").path
        let run = try ToolRun.binary(["scale", Self.image, "-o", output, "--fit", "100x100", "--json"])
        #expect(run.status == 0, "\(run.err)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.out.utf8))
        #expect(report.inputSize == .init(width: 640, height: 427))
        #expect(report.outputSize == .init(width: 100, height: 67))
        #expect(report.jpegScaleDenominator == 2)
        #expect(report.mode == "fit" && report.filter == "lanczos3")
        #expect(report.outputFormat == "png" && report.png?.content == "photo" && report.jpegQuality == nil)
        // A photo is compressed by libdeflate at level 1, which has no strategy.
        #expect(report.png?.compressor == "libdeflate" && report.png?.zlibLevel == 1 && report.png?.filter == "paeth")
        #expect(run.out.contains("\"zlibStrategy\" : null"))
        #expect(report.outputBytes == (try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int))
        #expect(report.milliseconds.total >= report.milliseconds.encode)
        #expect(report.gamma == nil && !report.iccProfile)
        #expect(run.out.contains("\"gamma\" : null"))
        let check = ToolRun.inProcess(["inspect", "--json", output])
        #expect(check.status == 0 && check.out.contains("\"width\" : 100"))
    }

    @Test func aDrawingIsCompressedWithZlibAndSaysSo() throws {
        let badge = TestPaths.packageFile("Resources/attachments/sample-badge.png").path
        let output = try TestPaths.temporaryFolder().appendingPathComponent("badge.png").path
        // At its own size the badge keeps its flat areas and few colours.
        let run = ToolRun.inProcess(["scale", badge, "-o", output, "--fit", "96x96", "--json"])
        #expect(run.status == 0, "\(run.err)")
        let png = try JSONDecoder().decode(Report.self, from: Data(run.out.utf8)).png
        #expect(png?.content == "graphic" && png?.compressor == "zlib" && png?.filter == "adaptive")
        #expect(png?.zlibLevel == 9 && png?.zlibStrategy == "default")
    }

    @Test func optionsChangeModeFilterQualityAndOrientation() throws {
        let folder = try TestPaths.temporaryFolder()
        let output = folder.appendingPathComponent("out.jpg").path
        let run = ToolRun.inProcess([
            "scale", Self.image, "--output=\(output)", "--fit", "50x80", "--mode", "fill", "--filter", "box",
            "--quality", "60",
            "--no-orient", "--json",
        ])
        #expect(run.status == 0, "\(run.err)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.out.utf8))
        #expect(report.outputSize == .init(width: 50, height: 80))
        #expect(
            report.mode == "fill" && report.filter == "box" && report.jpegQuality == 60 && !report.orientationApplied)
    }

    @Test(arguments: [
        ["scale", image, "--fit", "10x10"],
        ["scale", image, "-o", "/tmp/x.png"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "0x10"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10x10", "--mode", "zoom"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10x10", "--filter", "cubic"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10x10", "--quality", "high"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10x10", "--quality", "101"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10x10", "--threads", "0"],
        ["scale", image, "-o", "/tmp/x.png", "--fit", "10x10", "--threads", "65"],
        ["scale", "-o", "/tmp/x.png", "--fit", "10x10"],
    ])
    func usageErrorsExitTwo(arguments: [String]) {
        let run = ToolRun.inProcess(arguments)
        #expect(run.status == 2)
        #expect(run.err.contains("usage: richpreview scale"))
    }

    @Test func oneThreadWritesTheSameBytesAsTheDefault() throws {
        let folder = try TestPaths.temporaryFolder()
        var outputs: [Data] = []
        for threads in [["--threads", "1"], [], ["--threads", "2"]] {
            let output = folder.appendingPathComponent("out\(outputs.count).png").path
            // 640×427 decoded whole into 300×300: large enough for the helper thread.
            let run = ToolRun.inProcess(["scale", Self.image, "-o", output, "--fit", "300x300"] + threads)
            #expect(run.status == 0, "\(run.err)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    @Test func refusesToOverwriteItsInputAndReportsBadInput() throws {
        let folder = try TestPaths.temporaryFolder()
        let input = folder.appendingPathComponent("in.png")
        try FileManager.default.copyItem(at: TestPaths.packageFile("Resources/attachments/sample-badge.png"), to: input)
        let before = try Data(contentsOf: input)
        let same = ToolRun.inProcess(["scale", input.path, "-o", folder.path + "/./in.png", "--fit", "10x10"])
        #expect(same.status == 1)
        #expect(same.err.contains("would overwrite the input"))
        #expect(try Data(contentsOf: input) == before)

        let cut = folder.appendingPathComponent("cut.jpg")
        try Data(contentsOf: URL(fileURLWithPath: Self.image)).prefix(3000).write(to: cut)
        let output = folder.appendingPathComponent("never.png")
        let corrupt = ToolRun.inProcess(["scale", cut.path, "-o", output.path, "--fit", "10x10"])
        #expect(corrupt.status == 1)
        #expect(corrupt.err.hasPrefix("\(cut.path): error: corrupt JPEG"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let bomb = ToolRun.inProcess(["scale", Self.image, "-o", output.path, "--fit", "10x10", "--max-pixels", "1000"])
        #expect(bomb.status == 1 && bomb.err.contains("over the limit of 1000"))
        #expect(
            ToolRun.inProcess([
                "scale", Self.image, "-o", folder.appendingPathComponent("x.bmp").path, "--fit", "10x10",
            ]).status == 2)
    }
}
