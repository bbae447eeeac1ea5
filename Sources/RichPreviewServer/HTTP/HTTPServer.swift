import CRichPreviewHTTP
import Foundation

/// The HTTP/1.1 listener: libmicrohttpd behind the `CRichPreviewHTTP` shim. One polling thread
/// reads every connection; each request with its whole body (or one refused for its size) is handed
/// to `handler` on that thread, which answers it at once or keeps it and answers from another
/// thread. No HTTP is parsed here.
final class HTTPServer: @unchecked Sendable {
    /// What the server asks of its owner: once a request's headers are read, the bytes its body
    /// may have and whether to refuse it before reading the body; then each request.
    struct Routes: Sendable {
        var admit: @Sendable (_ method: String, _ path: String) -> (bodyLimit: Int, refuse: Bool)
        var handler: @Sendable (ServerRequest) -> Void
    }

    private let routes: Routes
    private var handle: OpaquePointer?

    /// The port the server listens on.
    private(set) var port: Int = 0

    /// Why the server did not start: the address or the daemon's message.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts listening on `host` and `port` (0: a free one).
    init(
        host: String, port: Int, connectionTimeout: Int, connectionLimit: Int, routes: Routes
    ) throws(StartError) {
        self.routes = routes
        let context = Unmanaged.passUnretained(self).toOpaque()
        var message = [CChar](repeating: 0, count: 512)
        let started = host.withCString { host in
            var config = crp_http_config(
                host: host, port: UInt16(clamping: port), connection_timeout: UInt32(clamping: connectionTimeout),
                connection_limit: UInt32(clamping: connectionLimit),
                admit: { context, method, path, limit in
                    guard let context, let method, let path, let limit else { return 1 }
                    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
                    let admitted = server.routes.admit(String(cString: method), String(cString: path))
                    limit.pointee = max(0, admitted.bodyLimit)
                    return admitted.refuse ? 1 : 0
                },
                handler: { context, request in
                    guard let context, let request else { return }
                    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
                    server.routes.handler(ServerRequest(request))
                }, context: context)
            return crp_http_start(&config, &message, message.count)
        }
        guard let started else {
            throw StartError(description: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        handle = started
        self.port = Int(crp_http_port(started))
    }

    /// Requests begun and not yet completed: an answer not yet sent, or a body still coming.
    var openRequests: Int {
        guard let handle else { return 0 }
        return Int(crp_http_open_requests(handle))
    }

    /// Closes the listening socket; open connections go on.
    func stopAccepting() {
        if let handle { crp_http_stop_accepting(handle) }
    }

    /// Closes every connection and stops the polling thread; every kept request must have been
    /// answered.
    func stop() {
        if let handle { crp_http_stop(handle) }
        handle = nil
    }
}
