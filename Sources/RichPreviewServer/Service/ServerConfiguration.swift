import Foundation
import RichPreview
import RichPreviewImaging

/// How `richpreview serve` runs: where it listens, how much work it takes at once, and its limits.
/// Every field has a default and a `RICHPREVIEW_*` environment variable (`environment(_:)`); the
/// command line's flags override both.
public struct ServerConfiguration: Sendable, Equatable {
    /// The numeric address to listen on; 127.0.0.1 unless told otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 takes a free one (the start-up log line names it).
    public var port = 8080
    /// A port of its own for `GET /metrics`, on the same address; 0 takes a free one. When set,
    /// the main port no longer answers `/metrics`, so that a scraper's port can be kept from
    /// clients. Nil (the default) serves `/metrics` on the main port.
    public var metricsPort: Int?
    /// Requests worked on at once, each on its own thread.
    public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Requests that may wait for a worker; past `workers + queue` requests are answered 429.
    public var queue = 16
    /// The most bytes of an attachment or image body (`/v1/inspect`, `/v1/attachments`,
    /// `/v1/render`); 50 MB, iOS's largest attachment (a movie), by default.
    public var maxBody = 50_000_000
    /// Seconds a request may take from its body's arrival to its answer; past it, 503.
    public var timeout = 30.0
    /// Seconds SIGTERM waits for work in flight before answering what is left 503 and exiting.
    public var grace = 20.0
    /// Seconds a connection may stay idle, sending or receiving nothing, before it is closed.
    public var connectionTimeout = 10
    /// The most connections open at once.
    public var connectionLimit = 4096
    /// The pixel and memory limits of every decode, as `scale --max-pixels --max-memory` has them.
    public var imageLimits = ImageLimits()

    /// The defaults.
    public init() {}

    /// The body limit of `/v1/check`: a payload (64 KiB) with its headers around it.
    public static let checkBodyLimit = PayloadDecoder.parseLimit + 16 * 1024

    /// A setting the environment or a flag gives that cannot be used.
    public struct InvalidSetting: Error, Equatable, CustomStringConvertible {
        /// The variable or flag.
        public var name: String
        /// Why its value cannot be used.
        public var reason: String

        /// `name: reason`.
        public var description: String { "\(name): \(reason)" }
    }

    /// The environment variables read, each with the field it sets.
    public static let environmentNames = [
        "RICHPREVIEW_HOST", "RICHPREVIEW_PORT", "RICHPREVIEW_METRICS_PORT", "RICHPREVIEW_WORKERS", "RICHPREVIEW_QUEUE",
        "RICHPREVIEW_MAX_BODY",
        "RICHPREVIEW_TIMEOUT", "RICHPREVIEW_GRACE", "RICHPREVIEW_CONNECTION_TIMEOUT", "RICHPREVIEW_MAX_CONNECTIONS",
        "RICHPREVIEW_MAX_PIXELS", "RICHPREVIEW_MAX_MEMORY",
    ]

    /// The defaults with the `RICHPREVIEW_*` variables of `environment` applied.
    /// - Throws: `InvalidSetting` for a value out of range or not a number.
    public static func environment(_ environment: [String: String]) throws(InvalidSetting) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        for name in environmentNames {
            guard let value = environment[name] else { continue }
            try configuration.set(name, value)
        }
        return configuration
    }

    /// Sets the field the variable `name` names from `value`.
    /// - Throws: `InvalidSetting` for a value out of range or not a number.
    public mutating func set(_ name: String, _ value: String) throws(InvalidSetting) {
        func whole(_ range: ClosedRange<Int>) throws(InvalidSetting) -> Int {
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
                throw InvalidSetting(
                    name: name,
                    reason: "needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'")
            }
            return number
        }
        func seconds() throws(InvalidSetting) -> Double {
            guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number > 0, number <= 86_400 else {
                throw InvalidSetting(name: name, reason: "needs seconds over 0 and at most 86400, not '\(value)'")
            }
            return number
        }
        switch name {
        case "RICHPREVIEW_HOST":
            guard !value.isEmpty else { throw InvalidSetting(name: name, reason: "needs an address") }
            host = value
        case "RICHPREVIEW_PORT": port = try whole(0...65535)
        case "RICHPREVIEW_METRICS_PORT": metricsPort = try whole(0...65535)
        case "RICHPREVIEW_WORKERS": workers = try whole(1...256)
        case "RICHPREVIEW_QUEUE": queue = try whole(0...100_000)
        case "RICHPREVIEW_MAX_BODY": maxBody = try whole(1...(1 << 32))
        case "RICHPREVIEW_TIMEOUT": timeout = try seconds()
        case "RICHPREVIEW_GRACE": grace = try seconds()
        case "RICHPREVIEW_CONNECTION_TIMEOUT": connectionTimeout = try whole(1...3600)
        case "RICHPREVIEW_MAX_CONNECTIONS": connectionLimit = try whole(1...100_000)
        case "RICHPREVIEW_MAX_PIXELS": imageLimits.maxPixels = try whole(1...Int.max)
        case "RICHPREVIEW_MAX_MEMORY": imageLimits.maxMemory = try whole(1...(Int.max >> 20)) << 20
        default: throw InvalidSetting(name: name, reason: "is not a setting")
        }
    }
}
