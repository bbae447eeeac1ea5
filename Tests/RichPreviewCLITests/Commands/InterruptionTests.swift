import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// An interrupted or failing write leaves the old output or the new one, never a partial file,
/// never a stray temporary, and never touches the input.
@Suite(.serialized)
struct InterruptionTests {
    /// A 2000×2000 PNG of noise, stored without compression: its output is about 12 MB, written in
    /// one piece after the encode, so there is a moment to catch the temporary file.
    static func noisyPNG(in folder: URL) throws -> URL {
        var generator = SplitMix64(seed: 11)
        var pixels = [UInt8](repeating: 255, count: 2000 * 2000 * 4)
        for index in pixels.indices where index % 4 != 3 { pixels[index] = UInt8(truncatingIfNeeded: generator.next()) }
        let image = RGBAImage(size: PixelSize(width: 2000, height: 2000), pixels: pixels)
        let stored = PNGSettings(
            content: .photo, colorType: .rgb, compression: .zlib(level: 0, strategy: .default), filter: .none)
        let url = folder.appendingPathComponent("noise.png")
        try ImageEncoder.encode(image, as: .png(stored)).data.write(to: url)
        return url
    }

    static let old = Data("the old output".utf8)

    /// The folder holds the input, unchanged, and the output, either old or a whole new PNG.
    /// Waits (at most a second) until the kernel shows `pid` stopped: `kill` returns before a
    /// process running on another core has taken the signal, and it may finish its write meanwhile.
    static func waitUntilStopped(_ pid: pid_t) {
        for _ in 0..<1000 {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // The state follows the command's closing parenthesis: "pid (comm) T …".
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "T" { return }
            usleep(1000)
        }
    }

    func expectNothingLost(
        in folder: URL, input: URL, inputBytes: Data, allowNew: Bool,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["noise.png", "out.png"], "stray files: \(names)", sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: input) == inputBytes, "the input changed", sourceLocation: sourceLocation)
        let output = try Data(contentsOf: folder.appendingPathComponent("out.png"))
        if output != Self.old {
            #expect(allowNew, "the output changed", sourceLocation: sourceLocation)
            #expect(
                try ImageHeader.read(output).size == PixelSize(width: 2000, height: 2000),
                sourceLocation: sourceLocation)
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try ImageValidator.validate(output) }
        }
    }

    /// Where unnamed files cannot be made, a write goes through a named temporary file (forced
    /// here with `RICHPREVIEW_NAMED_TEMPORARIES=1`), which a signal removes.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalDuringTheWriteRemovesTheTemporaryFile(signalNumber: Int32) throws {
        let folder = try TestPaths.temporaryFolder()
        let input = try Self.noisyPNG(in: folder)
        let inputBytes = try Data(contentsOf: input)
        var caught = 0
        for _ in 0..<8 where caught == 0 {
            try Self.old.write(to: folder.appendingPathComponent("out.png"))
            let process = Process()
            process.executableURL = ToolRun.builtBinary
            process.arguments = [
                "scale", input.path, "-o", folder.appendingPathComponent("out.png").path, "--fit", "2000x2000",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.environment = ProcessInfo.processInfo.environment.merging(["RICHPREVIEW_NAMED_TEMPORARIES": "1"]) {
                $1
            }
            try process.run()
            let pid = process.processIdentifier
            var stoppedWithTemporary = false
            while process.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                if names.contains(where: { $0.hasSuffix(".tmp") }) {
                    kill(pid, SIGSTOP)
                    Self.waitUntilStopped(pid)
                    let still = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    stoppedWithTemporary = still.contains { $0.hasSuffix(".tmp") }
                    if stoppedWithTemporary { kill(pid, signalNumber) }
                    kill(pid, SIGCONT)
                    break
                }
            }
            process.waitUntilExit()
            if stoppedWithTemporary {
                caught += 1
                #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber)
                try expectNothingLost(in: folder, input: input, inputBytes: inputBytes, allowNew: false)
            } else {
                #expect(process.terminationStatus == 0)
                try expectNothingLost(in: folder, input: input, inputBytes: inputBytes, allowNew: true)
            }
        }
        #expect(caught == 1, "no run was caught while its temporary file existed")
    }

    /// SIGKILL cannot be caught: the output is written without a name and linked into place when
    /// whole, so a kill at any moment leaves the folder as it was or with the whole new file.
    @Test func aKillAtAnyMomentLeavesNothingBehind() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.noisyPNG(in: folder)
        let inputBytes = try Data(contentsOf: input)
        let output = folder.appendingPathComponent("out.png")
        let clock = ContinuousClock()
        let whole = try clock.measure {
            _ = try ToolRun.binary(["scale", input.path, "-o", output.path, "--fit", "2000x2000"])
        }
        var generator = SplitMix64(seed: 90)
        for _ in 0..<30 {
            try? FileManager.default.removeItem(at: output)
            let process = Process()
            process.executableURL = ToolRun.builtBinary
            process.arguments = ["scale", input.path, "-o", output.path, "--fit", "2000x2000"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let delay =
                Double(generator.next() % 1000) / 1000 * Double(whole.components.attoseconds) / 1e18
                + Double(whole.components.seconds)
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["noise.png"] || names == ["noise.png", "out.png"], "stray files: \(names)")
            if names.contains("out.png") {
                #expect(throws: Never.self) { try ImageValidator.validate(try Data(contentsOf: output)) }
            }
        }
        #expect(try Data(contentsOf: input) == inputBytes)
    }

    @Test func aWritePastTheFileSizeLimitFailsCleanly() throws {
        let folder = try TestPaths.temporaryFolder()
        let input = try Self.noisyPNG(in: folder)
        let inputBytes = try Data(contentsOf: input)
        let output = folder.appendingPathComponent("out.png")
        try Self.old.write(to: output)
        // ulimit -f counts 1024-byte blocks in the shell: 1 MiB, far below the 12 MB output.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -f 1024 && exec \"$0\" scale \"$1\" -o \"$2\" --fit 2000x2000", ToolRun.builtBinary.path,
            input.path, output.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(message == "\(output.path): error: cannot write: file too large for the file-size limit\n")
        try expectNothingLost(in: folder, input: input, inputBytes: inputBytes, allowNew: false)
    }

    @Test func aFullDiskFailsCleanly() throws {
        let folder = try TestPaths.temporaryFolder()
        let input = try Self.noisyPNG(in: folder)
        let small = folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let mounted = Process()
        mounted.executableURL = URL(fileURLWithPath: "/bin/mount")
        mounted.arguments = ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small.path]
        mounted.standardError = FileHandle.nullDevice
        guard (try? mounted.run()) != nil else { return }
        mounted.waitUntilExit()
        guard mounted.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("note: cannot mount a tmpfs here; full-disk test skipped.\n".utf8))
            return
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [small.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let output = small.appendingPathComponent("out.png")
        try Self.old.write(to: output)
        let run = try ToolRun.binary(["scale", input.path, "-o", output.path, "--fit", "2000x2000"])
        #expect(run.status == 1 && run.terminatingSignal == nil)
        #expect(run.err == "\(output.path): error: cannot write: no space left on the device\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: small.path) == ["out.png"])
        #expect(try Data(contentsOf: output) == Self.old)
    }
}
