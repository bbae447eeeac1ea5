import Foundation
import RichPreviewTestSupport
import Testing

/// The hostile files every reader must survive, through the built binary: each ends in a clear
/// error and exit 1, well within the two-minute limit every binary run has, in under 300 MiB.
struct HostileFilesTests {
    static let memoryLimit = 300 * 1024 * 1024

    /// Runs `arguments`, expecting exit 1 with `text` on standard error, no crash or kill, and the
    /// peak memory (when GNU time measures it) under the limit.
    func expectRefused(
        _ arguments: [String], saying text: String, workingDirectory: URL = TestPaths.packageRoot,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let run = try ToolRun.binary(arguments, workingDirectory: workingDirectory)
        #expect(run.terminatingSignal == nil, "ended by signal: \(run.err)", sourceLocation: sourceLocation)
        #expect(run.status == 1, "stderr: \(run.err)", sourceLocation: sourceLocation)
        #expect(run.err.contains(text), "stderr: \(run.err)", sourceLocation: sourceLocation)
        if let peak = run.peakMemoryBytes {
            #expect(peak < Self.memoryLimit, "peak \(peak >> 20) MiB", sourceLocation: sourceLocation)
        }
    }

    /// A binary plist whose array contains itself: `{NSExtension: [[[...]]]}`.
    static func cyclicBinaryPlist() -> Data {
        let objects: [[UInt8]] = [[0xD1, 1, 2], [0x5B] + Array("NSExtension".utf8), [0xA1, 2]]
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        bytes += offsets + [UInt8](repeating: 0, count: 6) + [1, 1]
        for value in [UInt64(objects.count), 0, table] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        return Data(bytes)
    }

    @Test func aBinaryPlistWithAnObjectCycle() throws {
        let folder = try TestPaths.temporaryFolder()
        let plist = folder.appendingPathComponent("Info.plist")
        try Self.cyclicBinaryPlist().write(to: plist)
        try expectRefused(["lint", folder.path], saying: "Info.plist: error: not a property list")
        try expectRefused(
            [
                "respond", "--extensions", plist.path, "--categories",
                TestPaths.packageFile("Resources/categories.json").path, "--category", "image_category", "--action",
                "imageconfirmaction",
            ], saying: "damaged binary property list")
    }

    @Test func deeplyNestedJSONWithinTheParseLimit() throws {
        let folder = try TestPaths.temporaryFolder()
        let nested = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
        let payload = folder.appendingPathComponent("deep.json")
        try Data(#"{"aps": {"alert": \#(nested)}}"#.utf8).write(to: payload)
        try expectRefused(["payload", payload.path], saying: "arrays and objects nested more than 512 deep")
        let manifest = folder.appendingPathComponent("deep-categories.json")
        try Data(#"{"categories": \#(nested)}"#.utf8).write(to: manifest)
        try expectRefused(
            ["respond", "--categories", manifest.path, "--category", "c", "--action", "a"],
            saying: "deep-categories.json")
    }

    @Test func aHundredThousandDeepArrayAndAHundredMegabytePayload() throws {
        let folder = try TestPaths.temporaryFolder()
        let deep = folder.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8).write(to: deep)
        try expectRefused(["payload", deep.path], saying: "over the 4096-byte limit")
        let huge = folder.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 100_000_000)
        try handle.close()
        try expectRefused(["payload", huge.path], saying: "payload is 100000000 bytes")
        try expectRefused(["deliver", huge.path], saying: "payload is 100000000 bytes")
    }

    @Test(arguments: [
        "mp4-h264-aac-faststart.mp4", "mp4-h264-moov-last.mp4", "wav-s16-mono.wav", "mp3-vbr-xing.mp3",
        "aiff-s16.aiff", "avi-mpeg4-pcm.avi", "mpeg2-ps.mpg", "caf-alac.caf",
    ])
    func truncatedContainers(name: String) throws {
        let data = try Data(contentsOf: TestPaths.fixture("media/\(name)"))
        let folder = try TestPaths.temporaryFolder()
        let cut = folder.appendingPathComponent("cut-" + name)
        try data.prefix(data.count * 2 / 3).write(to: cut)
        try expectRefused(["inspect", cut.path], saying: "cut-\(name): error:")
    }

    @Test(arguments: ["sample-image.jpg", "sample-badge.png", "sample-badge.gif"])
    func truncatedAndCorruptImages(name: String) throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
        let folder = try TestPaths.temporaryFolder()
        let cut = folder.appendingPathComponent("cut-" + name)
        try data.prefix(data.count / 2).write(to: cut)
        try expectRefused(["inspect", cut.path], saying: "cut-\(name): error:")
        try expectRefused(
            ["scale", cut.path, "-o", folder.appendingPathComponent("out.png").path, "--fit", "10x10"],
            saying: "cut-\(name): error:")
        var damaged = data
        for index in stride(from: data.count / 3, to: data.count * 2 / 3, by: 7) { damaged[index] ^= 0x5A }
        let corrupt = folder.appendingPathComponent("corrupt-" + name)
        try damaged.write(to: corrupt)
        try expectRefused(["inspect", corrupt.path], saying: "corrupt-\(name): error:")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }
}
