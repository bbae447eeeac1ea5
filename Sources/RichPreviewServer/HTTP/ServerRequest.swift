import CRichPreviewHTTP
import Foundation

/// One HTTP request as the service sees it: method, path, headers, query arguments, the body and a
/// form's fields, all read by libmicrohttpd; answered once with `respond`.
final class ServerRequest: @unchecked Sendable {
    private let request: OpaquePointer

    /// The method, `GET` or `POST`.
    let method: String
    /// The path, without the query string.
    let path: String
    /// The client's address.
    let client: String
    /// When the request was handed over, its body whole.
    let received: ContinuousClock.Instant

    /// Keeps the shim's request until this object goes.
    init(_ request: OpaquePointer) {
        self.request = request
        crp_http_request_retain(request)
        method = String(cString: crp_http_request_method(request))
        path = String(cString: crp_http_request_path(request))
        client = String(cString: crp_http_request_client(request))
        received = ContinuousClock.now
    }

    deinit {
        crp_http_request_release(request)
    }

    /// The value of header `name` (any case); nil when absent.
    func header(_ name: String) -> String? {
        crp_http_request_header(request, name).map { String(cString: $0) }
    }

    /// The body over its limit: nothing of it was kept.
    var bodyTooLarge: Bool { crp_http_request_body_too_large(request) != 0 }

    /// Refused from its method and path before its body was read.
    var refusedEarly: Bool { crp_http_request_refused_early(request) != 0 }

    /// The bytes the client sent or announced.
    var bodyBytesReceived: UInt64 { crp_http_request_body_received(request) }

    /// Whether a form body could not be parsed.
    var formInvalid: Bool { crp_http_request_form_invalid(request) != 0 }

    /// The body, without a copy: it lives as long as this request's bytes do.
    var body: Data {
        var size = 0
        guard let bytes = crp_http_request_body(request, &size), size > 0 else { return Data() }
        crp_http_request_retain(request)
        let request = self.request
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes), count: size,
            deallocator: .custom { _, _ in crp_http_request_release(request) })
    }

    /// The query arguments in order, a key given without a value as an empty one.
    var arguments: [(key: String, value: String)] {
        (0..<crp_http_request_argument_count(request)).map { index in
            var key: UnsafePointer<CChar>?
            var value: UnsafePointer<CChar>?
            crp_http_request_argument(request, index, &key, &value)
            return (key.map { String(cString: $0) } ?? "", value.map { String(cString: $0) } ?? "")
        }
    }

    /// Every value of the query argument `key`, in order.
    func arguments(_ key: String) -> [String] {
        arguments.filter { $0.key == key }.map(\.value)
    }

    /// One field of a form body.
    struct FormField {
        var name: String
        var filename: String?
        var contentType: String?
        var data: Data
    }

    /// The fields of a `multipart/form-data` body, in order.
    var fields: [FormField] {
        (0..<crp_http_request_field_count(request)).map { index in
            var name: UnsafePointer<CChar>?
            var filename: UnsafePointer<CChar>?
            var type: UnsafePointer<CChar>?
            var data: UnsafePointer<UInt8>?
            var size = 0
            crp_http_request_field(request, index, &name, &filename, &type, &data, &size)
            return FormField(
                name: name.map { String(cString: $0) } ?? "", filename: filename.map { String(cString: $0) },
                contentType: type.map { String(cString: $0) },
                data: data.map { Data(bytes: $0, count: size) } ?? Data())
        }
    }

    /// Answers the request; false when it was already answered or its client has gone.
    @discardableResult
    func respond(_ response: ServerResponse) -> Bool {
        let names = response.headers.map { strdup($0.name) }
        let values = response.headers.map { strdup($0.value) }
        defer {
            names.forEach { free($0) }
            values.forEach { free($0) }
        }
        let namePointers = names.map { UnsafePointer($0) }
        let valuePointers = values.map { UnsafePointer($0) }
        return response.body.withUnsafeBytes { body in
            crp_http_respond(
                request, UInt32(response.status), namePointers, valuePointers, names.count,
                body.bindMemory(to: UInt8.self).baseAddress, body.count) != 0
        }
    }
}
