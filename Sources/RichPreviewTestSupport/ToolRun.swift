import Foundation
import RichPreviewCLI

/// The outcome of one `richpreview` run, in-process or as the built binary.
package struct ToolRun: Sendable {
    package var status: Int32
    package var out: String
    package var err: String

    /// Runs the command line in-process with captured streams and the given standard input.
    package static func inProcess(_ arguments: [String], standardInput: Data = Data()) -> ToolRun {
        let out = Captured()
        let err = Captured()
        let console = Console(
            out: { out.append($0) }, err: { err.append($0) }, readStandardInput: { standardInput }, useColor: false)
        let status = RichPreviewTool.run(arguments, console: console)
        return ToolRun(status: status.rawValue, out: out.text, err: err.text)
    }

    /// Runs the built `richpreview` binary (next to the test bundle) as a separate process.
    package static func binary(
        _ arguments: [String], standardInput: Data = Data(), environment: [String: String] = [:]
    ) throws -> ToolRun {
        let process = Process()
        process.executableURL = builtBinary
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        inPipe.fileHandleForWriting.write(standardInput)
        try inPipe.fileHandleForWriting.close()
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        let errData = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
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
