import Foundation
import RichPreview

/// git run so that nothing a repository configures is executed: no hook, no fsmonitor, no pager,
/// no credential helper, ssh or proxy command, no fetch of a missing object, and no system or
/// global configuration. The repository's own configuration is still read (it names the object
/// store), but only commands that run no filter are asked for (`rev-parse`, `ls-tree`,
/// `cat-file --batch` of blob ids), so a `filter.*.smudge` or `core.fsmonitor` there never runs.
struct ContainedGit {
    /// Why git could not do what was asked, as one line.
    struct Failure: Error {
        var reason: String
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

    /// The standard output of `git ARGUMENTS`, refused past `limit` bytes.
    /// - Throws: `Failure` when git cannot be run, fails (with its first line of error), or says more.
    func output(_ arguments: [String], limit: Int = 1 << 20) throws(Failure) -> Data {
        var output = Data()
        try run(arguments) { (reader: inout PipeReader) throws(Failure) in
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
    func run(_ arguments: [String], input: URL? = nil, read: (inout PipeReader) throws(Failure) -> Void)
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
        var reader = PipeReader(descriptor: output.fileHandleForReading.fileDescriptor)
        do {
            try read(&reader)
        } catch {
            process.terminate()
            try? output.fileHandleForReading.close()
            process.waitUntilExit()
            throw error
        }
        // Whatever `read` left is drained, so that git can finish.
        while (try? reader.fill()) == true { _ = reader.take(reader.available) }
        process.waitUntilExit()
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
}

/// Buffered reading of a pipe: lines, records and counted runs of bytes.
struct PipeReader {
    /// The descriptor read.
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    /// A reader of `descriptor`.
    init(descriptor: Int32) { self.descriptor = descriptor }

    /// How many bytes are read and not yet taken.
    var available: Int { buffer.count - start }

    /// Reads what the pipe has (waiting for something); false at its end.
    /// - Throws: `ContainedGit.Failure` when the read fails.
    mutating func fill() throws(ContainedGit.Failure) -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 { return false }
            if errno != EINTR { throw ContainedGit.Failure(reason: "reading git: \(String(cString: strerror(errno)))") }
        }
    }

    /// The bytes up to the next `separator` (which is taken and not returned); nil at the end of
    /// the pipe, or when more than `limit` bytes come without one.
    /// - Throws: `ContainedGit.Failure` when the read fails.
    mutating func record(endingWith separator: UInt8, limit: Int) throws(ContainedGit.Failure) -> [UInt8]? {
        var searched = 0
        while true {
            if let end = buffer[(start + searched)...].firstIndex(of: separator) {
                let record = Array(buffer[start..<end])
                start = end + 1
                return record
            }
            searched = available
            if searched > limit { return nil }
            guard try fill() else { return nil }
        }
    }

    /// Up to `count` of the bytes read, taken.
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = start + min(count, available)
        defer { start = end }
        return buffer[start..<end]
    }
}
