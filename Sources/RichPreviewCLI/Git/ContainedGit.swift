import Foundation
import RichPreview
import RichPreviewSystem

/// git run so that nothing a repository configures is executed: no hook, no fsmonitor, no pager,
/// no credential helper, ssh or proxy command, no fetch of a missing object, and no system or
/// global configuration. The repository's own configuration is still read (it names the object
/// store), but only commands that run no filter are asked for (`rev-parse`, `ls-tree`,
/// `cat-file --batch` of blob ids), so a `filter.*.smudge` or `core.fsmonitor` there never runs.
struct ContainedGit {
    /// Why git could not do what was asked, as one line.
    struct Failure: Error {
        var reason: String
        /// Whether git was stopped for giving nothing (not an answer about the repository).
        var stalled = false
    }

    /// The private folder git's messages are written into.
    var scratch: URL
    /// The folder git runs in; nil for the current folder.
    var directory: URL? = nil

    /// What the environment is given, over the user's: no configuration but the repository's,
    /// no pager, no prompt, no lazy fetch, no optional lock, pathspecs taken literally.
    static let environment: [String: String] = [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_PAGER": "cat", "PAGER": "cat",
        "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS": "", "GIT_OPTIONAL_LOCKS": "0",
        "GIT_NO_LAZY_FETCH": "1", "GIT_LITERAL_PATHSPECS": "1",
    ]

    /// The options before every command: each turns off a setting a repository could use to run
    /// a command of its choosing.
    static let options = [
        "--no-pager", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.sshCommand=",
        "-c", "core.gitProxy=", "-c", "core.askPass=", "-c", "credential.helper=", "-c", "protocol.allow=never",
        "-c", "core.pager=cat", "-c", "core.alternateRefsCommand=", "-c", "diff.external=", "-c",
        "core.untrackedCache=false", "-c", "gc.auto=0", "-c", "maintenance.auto=false",
    ]

    /// How long git may give nothing before it is stopped.
    var idleLimit = Duration.seconds(30)

    /// The standard output of `git ARGUMENTS`, refused past `limit` bytes.
    /// - Throws: `Failure` when git cannot be run, fails (with its first line of error), or says more.
    func output(_ arguments: [String], limit: Int = 1 << 20) throws(Failure) -> Data {
        var output = Data()
        try run(arguments) { (reader: inout GitOutput) throws(Failure) in
            while try reader.fill() {
                output.append(contentsOf: reader.take(reader.available))
                if output.count > limit {
                    throw Failure(reason: "git \(arguments.first ?? "") said more than \(limit) bytes")
                }
            }
        }
        return output
    }

    /// Runs `git ARGUMENTS` with standard input from the file at `input` (nothing when nil) and
    /// gives its standard output to `read` as it comes. When `read` throws, git is stopped.
    /// - Throws: `Failure` when git cannot be run or fails, or what `read` throws.
    func run(_ arguments: [String], input: URL? = nil, read: (inout GitOutput) throws(Failure) -> Void)
        throws(Failure)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + Self.options + arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { _, contained in
            contained
        }
        // Standard error goes to a file, so that git never waits on a full pipe nobody reads yet.
        let messages = scratch.appendingPathComponent("git-messages.txt")
        guard FileManager.default.createFile(atPath: messages.path, contents: nil),
            let errors = try? FileHandle(forWritingTo: messages)
        else { throw Failure(reason: "no temporary file for git's messages in \(scratch.path)") }
        defer { try? errors.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let standardInput = input.map { FileHandle(forReadingAtPath: $0.path) } ?? FileHandle.nullDevice
        guard let standardInput else { throw Failure(reason: "git's input \(input?.path ?? "") cannot be opened") }
        defer { if input != nil { try? standardInput.close() } }
        process.standardInput = standardInput
        do {
            try process.run()
        } catch {
            throw Failure(reason: "--baseline-ref needs git, which cannot be run: \(error.localizedDescription)")
        }
        let watchdog = GitWatchdog(process: process, idleLimit: idleLimit)
        watchdog.start()
        defer { watchdog.stop() }
        var reader = GitOutput(
            reader: DescriptorReader(descriptor: output.fileHandleForReading.fileDescriptor), watchdog: watchdog)
        do {
            try read(&reader)
        } catch {
            process.terminate()
            try? output.fileHandleForReading.close()
            process.waitUntilExit()
            throw watchdog.fired ? stalled(arguments) : error
        }
        // Whatever `read` left is drained, so that git can finish.
        while (try? reader.fill()) == true { _ = reader.take(reader.available) }
        process.waitUntilExit()
        if watchdog.fired { throw stalled(arguments) }
        guard process.terminationStatus == 0 else {
            let said =
                String(decoding: (try? Data(contentsOf: messages)) ?? Data(), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "no message"
            throw Failure(
                reason:
                    "git \(arguments.first ?? "") failed (exit \(process.terminationStatus)): \(TerminalText.shortened(said, to: 200))"
            )
        }
    }

    /// The failure of git stopped by the watchdog.
    private func stalled(_ arguments: [String]) -> Failure {
        Failure(
            reason:
                "git \(arguments.first ?? "") gave nothing for \(idleLimit.components.seconds) s and was stopped (a FIFO or a lock in the repository?)",
            stalled: true)
    }
}

/// git's standard output as it comes, its read failures said as git's.
struct GitOutput {
    /// The reader of the pipe.
    var reader: DescriptorReader
    /// Told of every read that gave something.
    var watchdog: GitWatchdog? = nil

    /// How many bytes are read and not yet taken.
    var available: Int { reader.available }

    /// Reads what git has written (waiting for something); false at its end.
    mutating func fill() throws(ContainedGit.Failure) -> Bool {
        let filled: Bool
        do { filled = try reader.fill() } catch { throw Self.failure(error) }
        if filled { watchdog?.progressed() }
        return filled
    }

    /// The bytes up to the next `separator`; nil at the end, or past `limit` bytes without one.
    mutating func record(endingWith separator: UInt8, limit: Int) throws(ContainedGit.Failure) -> [UInt8]? {
        do { return try reader.record(endingWith: separator, limit: limit) } catch { throw Self.failure(error) }
    }

    /// Up to `count` of the bytes read, taken.
    mutating func take(_ count: Int) -> ArraySlice<UInt8> { reader.take(count) }

    private static func failure(_ error: SystemError) -> ContainedGit.Failure {
        ContainedGit.Failure(reason: "git's output cannot be read: \(error)")
    }
}
