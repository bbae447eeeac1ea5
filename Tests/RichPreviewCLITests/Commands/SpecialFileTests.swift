import Foundation
import RichPreviewTestSupport
import Testing

/// Every command that reads a file, given what is not one: a FIFO (which would wait forever for a
/// writer), a socket, a character device, an empty file, a file one byte over the command's limit,
/// and images whose ancillary chunks claim more than the file holds. Each ends at once in one clear
/// line and exit 1, in little memory, through the built binary.
struct SpecialFileTests {
    /// The most a run may take before it counts as a hang (it is killed then): far more than any
    /// of these needs, far less than the forever a FIFO would wait.
    static let hangLimit = 10
    static let memoryLimit = 64 * 1024 * 1024
    static let manifest = TestPaths.packageFile("Resources/categories.json").path
    static let payload = TestPaths.packageFile("Resources/payloads/image_category.json").path
    static let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path

    /// One way a command reads a file: the arguments with `FILE` where the path goes, and the
    /// file name that makes the command take it as what it reads (`x.json`, `Info.plist`, …).
    struct Reader: CustomStringConvertible, Sendable {
        var arguments: [String]
        var name: String
        /// The most bytes the command takes for this input.
        var limit: Int
        /// Whether an empty file is a valid input (an `.xcconfig` with no settings).
        var emptyIsValid = false
        var description: String { arguments.joined(separator: " ") }

        func with(_ path: String, output: URL) -> [String] {
            arguments.map { $0 == "FILE" ? path : $0.replacingOccurrences(of: "OUT", with: output.path) }
        }
    }

    static let readers: [Reader] = [
        // An image attachment's limit is iOS's 10 MB.
        Reader(arguments: ["inspect", "FILE"], name: "photo.png", limit: 10_000_000),
        Reader(arguments: ["inspect", "--payload", "FILE"], name: "push.json", limit: 65536),
        Reader(
            arguments: ["scale", "FILE", "-o", "OUT/out.png", "--fit", "8x8"], name: "photo.png", limit: 134_217_728),
        Reader(
            arguments: ["scale", "FILE", Self.image, "--output-dir", "OUT/batch", "--fit", "8x8"], name: "photo.png",
            limit: 134_217_728),
        Reader(arguments: ["render", "FILE", "--format", "text"], name: "push.json", limit: 134_217_728),
        Reader(
            arguments: ["render", Self.payload, "--categories", "FILE", "--format", "text"], name: "categories.json",
            limit: 16_777_216),
        Reader(
            arguments: ["render", Self.payload, "--extensions", "FILE", "--format", "text"], name: "Info.plist",
            limit: 16_777_216),
        Reader(arguments: ["payload", "FILE"], name: "push.json", limit: 65536),
        Reader(arguments: ["deliver", "FILE"], name: "push.json", limit: 65536),
        Reader(
            arguments: ["deliver", "--categories", "FILE", Self.payload], name: "categories.json", limit: 16_777_216),
        Reader(
            arguments: ["respond", "--categories", "FILE", "--category", "image_category", "--action", "default"],
            name: "categories.json", limit: 16_777_216),
        Reader(
            arguments: [
                "respond", "--categories", Self.manifest, "--extensions", "FILE", "--category", "image_category",
                "--action", "default",
            ], name: "Info.plist", limit: 16_777_216),
        Reader(arguments: ["lint", "FILE"], name: "push.apns", limit: 65536),
        Reader(
            arguments: ["lint", "--xcconfig", "FILE", "OUT"], name: "Config.xcconfig", limit: 1_048_576,
            emptyIsValid: true),
    ]

    /// Runs the reader on `path`, expecting one error line (lint adds its summary line) naming
    /// `text`, exit 1, no crash or hang, little memory, and nothing written.
    func expectRefused(
        _ reader: Reader, _ path: String, saying text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let output = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try ToolRun.binary(reader.with(path, output: output), timeLimit: Self.hangLimit)
        #expect(
            run.terminatingSignal == nil, "\(reader): ended by signal (a hang?): \(run.err)",
            sourceLocation: sourceLocation)
        #expect(run.status == 1, "\(reader): stderr: \(run.err)", sourceLocation: sourceLocation)
        let lines = run.err.split(separator: "\n").filter { !$0.hasPrefix("richpreview lint: ") }
        #expect(lines.count == 1, "\(reader): stderr: \(run.err)", sourceLocation: sourceLocation)
        #expect(lines.first?.contains(text) == true, "\(reader): stderr: \(run.err)", sourceLocation: sourceLocation)
        if let peak = run.peakMemoryBytes {
            #expect(peak < Self.memoryLimit, "\(reader): peak \(peak >> 20) MiB", sourceLocation: sourceLocation)
        }
        let written = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { !$0.hasSuffix("batch") }
        #expect(written.filter { !$0.hasPrefix("batch/sample-image") }.isEmpty, "\(reader): wrote \(written)")
    }

    @Test(arguments: readers)
    func aFIFOIsRefusedWithoutWaitingForAWriter(reader: Reader) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(reader.name).path
        #expect(mkfifo(path, 0o600) == 0)
        try expectRefused(reader, path, saying: "not a regular file (a FIFO)")
    }

    @Test(arguments: readers)
    func aSocketIsRefused(reader: Reader) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(reader.name).path
        let socket = try Self.bindSocket(at: path)
        defer { close(socket) }
        try expectRefused(reader, path, saying: "not a regular file (a socket)")
    }

    @Test(arguments: readers)
    func aCharacterDeviceIsRefusedUnread(reader: Reader) throws {
        try expectRefused(reader, "/dev/zero", saying: "not a regular file (a character device)")
    }

    @Test(arguments: readers.filter { !$0.emptyIsValid })
    func anEmptyFileIsSaidToBeEmpty(reader: Reader) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(reader.name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try expectRefused(reader, path, saying: "empty")
    }

    @Test(arguments: readers)
    func aFileOneByteOverTheLimitIsRefusedFromItsSize(reader: Reader) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(reader.name).path
        // Sparse: the size is what is checked, and nothing past the signature is read.
        let signature = reader.name.hasSuffix(".png") ? Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) : Data()
        #expect(FileManager.default.createFile(atPath: path, contents: signature))
        #expect(truncate(path, off_t(reader.limit + 1)) == 0)
        try expectRefused(reader, path, saying: "\(reader.limit + 1) bytes")
    }

    /// A 1×1 PNG whose `type` chunk's length field says 2^31 - 1.
    static func pngClaiming(_ type: String) -> Data {
        var ihdr = Data()
        for value: UInt32 in [1, 1] { ihdr.append(contentsOf: withUnsafeBytes(of: value.bigEndian) { Array($0) }) }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + PNGChunk.make("IHDR", ihdr)
            + Data([0x7F, 0xFF, 0xFF, 0xFF]) + Data(type.utf8) + Data("key\0value".utf8)
    }

    @Test(arguments: ["tEXt", "zTXt", "iTXt", "iCCP", "eXIf", "unKn"])
    func aPNGChunkClaimingTwoGigabytesCostsNothing(type: String) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("chunk.png").path
        try Self.pngClaiming(type).write(to: URL(fileURLWithPath: path))
        let imageReaders = Self.readers.filter {
            ["inspect", "scale"].contains($0.arguments[0]) && $0.arguments[1] == "FILE"
        }
        for reader in imageReaders + [Reader(arguments: ["render", "FILE", "--format", "text"], name: "", limit: 0)] {
            try expectRefused(reader, path, saying: "the \(type) chunk at byte 33 claims 2147483647 bytes")
        }
    }

    @Test func lintNotesASpecialFileInATreeAndReadsTheRest() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("waiting.json").path, 0o600) == 0)
        try Data(#"{"aps": {"alert": "hi", "badge": -1}}"#.utf8).write(to: folder.appendingPathComponent("push.json"))
        let run = try ToolRun.binary(["lint", folder.path], timeLimit: Self.hangLimit)
        #expect(run.terminatingSignal == nil && run.status == 1, "\(run.err)")
        #expect(run.err.contains("waiting.json: note: not a regular file (a FIFO); skipped [path-unreadable]"))
        #expect(run.err.contains("push.json:1:25: error: aps.badge"))
    }

    /// A listening Unix socket bound at `path`; the caller closes it.
    static func bindSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0, "bind: \(String(cString: strerror(errno)))")
        return descriptor
    }
}
