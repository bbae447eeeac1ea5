import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewSystem
import Synchronization

/// `richpreview serve`: the library's checks, scaling and rendering over HTTP. Requests are read by
/// libmicrohttpd's polling thread and worked on by a bounded pool; a full pool answers 429, a body
/// over its limit 413, a request past its time 503. SIGTERM or SIGINT stops accepting, lets the work
/// in flight finish within the grace period, answers what is left 503 and returns.
public final class RichPreviewService: Sendable {
    /// The settings the service runs with.
    public let configuration: ServerConfiguration
    private let metrics = ServiceMetrics()
    private let log: RequestLog
    private let readiness = Readiness()
    private let pool: WorkerPool
    private let pending = Mutex<[ObjectIdentifier: ServerRequest]>([:])
    private let stopping = Atomic<Bool>(false)

    /// A service with `configuration` that logs one JSON line per request through `log` (standard
    /// error by default).
    public init(
        configuration: ServerConfiguration,
        log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.configuration = configuration
        self.log = RequestLog(write: log)
        pool = WorkerPool(workers: configuration.workers, queue: configuration.queue)
    }

    /// Why the service did not start.
    public struct StartError: Error, CustomStringConvertible {
        /// One line for users.
        public var description: String
    }

    /// Listens and serves until SIGTERM or SIGINT, then stops as the type's summary says.
    /// - Throws: `StartError` when the address cannot be listened on.
    public func run() throws(StartError) {
        let signals = SignalPipe.install()
        let server: HTTPServer
        do {
            server = try HTTPServer(
                host: configuration.host, port: configuration.port, connectionTimeout: configuration.connectionTimeout,
                connectionLimit: configuration.connectionLimit,
                routes: HTTPServer.Routes(
                    admit: { [self] method, path in
                        // A full pool refuses a request before its body is read: the client
                        // does not send it (with Expect: 100-continue) or it is not kept.
                        (bodyLimit(method: method, path: path), isWork(method: method, path: path) && pool.isFull)
                    },
                    handler: { [self] request in handle(request, on: .main) }))
        } catch {
            throw StartError(description: error.description)
        }
        log.event("listening", "serving on \(configuration.host) port \(server.port)", port: server.port)
        var metricsServer: HTTPServer?
        if let metricsPort = configuration.metricsPort {
            do {
                metricsServer = try HTTPServer(
                    host: configuration.host, port: metricsPort, connectionTimeout: configuration.connectionTimeout,
                    connectionLimit: 64,
                    routes: HTTPServer.Routes(
                        admit: { _, _ in (0, false) }, handler: { [self] request in handle(request, on: .metrics) }))
            } catch {
                server.stop()
                throw StartError(description: "metrics port: \(error.description)")
            }
            if let metricsServer {
                log.event(
                    "metrics", "metrics on \(configuration.host) port \(metricsServer.port)", port: metricsServer.port)
            }
        }
        // The libraries and fonts are loaded now, off the polling thread, so that /ready is quick.
        let warmUp = JoinableThread { [readiness] in _ = readiness.report }
        let signal = signals.wait()
        log.event("stopping", "signal \(signal): no new connections; finishing the work in flight")
        stopping.store(true, ordering: .sequentiallyConsistent)
        server.stopAccepting()
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(configuration.grace * 1000))
        while pool.running + pool.queued > 0, clock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let left = pending.withLock { $0.values.map { $0 } }
        for request in left {
            finish(
                request, endpoint: Self.endpointName(request.path),
                .problem(503, "shutting-down", "the service stopped before this request was done"))
        }
        // The answers are sent by the polling thread: stopping it before they are would lose them.
        let sent = max(deadline, clock.now + .seconds(2))
        while server.openRequests > 0, clock.now < sent {
            Thread.sleep(forTimeInterval: 0.01)
        }
        server.stop()
        metricsServer?.stop()
        warmUp?.join()
        // Workers still busy past the deadline are left to the process's exit.
        if left.isEmpty { pool.stop() }
        log.event("stopped", left.isEmpty ? "all work finished" : "\(left.count) requests answered 503 at the deadline")
    }

    // MARK: Routing

    private enum Route {
        case health, ready, metrics
        case work(@Sendable (ServerRequest) throws(EndpointError) -> ServerResponse)
    }

    /// Which listening port a request came in on.
    private enum Listener {
        /// `configuration.port`: every endpoint, `/metrics` too unless it has a port of its own.
        case main
        /// `configuration.metricsPort`: `/metrics` alone.
        case metrics
    }

    private func route(method: String, path: String, on listener: Listener) -> (route: Route?, allowed: String?) {
        let metricsHere = listener == .metrics || configuration.metricsPort == nil
        if listener == .metrics, path != "/metrics" { return (nil, nil) }
        let limits = configuration.imageLimits
        switch path {
        case "/health": return (method == "GET" ? .health : nil, "GET")
        case "/ready": return (method == "GET" ? .ready : nil, "GET")
        case "/metrics" where metricsHere: return (method == "GET" ? .metrics : nil, "GET")
        case "/v1/inspect":
            let endpoint = InspectEndpoint(limits: limits)
            return (
                method == "POST" ? .work { request throws(EndpointError) in try endpoint.answer(request) } : nil, "POST"
            )
        case "/v1/check":
            let endpoint = CheckEndpoint()
            return (
                method == "POST" ? .work { request throws(EndpointError) in try endpoint.answer(request) } : nil, "POST"
            )
        case "/v1/attachments":
            let endpoint = AttachmentsEndpoint(limits: limits, metrics: metrics)
            return (
                method == "POST" ? .work { request throws(EndpointError) in try endpoint.answer(request) } : nil, "POST"
            )
        case "/v1/render":
            let endpoint = RenderEndpoint(
                limits: limits, fonts: { [readiness] () throws(FontError) in try readiness.fonts() }, metrics: metrics)
            return (
                method == "POST" ? .work { request throws(EndpointError) in try endpoint.answer(request) } : nil, "POST"
            )
        default: return (nil, nil)
        }
    }

    /// The endpoint's name in metrics: its path, or `other` for an unknown one (so that a scan of
    /// paths cannot grow the metrics).
    static func endpointName(_ path: String) -> String {
        ["/health", "/ready", "/metrics", "/v1/inspect", "/v1/check", "/v1/attachments", "/v1/render"].contains(path)
            ? path : "other"
    }

    private func isWork(method: String, path: String) -> Bool {
        method == "POST" && ["/v1/inspect", "/v1/check", "/v1/attachments", "/v1/render"].contains(path)
    }

    private func bodyLimit(method: String, path: String) -> Int {
        guard method == "POST" else { return 0 }
        switch path {
        case "/v1/check": return ServerConfiguration.checkBodyLimit
        case "/v1/inspect", "/v1/attachments", "/v1/render": return configuration.maxBody
        default: return 0
        }
    }

    // MARK: Requests

    /// On a polling thread: answers at once, or hands the request to the pool.
    private func handle(_ request: ServerRequest, on listener: Listener) {
        let endpoint = Self.endpointName(request.path)
        pending.withLock { $0[ObjectIdentifier(request)] = request }
        if request.bodyTooLarge {
            metrics.rejected(.bodyTooLarge)
            let limit = bodyLimit(method: request.method, path: request.path)
            finish(
                request, endpoint: endpoint,
                .problem(
                    413, "body-too-large",
                    "the body has \(request.bodyBytesReceived) bytes; \(request.path) takes at most \(limit)",
                    headers: [("Connection", "close")]))
            return
        }
        if request.refusedEarly {
            refuseForFullQueue(request, endpoint: endpoint)
            return
        }
        let (route, allowed) = route(method: request.method, path: request.path, on: listener)
        guard let route else {
            if let allowed {
                finish(
                    request, endpoint: endpoint,
                    .problem(
                        405, "method-not-allowed", "\(request.path) takes \(allowed)", headers: [("Allow", allowed)]))
            } else {
                finish(request, endpoint: endpoint, .problem(404, "not-found", "no endpoint at \(request.path)"))
            }
            return
        }
        switch route {
        case .health:
            finish(request, endpoint: endpoint, .json(["status": "ok"]))
        case .ready:
            let report = readiness.report
            finish(request, endpoint: endpoint, .json(report, status: report.ready ? 200 : 503))
        case .metrics:
            let running = pool.running
            finish(
                request, endpoint: endpoint,
                .text(
                    metrics.text(
                        queued: pool.queued, running: running, workers: configuration.workers,
                        queueCapacity: configuration.queue, memoryBudget: running * configuration.imageLimits.maxMemory),
                    contentType: "text/plain; version=0.0.4; charset=utf-8"))
        case .work(let work):
            if stopping.load(ordering: .sequentiallyConsistent) {
                metrics.rejected(.shuttingDown)
                finish(
                    request, endpoint: endpoint,
                    .problem(503, "shutting-down", "the service is stopping", headers: [("Connection", "close")]))
                return
            }
            metrics.inFlight(1)
            let accepted = pool.submit { [self] in
                defer { metrics.inFlight(-1) }
                // A request answered 503 while it waited is not worked on.
                guard pending.withLock({ $0[ObjectIdentifier(request)] != nil }) else { return }
                metrics.observe(.queue, seconds: (ContinuousClock.now - request.received) / .seconds(1))
                let response: ServerResponse
                do throws(EndpointError) {
                    response = try work(request)
                } catch {
                    response = error.response
                }
                finish(request, endpoint: endpoint, response)
            }
            guard accepted else {
                metrics.inFlight(-1)
                refuseForFullQueue(request, endpoint: endpoint)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + configuration.timeout) { [self] in
                if finish(
                    request, endpoint: endpoint,
                    .problem(
                        503, "timeout", "the request took more than \(configuration.timeout) seconds",
                        headers: [("Retry-After", "1")]))
                {
                    metrics.rejected(.timeout)
                }
            }
        }
    }

    /// Answers 429: every worker is busy and the queue is full.
    private func refuseForFullQueue(_ request: ServerRequest, endpoint: String) {
        metrics.rejected(.queueFull)
        finish(
            request, endpoint: endpoint,
            .problem(
                429, "queue-full",
                "\(configuration.workers) workers and \(configuration.queue) queued requests are taken; try again",
                headers: [("Retry-After", "1")]))
    }

    /// Answers `request` unless it was answered already; logs it and counts it. True when this
    /// call answered it.
    @discardableResult
    private func finish(_ request: ServerRequest, endpoint: String, _ response: ServerResponse) -> Bool {
        guard pending.withLock({ $0.removeValue(forKey: ObjectIdentifier(request)) != nil }) else { return false }
        var response = response
        if stopping.load(ordering: .sequentiallyConsistent) { response.headers.append(("Connection", "close")) }
        request.respond(response)
        let seconds = (ContinuousClock.now - request.received) / .seconds(1)
        metrics.answered(endpoint, status: response.status, seconds: seconds)
        log.request(
            client: request.client, method: request.method, path: request.path, status: response.status,
            bytesIn: request.bodyBytesReceived, bytesOut: response.body.count, milliseconds: seconds * 1000,
            error: response.problemKind)
        return true
    }
}
