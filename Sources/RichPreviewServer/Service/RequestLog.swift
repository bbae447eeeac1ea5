import Foundation
import Synchronization

/// One JSON line per answered request on standard error: time, client, method, path, status,
/// body bytes in and out, and milliseconds.
final class RequestLog: Sendable {
    private let lock = Mutex(())
    private let write: @Sendable (String) -> Void

    /// A log that hands each line to `write` (standard error by default).
    init(write: @escaping @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data(line.utf8)) }) {
        self.write = write
    }

    private struct Line: Encodable {
        var time: String
        var client: String
        var method: String
        var path: String
        var status: Int
        var bytesIn: UInt64
        var bytesOut: Int
        var milliseconds: Double
        var error: String?
    }

    /// A line for a request answered with `status`.
    func request(
        client: String, method: String, path: String, status: Int, bytesIn: UInt64, bytesOut: Int,
        milliseconds: Double, error: String?
    ) {
        emit(
            Line(
                time: Self.now(), client: client, method: method, path: path, status: status, bytesIn: bytesIn,
                bytesOut: bytesOut, milliseconds: (milliseconds * 100).rounded() / 100, error: error))
    }

    private struct Event: Encodable {
        var time: String
        var event: String
        var message: String
        var port: Int?
    }

    /// A line for something the service did: `listening` (with the port), `stopping`, `stopped`.
    func event(_ event: String, _ message: String, port: Int? = nil) {
        emit(Event(time: Self.now(), event: event, message: message, port: port))
    }

    private func emit<Value: Encodable>(_ value: Value) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return }
        let line = String(decoding: data, as: UTF8.self) + "\n"
        lock.withLock { _ in write(line) }
    }

    private static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }
}
