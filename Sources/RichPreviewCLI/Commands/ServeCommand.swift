import Foundation
import RichPreview
import RichPreviewServer

/// `richpreview serve`: the library as an HTTP service (`RichPreviewService`), configured by
/// `RICHPREVIEW_*` environment variables and flags that override them.
enum ServeCommand: Command {
    static let name = "serve"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Serve inspect, payload checks, attachment scaling and PNG rendering over HTTP.",
        discussion: """
            Endpoints: POST /v1/inspect, /v1/check, /v1/attachments, /v1/render; GET /health, /ready,
            /metrics (Prometheus text; on its own port with --metrics-port). Each setting also
            comes from an environment variable (RICHPREVIEW_HOST, _PORT, _METRICS_PORT, _WORKERS,
            _QUEUE, _MAX_BODY, _TIMEOUT, _GRACE, _CONNECTION_TIMEOUT, _MAX_CONNECTIONS, _MAX_PIXELS,
            _MAX_MEMORY); a flag wins over its variable. A request that finds every worker busy and the queue full is answered 429; a
            body over its limit 413; a request past --timeout 503. One JSON line per request goes to
            standard error. SIGTERM or SIGINT stops accepting, lets the work in flight finish within
            --grace seconds, and exits 0. No endpoint reads a file or fetches a URL a request names.
            """,
        options: settings.map(\.option) + CommonOptions.imageLimits(),
        positionals: []
    )

    /// Each flag with the environment variable it overrides; `ServerConfiguration.set` reads both.
    static let settings: [(option: Option<String?>, variable: String)] = [
        ("host", "ADDRESS", "RICHPREVIEW_HOST", "The numeric IPv4 or IPv6 address to listen on (default 127.0.0.1)."),
        ("port", "N", "RICHPREVIEW_PORT", "The port; 0 takes a free one (default 8080)."),
        (
            "metrics-port", "N", "RICHPREVIEW_METRICS_PORT",
            "Serve GET /metrics on this port alone, not on --port; 0 takes a free one (default: on --port)."
        ),
        ("workers", "N", "RICHPREVIEW_WORKERS", "Requests worked on at once (default: the number of cores)."),
        ("queue", "N", "RICHPREVIEW_QUEUE", "Requests that may wait for a worker before 429 (default 16)."),
        (
            "max-body", "BYTES", "RICHPREVIEW_MAX_BODY",
            "The largest body of /v1/inspect, /v1/attachments and /v1/render (default 50000000)."
        ),
        ("timeout", "S", "RICHPREVIEW_TIMEOUT", "Seconds a request may take before it is answered 503 (default 30)."),
        ("grace", "S", "RICHPREVIEW_GRACE", "Seconds SIGTERM waits for the work in flight (default 20)."),
        (
            "connection-timeout", "S", "RICHPREVIEW_CONNECTION_TIMEOUT",
            "Seconds a connection may stay idle before it is closed (default 10)."
        ),
        ("max-connections", "N", "RICHPREVIEW_MAX_CONNECTIONS", "The most connections open at once (default 4096)."),
    ].map { flag, placeholder, variable, help in
        (Option.value(flag, placeholder: placeholder, help: help), variable)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        var configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.environment(ProcessInfo.processInfo.environment)
        } catch {
            throw UsageError(error.description)
        }
        for setting in settings {
            guard let value = arguments[setting.option] else { continue }
            do {
                try configuration.set(setting.variable, value)
            } catch {
                throw UsageError("--\(setting.option.declaration.long): \(error.reason)")
            }
        }
        let limits = arguments.imageLimits()
        if arguments[CommonOptions.maxPixels] != nil { configuration.imageLimits.maxPixels = limits.maxPixels }
        if arguments[CommonOptions.maxMemory()] != nil { configuration.imageLimits.maxMemory = limits.maxMemory }
        do {
            try RichPreviewService(configuration: configuration).run()
        } catch {
            console.report(.error, file: nil, error.description)
            return .failure
        }
        return .success
    }
}
