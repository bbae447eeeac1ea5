import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `scale INPUT -o A --fit WxH -o B --fit WxH`: one decode, one file per box, each as a run of its
/// own would write it when they share the decode's reduction.
struct ScaleManyTests {
    static let photo = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path

    @Test func severalBoxesFromOneDecode() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.png").path
        let small = folder.appendingPathComponent("small.png").path
        let run = ToolRun.inProcess([
            "scale", Self.photo, "-o", big, "--fit", "1125x1125", "-o", small, "--fit", "375x375",
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.out.contains("big.png: 640x427 -> 1125x751 png")
                && run.out.contains("small.png: 640x427 -> 375x250 png"))
        for (file, box) in [(big, "1125x1125"), (small, "375x375")] {
            let alone = folder.appendingPathComponent("alone.png").path
            #expect(ToolRun.inProcess(["scale", Self.photo, "-o", alone, "--fit", box]).status == 0)
            #expect(
                try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: file)))
                    == ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: alone))), "\(box)")
        }
        let json = ToolRun.inProcess([
            "scale", Self.photo, "-o", big, "--fit", "100x100", "-o", small, "--fit", "50x50", "--json",
        ])
        let reports = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
        #expect(reports?.count == 2)
        #expect(
            reports?.compactMap { ($0["outputSize"] as? [String: Int])?["width"] } == [100, 50],
            "\(json.out.prefix(600))")
    }

    @Test(arguments: [
        (["-o", "a.png", "--fit", "10x10", "-o", "b.png"], "give one --fit per -o"),
        (["-o", "a.png", "--fit", "10x10", "-o", "a.png", "--fit", "5x5"], "two outputs write the same file"),
        (["-o", "-", "--fit", "10x10", "-o", "b.png", "--fit", "5x5"], "standard output"),
        (["-o", "a.gif", "--fit", "10x10", "-o", "b.png", "--fit", "5x5"], "must end in .png, .jpg or .jpeg"),
        (["--output-dir", "out", "--fit", "10x10", "--fit", "5x5"], "--output-dir takes one --fit"),
    ])
    func mismatchedOutputsAreUsageErrors(arguments: [String], message: String) {
        let run = ToolRun.inProcess(["scale", Self.photo] + arguments)
        #expect(run.status == 2)
        #expect(run.err.contains(message), "\(run.err)")
    }
}
