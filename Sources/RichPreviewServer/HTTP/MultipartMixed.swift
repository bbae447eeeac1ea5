import Foundation

/// A `multipart/mixed` body (RFC 2046): parts with their own content type and a name, between
/// boundaries no part contains.
struct MultipartMixed {
    struct Part {
        var contentType: String
        var name: String
        var data: Data
    }

    var parts: [Part]
    let boundary: String

    init(parts: [Part]) {
        self.parts = parts
        var boundary = "richpreview-" + UUID().uuidString
        while parts.contains(where: { $0.data.range(of: Data(boundary.utf8)) != nil }) {
            boundary = "richpreview-" + UUID().uuidString
        }
        self.boundary = boundary
    }

    var contentType: String { "multipart/mixed; boundary=\(boundary)" }

    var body: Data {
        var body = Data()
        for part in parts {
            body += Data("--\(boundary)\r\n".utf8)
            body += Data("Content-Type: \(part.contentType)\r\n".utf8)
            body += Data("Content-Disposition: inline; filename=\"\(part.name)\"\r\n".utf8)
            body += Data("Content-Length: \(part.data.count)\r\n\r\n".utf8)
            body += part.data
            body += Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return body
    }
}
