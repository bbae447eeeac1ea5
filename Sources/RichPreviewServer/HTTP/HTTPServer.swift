import CRichPreviewHTTP
import Foundation

/// The HTTP/1.1 listener: libmicrohttpd behind the `CRichPreviewHTTP` shim. One polling thread
/// reads every connection; each request with its whole body (or one refused for its size) is handed
/// to `handler` on that thread, which answers it at once or keeps it and answers from another
/// thread. No HTTP is parsed here.
final class HTTPServer: @unchecked Sendable {
    /// What the server asks of its owner: a body limit per method and path, and each request.
    struct Routes: Sendable {
        var bodyLimit: @Sendable (_ method: String, _ path: String) -> Int
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
                body_limit: { context, method, path in
                    guard let context, let method, let path else { return 0 }
                    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
                    return max(0, server.routes.bodyLimit(String(cString: method), String(cString: path)))
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
