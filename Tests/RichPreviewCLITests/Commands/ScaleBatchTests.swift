import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `scale INPUT... --output-dir DIR`: many inputs, several at once, results in input order.
struct ScaleBatchTests {
    struct Report: Decodable {
        var input: String
        var output: String
        var outputFormat: String?
        var error: String?
    }

    static func attachment(_ name: String) -> String {
        TestPaths.packageFile("Resources/attachments/\(name)").path
    }

    static let inputs = ["sample-image.jpg", "sample-badge.gif"].map(attachment)

    @Test func writesEveryInputUnderItsOwnNameInInputOrder() throws {
        let folder = try TestPaths.temporaryFolder().appendingPathComponent("made-by-scale").path
        let run = try ToolRun.binary(["scale"] + Self.inputs + ["--output-dir", folder, "--fit", "64x64", "--json"])
        #expect(run.status == 0, "\(run.err)")
        let reports = try JSONDecoder().decode([Report].self, from: Data(run.out.utf8))
        #expect(reports.map(\.input) == Self.inputs)
        #expect(
            reports.map { URL(fileURLWithPath: $0.output).lastPathComponent } == [
                "sample-image.jpg", "sample-badge.png",
            ])
        #expect(reports.map(\.outputFormat) == ["jpeg", "png"])
        #expect(reports.allSatisfy { $0.error == nil })
        for report in reports {
            let data = try Data(contentsOf: URL(fileURLWithPath: report.output))
            #expect(MediaSniffer.detect(data) == (report.outputFormat == "jpeg" ? .jpeg : .png))
        }
    }

    @Test func oneBadFileIsReportedAndTheOthersAreWritten() throws {
        let temporary = try TestPaths.temporaryFolder()
        let broken = temporary.appendingPathComponent("broken.jpg")
        try Data(contentsOf: URL(fileURLWithPath: Self.inputs[0])).prefix(2000).write(to: broken)
        let missing = temporary.appendingPathComponent("missing.png").path
        let folder = temporary.appendingPathComponent("out").path
        let inputs = [Self.inputs[0], broken.path, missing, Self.inputs[1]]
        let run = try ToolRun.binary(["scale"] + inputs + ["--output-dir", folder, "--fit", "32x32", "-j", "2"])
        #expect(run.status == 1)
        let errors = run.err.split(separator: "\n")
        #expect(errors.count == 2, "\(run.err)")
        #expect(errors[0].hasPrefix("\(broken.path): error: corrupt JPEG"))
        #expect(errors[1].hasPrefix("\(missing): error: "))
        let records = run.out.split(separator: "\n")
        #expect(records.count == 2)
        #expect(records[0].hasPrefix("\(folder)/sample-image.jpg: 640x427 -> 32x21 jpeg"))
        #expect(records[1].hasPrefix("\(folder)/sample-badge.png: "))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "sample-badge.png", "sample-image.jpg",
            ])

        let json = try ToolRun.binary(["scale"] + inputs + ["--output-dir", folder, "--fit", "32x32", "--json"])
        #expect(json.status == 1)
        let reports = try JSONDecoder().decode([Report].self, from: Data(json.out.utf8))
        #expect(reports.map(\.input) == inputs)
        #expect(reports.map { $0.error != nil } == [false, true, true, false])
    }

    @Test func oneJobAndTwoJobsWriteTheSameBytes() throws {
        var outputs: [[Data]] = []
        for jobs in ["1", "2"] {
            let folder = try TestPaths.temporaryFolder().path
            let run = ToolRun.inProcess(
                ["scale"] + Self.inputs + ["--output-dir", folder, "--fit", "50x50", "--format", "png", "--jobs", jobs])
            #expect(run.status == 0, "\(run.err)")
            outputs.append(
                try ["sample-image.png", "sample-badge.png"].map {
                    try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent($0))
                })
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func showsProgressOnlyOnATerminal() throws {
        let folder = try TestPaths.temporaryFolder().path
        let arguments = ["scale"] + Self.inputs + ["--output-dir", folder, "--fit", "20x20", "--format", "jpeg"]
        let terminal = ToolRun.inProcess(arguments, errorIsTerminal: true)
        #expect(terminal.status == 0)
        #expect(terminal.err.contains("\r\u{1B}[Kscaled 2/2"))
        #expect(terminal.err.hasSuffix("\r\u{1B}[K"), "the progress line is cleared at the end")
        let piped = ToolRun.inProcess(arguments)
        #expect(piped.status == 0 && piped.err.isEmpty)
        #expect(piped.out.split(separator: "\n").count == 2)
    }

    @Test func inputsThatWouldCollideOrHaveNoNameAreUsageErrors() throws {
        let folder = try TestPaths.temporaryFolder().path
        let image = Self.inputs[0]
        let cases: [([String], String)] = [
            (
                ["scale", image, "-o", "/tmp/x.png", "--output-dir", folder, "--fit", "9x9"],
                "either -o or --output-dir"
            ),
            (["scale", image, image, "-o", "/tmp/x.png", "--fit", "9x9"], "need --output-dir"),
            (["scale", "-", "--output-dir", folder, "--fit", "9x9"], "no name to write under"),
            (["scale", image, image, "--output-dir", folder, "--fit", "9x9"], "would both be written to"),
            (
                ["scale", Self.attachment("sample-badge.png"), Self.inputs[1], "--output-dir", folder, "--fit", "9x9"],
                "would both be written to"
            ),
            (
                ["scale", image, "--output-dir", folder, "--fit", "9x9", "--format", "webp"],
                "--format must be png, jpeg or jpg, not 'webp'"
            ),
            (
                ["scale", image, "-o", "/tmp/x.png", "--fit", "9x9", "--format", "png"],
                "--format goes with --output-dir"
            ),
            (
                ["scale", image, "--output-dir", folder, "--fit", "9x9", "--jobs", "0"],
                "--jobs needs a whole number from 1 to 64, not '0'"
            ),
            (["scale", "--output-dir", folder, "--fit", "9x9"], "usage: richpreview scale"),
        ]
        for (arguments, message) in cases {
            let run = ToolRun.inProcess(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains(message), "\(arguments): \(run.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func anOutputFolderThatIsAFileOrCannotBeMadeIsOneLine() throws {
        let temporary = try TestPaths.temporaryFolder()
        let file = temporary.appendingPathComponent("file")
        try Data("keep".utf8).write(to: file)
        let run = ToolRun.inProcess(["scale", Self.inputs[0], "--output-dir", file.path, "--fit", "9x9"])
        #expect(run.status == 1)
        #expect(run.err == "\(file.path): error: not a folder\n")
        #expect(try Data(contentsOf: file) == Data("keep".utf8))
        let deep = temporary.appendingPathComponent("a/b").path
        let json = ToolRun.inProcess(["scale", Self.inputs[0], "--output-dir", deep, "--fit", "9x9", "--json"])
        #expect(json.status == 1 && json.out == "[]\n")
        #expect(json.err.hasPrefix("\(deep): error: cannot create the output folder: No such file or directory"))
    }

    @Test func aBatchIntoTheInputsOwnFolderNeverOverwritesThem() throws {
        let folder = try TestPaths.temporaryFolder()
        let input = folder.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.inputs[0]), to: input)
        let before = try Data(contentsOf: input)
        let run = ToolRun.inProcess(["scale", input.path, "--output-dir", folder.path, "--fit", "9x9"])
        #expect(run.status == 1 && run.err.contains("would overwrite the input"))
        #expect(try Data(contentsOf: input) == before)
        let converted = ToolRun.inProcess([
            "scale", input.path, "--output-dir", folder.path, "--fit", "9x9", "--format", "png",
        ])
        #expect(converted.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("photo.png").path))
    }
}
