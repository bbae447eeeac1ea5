import Foundation
import RichPreviewTestSupport

/// The built `richpreview serve` running on a free port of 127.0.0.1, its standard error (the
/// request log) in a file; killed when the test drops it.
final class ServiceProcess: @unchecked Sendable {
    let process = Process()
    let folder: URL
    let logURL: URL
    private(set) var port = 0

    /// Starts `richpreview serve --port 0` with `arguments` and `environment`, and waits for its
    /// `listening` line.
    init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        folder = try TestPaths.temporaryFolder()
        logURL = folder.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = ToolRun.builtBinary
        process.arguments = ["serve", "--port", "0"] + arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        process.environment = merged
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Up to a minute for the line that names the port.
        for _ in 0..<1200 {
            if let line = logLines.first(where: { $0["event"] as? String == "listening" }) {
                port = line["port"] as? Int ?? 0
                return
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw StartFailure(log: log)
    }

    struct StartFailure: Error {
        var log: String
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Standard error so far.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Each line of standard error, read as a JSON object (a line that is not one is an empty one).
    var logLines: [[String: Any]] {
        log.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) ?? [:]
        }
    }

    /// The port a log line of `event` names (`metrics`), waiting up to 10 s for the line.
    func loggedPort(_ event: String) -> Int? {
        for _ in 0..<200 {
            if let line = logLines.first(where: { $0["event"] as? String == event }) { return line["port"] as? Int }
            guard process.isRunning else { return nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Sends `signal` and waits for the process to end; its exit status.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// An answer as curl received it.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
        /// curl's exit status: 0 for an answer, 7 when the connection was refused.
        var curlStatus: Int32
    }

    /// One form field for `multipart/form-data`.
    struct FormField {
        var name: String
        var data: Data
        var filename: String
    }

    /// Calls `path` with curl on the service's port (or `port`): a GET, or a POST of `body` (as
    /// one chunked body when `chunked`) or of `form`'s fields.
    func call(
        _ path: String, body: Data? = nil, chunked: Bool = false, form: [FormField] = [], headers: [String] = [],
        port: Int? = nil
    ) throws -> Answer {
        let call = UUID().uuidString
        let bodyFile = folder.appendingPathComponent("\(call).body")
        let headerFile = folder.appendingPathComponent("\(call).headers")
        var arguments = ["-s", "-o", bodyFile.path, "-D", headerFile.path, "-w", "%{http_code}"]
        for header in headers { arguments += ["-H", header] }
        if chunked { arguments += ["-H", "Transfer-Encoding: chunked"] }
        if let body {
            let input = folder.appendingPathComponent("\(call).in")
            try body.write(to: input)
            arguments += [
                "-X", "POST", "-H", "Content-Type: application/octet-stream", "--data-binary", "@\(input.path)",
            ]
        }
        for (index, field) in form.enumerated() {
            let input = folder.appendingPathComponent("\(call).field\(index)")
            try field.data.write(to: input)
            arguments += ["-F", "\(field.name)=@\(input.path);filename=\(field.filename)"]
        }
        arguments.append("http://127.0.0.1:\(port ?? self.port)\(path)")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = arguments
        let output = Pipe()
        curl.standardOutput = output
        curl.standardError = FileHandle.nullDevice
        try curl.run()
        let written = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        defer {
            for file in [bodyFile, headerFile] { try? FileManager.default.removeItem(at: file) }
        }
        // The last block of headers is the answer's (after any 100 Continue).
        let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        let block = headerText.components(separatedBy: "\r\n\r\n").last { !$0.isEmpty } ?? ""
        var parsed: [String: String] = [:]
        for line in block.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(
            status: Int(String(decoding: written, as: UTF8.self)) ?? 0, headers: parsed,
            body: (try? Data(contentsOf: bodyFile)) ?? Data(), curlStatus: curl.terminationStatus)
    }

    /// The value of an unlabelled metric (`richpreview_busy_workers`) or of one with labels
    /// (`richpreview_rejections_total{reason="queue_full"}`); nil when it is not there.
    func metric(_ name: String) throws -> Double? {
        let text = try call("/metrics").text
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    /// Waits (a bounded number of polls of /metrics) until a worker is busy; false when none got busy.
    func waitForBusyWorker() throws -> Bool {
        for _ in 0..<1200 {
            if try metric("richpreview_busy_workers") ?? 0 >= 1 { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

/// A call made on another thread, waited for with `value`.
final class InBackground<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var result: Value?

    init(_ body: @escaping @Sendable () -> Value) {
        group.enter()
        Thread { [self] in
            result = body()
            group.leave()
        }.start()
    }

    var value: Value {
        group.wait()
        return result!
    }
}
