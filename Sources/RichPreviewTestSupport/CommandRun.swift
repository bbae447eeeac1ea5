import Foundation

/// A program other than `richpreview` run for a test (`swift build`, `clang`, `ldd`, a program
/// a test built), found through `env`.
package enum CommandRun {
    /// Runs `arguments` in `directory`, with this process's environment plus `TMPDIR` set to a
    /// scratch folder removed afterwards (SwiftPM leaves its lock files there). The outputs are
    /// collected in files so that neither side blocks.
    package static func run(
        _ arguments: [String], in directory: URL = TestPaths.packageRoot
    ) throws -> (status: Int32, out: String, err: String) {
        let scratch = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }
}
