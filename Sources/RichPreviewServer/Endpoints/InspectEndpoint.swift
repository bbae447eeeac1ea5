import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering

/// `POST /v1/inspect`: an attachment's bytes, checked as `inspect --json` checks a file: its
/// entry, 200 whether iOS takes it or not (`valid` says), 422 when its image is over the pixel or
/// memory limits and so was not decoded.
struct InspectEndpoint: Sendable {
    var limits: ImageLimits

    func answer(_ request: ServerRequest) throws(EndpointError) -> ServerResponse {
        let body = request.body
        guard !body.isEmpty else { throw .badRequest("the body is empty: send the attachment's bytes") }
        let options = try AttachmentQuery.options(request)
        let name = AttachmentQuery.name(request)
        let report = AttachmentInspector.decodingImages(limits: limits).inspect(
            bytes: body, name: name, options: options)
        let entry = AttachmentQuery.entry(report, name: name)
        if let reason = report.notDecodedReason {
            return .refused(Problem(status: 422, kind: "over-limit", message: reason), attachment: entry)
        }
        return .json(entry)
    }
}

/// A 422 for an attachment iOS refuses or one over the limits, with the attachment's entry.
struct RefusedAttachment: Encodable {
    var error: Problem
    var attachment: InspectedAttachment
}

extension ServerResponse {
    /// A 422 saying why the attachment `entry` cannot be used.
    static func refused(_ problem: Problem, attachment entry: InspectedAttachment) -> ServerResponse {
        var response = json(RefusedAttachment(error: problem, attachment: entry), status: problem.status)
        response.problemKind = problem.kind
        return response
    }
}

/// The query arguments the attachment endpoints share: `name` (whose extension declares the
/// type, as a file's does) and `type-hint`.
enum AttachmentQuery {
    /// The name `?name=` gives the bytes, whose extension declares their type; nil when none is
    /// given, and then no type is declared (the bytes alone say what they are).
    static func name(_ request: ServerRequest) -> String? {
        request.arguments("name").last.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `inspect --json` entry of `report`, named as the request names the bytes (`attachment`
    /// when it does not).
    static func entry(_ report: AttachmentReport, name: String?) -> InspectedAttachment {
        var entry = InspectedAttachment(report)
        entry.path = name ?? "attachment"
        return entry
    }

    /// The options a service extension would create the attachment with.
    static func options(_ request: ServerRequest) throws(EndpointError) -> AttachmentOptions {
        var options = AttachmentOptions()
        if let hint = request.arguments("type-hint").last {
            guard !hint.isEmpty else { throw .badRequest("type-hint needs a UTI such as public.jpeg") }
            options.typeHint = hint
        }
        return options
    }
}
