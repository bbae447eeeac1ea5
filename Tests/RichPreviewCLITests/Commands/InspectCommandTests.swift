import Foundation
import RichPreviewTestSupport
import Testing

struct InspectCommandTests {
    struct Row: Decodable, Equatable {
        var path: String
        var kind: String
        var format: String?
        var bytes: Int?
        var width: Int?
        var height: Int?
        var bitDepth: Int?
        var error: String?
    }

    static func rows(_ run: ToolRun) throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: Data(run.out.utf8))
    }

    @Test func bundledSamplesAreReportedByKindFormatAndSize() throws {
        let names = [
            "sample-image.jpg", "sample-badge.png", "sample-badge.gif", "sample-audio.wav", "sample-audio.m4a",
            "sample-movie.mp4",
        ]
        let paths = names.map { TestPaths.packageFile("Resources/attachments/\($0)").path }
        let run = ToolRun.inProcess(["inspect", "--json"] + paths)
        #expect(run.status == 0)
        let rows = try Self.rows(run)
        let expected: [(String, String, Int?, Int?)] = [
            ("image", "jpeg", 640, 427), ("image", "png", 96, 96), ("image", "gif", 96, 96),
            ("audio", "wav", nil, nil), ("audio", "m4a", nil, nil), ("movie", "mp4", nil, nil),
        ]
        for (row, (kind, format, width, height)) in zip(rows, expected) {
            #expect(row.kind == kind)
            #expect(row.format == format)
            #expect(row.width == width && row.height == height)
            #expect(row.error == nil)
        }
        for (row, path) in zip(rows, paths) {
            #expect(row.bytes == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        }
    }

    @Test func formatComesFromBytesNotTheName() throws {
        let folder = try TestPaths.temporaryFolder()
        let disguised = folder.appendingPathComponent("photo.gif")
        try FileManager.default.copyItem(
            at: TestPaths.packageFile("Resources/attachments/sample-badge.png"), to: disguised)
        let run = ToolRun.inProcess(["inspect", "--json", disguised.path])
        #expect(try Self.rows(run).first?.format == "png")
    }

    @Test func truncatedFilesGiveOneLineErrorsAndExitOne() throws {
        let folder = try TestPaths.temporaryFolder()
        var paths: [String] = []
        for name in ["sample-image.jpg", "sample-badge.png"] {
            let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
            let path = folder.appendingPathComponent("cut-" + name).path
            try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let run = ToolRun.inProcess(["inspect"] + paths)
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\(paths[0]): error: corrupt JPEG"))
        #expect(lines[1].hasPrefix("\(paths[1]): error: corrupt PNG"))
    }

    @Test func unknownAndMissingFilesFail() throws {
        let folder = try TestPaths.temporaryFolder()
        let text = folder.appendingPathComponent("notes.png")
        try Data("just text".utf8).write(to: text)
        let run = ToolRun.inProcess([
            "inspect", "--json", text.path, folder.appendingPathComponent("absent.jpg").path, folder.path,
        ])
        #expect(run.status == 1)
        let rows = try Self.rows(run)
        #expect(rows.map(\.kind) == ["unknown", "unknown", "unknown"])
        #expect(rows.allSatisfy { $0.error != nil })
        #expect(rows[1].error == "no such file")
        #expect(rows[2].error == "is a directory")
    }

    @Test func standardInputIsReadForDash() throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.gif"))
        let run = ToolRun.inProcess(["inspect", "--json", "-"], standardInput: data)
        #expect(
            try Self.rows(run) == [
                Row(
                    path: "<stdin>", kind: "image", format: "gif", bytes: data.count, width: 96, height: 96, bitDepth: 8
                )
            ])
    }

    @Test func pixelLimitIsAnOption() throws {
        let path = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        let run = ToolRun.inProcess(["inspect", "--max-pixels", "1000", path])
        #expect(run.status == 1)
        #expect(run.err.contains("over the limit of 1000"))
        #expect(ToolRun.inProcess(["inspect", "--max-pixels", "lots", path]).status == 2)
    }

    @Test(arguments: TestPaths.corpusFiles("pngsuite/png", extension: "png"))
    func pngSuiteThroughTheCommand(name: String) throws {
        let path = TestPaths.corpusFolder("pngsuite/png")!.appendingPathComponent(name).path
        let run = ToolRun.inProcess(["inspect", path])
        if name.hasPrefix("x") {
            #expect(run.status == 1)
            #expect(run.err.split(separator: "\n").count == 1)
        } else {
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("\(path): image png,"))
        }
    }
}
