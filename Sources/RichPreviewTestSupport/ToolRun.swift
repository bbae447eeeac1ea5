import Foundation
import RichPreview
import RichPreviewCLI

/// The outcome of one `richpreview` run, in-process or as the built binary.
package struct ToolRun: Sendable {
    package var status: Int32
    package var out: String
    package var err: String
    /// The signal that ended the process (a crash, an abort), nil when it exited.
    package var terminatingSignal: Int32? = nil
    /// The process's peak resident memory, for runs of the binary measured with GNU time
    /// (`/usr/bin/time`, Debian's `time`); nil in-process, without it, or in a sanitized build,
    /// whose shadow memory and quarantine make the figure meaningless.
    package var peakMemoryBytes: Int? = nil
    /// Standard output's bytes as written (an image written to `-`); `out` is them as text.
    package var outBytes = Data()

    /// Whether these tests (and so the binary beside them) were built with AddressSanitizer or
    /// ThreadSanitizer.
    package static let isSanitized = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    /// Runs the command line in-process with captured streams and the given standard input;
    /// `errorIsTerminal` makes the command believe standard error is a terminal (progress lines).
    package static func inProcess(
        _ arguments: [String], standardInput: Data = Data(), errorIsTerminal: Bool = false
    ) -> ToolRun {
        let out = Captured()
        let err = Captured()
        let console = Console(
            out: { out.append($0) }, err: { err.append($0) },
            readStandardInput: { limit throws(FileContents.ReadFailure) in
                guard standardInput.count <= limit else { throw .tooLarge(size: nil, limit: limit) }
                return standardInput
            }, useColor: false, errorIsTerminal: errorIsTerminal)
        let status = RichPreviewTool.run(arguments, console: console)
        return ToolRun(status: status.rawValue, out: out.text, err: err.text)
    }

    /// Runs the built `richpreview` binary (next to the test bundle) as a separate process, with
    /// `standardInput` as its standard input (or the file at `standardInputPath`, such as
    /// `/dev/zero` for input that never ends). Outputs go through temporary files, so neither side
    /// can block the other; the run's peak memory is measured with GNU time when it is installed.
    /// A run still going after `timeLimit` seconds is killed.
    package static func binary(
        _ arguments: [String], standardInput: Data = Data(), standardInputPath: String? = nil,
        environment: [String: String] = [:], workingDirectory: URL = TestPaths.packageRoot, timeLimit: Int = 120
    ) throws -> ToolRun {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputPath = standardInputPath ?? folder.appendingPathComponent("stdin").path
        if standardInputPath == nil { try standardInput.write(to: URL(fileURLWithPath: inputPath)) }
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        // env(1) changes the folder and then becomes the tool. The peak memory comes from GNU time,
        // which forks the tool from its own small process: a process started straight from this
        // large test process inherits its high-water mark when it execs.
        let memoryPath = folder.appendingPathComponent("memory").path
        let timed = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        // A run that hangs is killed after `timeLimit` seconds (coreutils' timeout) and reported
        // as ended by SIGKILL, so a hang fails its test instead of stalling the suite.
        let limit =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")
            ? ["/usr/bin/timeout", "-s", "KILL", String(timeLimit)] : []
        let command = ["/usr/bin/env", "-C", workingDirectory.path] + limit + [builtBinary.path] + arguments
        let argv =
            ((timed ? ["/usr/bin/time", "-f", "%M", "-o", memoryPath] : []) + command).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, timed ? "/usr/bin/time" : "/usr/bin/env", &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        var signalled = status & 0x7F
        var exitStatus = signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
        var peakMemory: Int?
        if timed, let report = try? String(contentsOfFile: memoryPath, encoding: .utf8) {
            let lines = report.split(separator: "\n")
            peakMemory = isSanitized ? nil : lines.last.flatMap { Int($0) }.map { $0 * 1024 }
            if let line = lines.first(where: { $0.hasPrefix("Command terminated by signal ") }),
                let number = Int32(line.split(separator: " ").last ?? "")
            {
                signalled = number
                exitStatus = 128 + number
            }
        }
        // timeout(1) passes a crash's signal on, but exits 137 itself when it kills a hung run.
        if !limit.isEmpty, signalled == 0, exitStatus == 128 + SIGKILL { signalled = SIGKILL }
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return ToolRun(
            status: exitStatus, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self),
            terminatingSignal: signalled == 0 ? nil : signalled, peakMemoryBytes: peakMemory, outBytes: out)
    }

    /// `posix_spawn` failed with this error code.
    package struct SpawnError: Error {
        package var code: Int32
    }

    /// The `richpreview` executable built beside the test bundle.
    package static var builtBinary: URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("richpreview")
    }
}

/// Text captured from a stream, safe to append to from any thread.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    func append(_ text: String) { lock.withLock { buffer += text } }
    var text: String { lock.withLock { buffer } }
}
