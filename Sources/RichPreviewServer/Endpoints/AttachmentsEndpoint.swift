import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering

/// `POST /v1/attachments?fit=WxH[&fit=WxH…][&format=jpeg|png][&quality=Q][&mode=fit|fill|stretch]`:
/// an image checked as iOS checks an attachment and scaled into every box from the one decode that
/// checks it (`AttachmentInspector.inspect(bytes:name:options:scalingTo:)`). One box answers the
/// image; several answer `multipart/mixed`: the report as JSON, then one image per box in order.
struct AttachmentsEndpoint: Sendable {
    var limits: ImageLimits
    var metrics: ServiceMetrics

    /// The report part: the attachment's `inspect --json` entry and each output's `scale --json`
    /// report.
    struct Report: Encodable {
        var attachment: InspectedAttachment
        var outputs: [ScaleOutputReport]
    }

    /// The most boxes one request may ask for.
    static let maximumBoxes = 8

    func answer(_ request: ServerRequest) throws(EndpointError) -> ServerResponse {
        let body = request.body
        guard !body.isEmpty else { throw .badRequest("the body is empty: send the image's bytes") }
        let requests = try scaleRequests(request)
        let format = try request.arguments("format").last.map { (name) throws(EndpointError) -> OutputFormat in
            switch name {
            case "jpeg", "jpg": return .jpeg
            case "png": return .png
            default: throw .badRequest("format must be jpeg or png, not '\(name)'")
            }
        }
        let quality = try Self.quality(request)
        let name = AttachmentQuery.name(request)
        let scaled = AttachmentInspector(limits: AttachmentLimits()).inspect(
            bytes: body, name: name, options: try AttachmentQuery.options(request), scalingTo: requests)
        let entry = AttachmentQuery.entry(scaled.report, name: name)
        guard scaled.report.isValid else {
            return .refused(
                Problem(status: 422, kind: "attachment-refused", message: scaled.report.error?.reason ?? "refused"),
                attachment: entry)
        }
        guard let images = scaled.images else {
            let reason =
                scaled.report.notDecodedReason
                ?? (scaled.report.kind == .image
                    ? "the image cannot be scaled into the boxes asked for" : "not an image: only images are scaled")
            return .refused(
                Problem(
                    status: 422, kind: scaled.report.notDecodedReason != nil ? "over-limit" : "not-scalable",
                    message: reason), attachment: entry)
        }
        if let first = images.reports.first { metrics.observe(.decode, seconds: first.decodeMilliseconds / 1000) }
        let clock = ContinuousClock()
        var outputs: [(data: Data, format: OutputFormat, box: String)] = []
        var reports: [ScaleOutputReport] = []
        for (index, image) in images.images.enumerated() {
            metrics.observe(.resample, seconds: images.reports[index].resampleMilliseconds / 1000)
            let started = clock.now
            let chosen = format ?? (image.isOpaque ? .jpeg : .png)
            let encoded: EncodedImage
            do {
                encoded = try ImageEncoder.encode(
                    image, as: chosen == .jpeg ? .jpeg(quality: quality) : .png(), iccProfile: images.iccProfile)
            } catch {
                throw EndpointError(status: 500, kind: "encode-failed", message: error.description)
            }
            let encodeTime = (clock.now - started) / .milliseconds(1)
            metrics.observe(.encode, seconds: encodeTime / 1000)
            let box = "\(requests[index].box.width)x\(requests[index].box.height)"
            outputs.append((encoded.data, chosen, box))
            reports.append(
                ScaleOutputReport(
                    input: name ?? "attachment", output: box, scale: images.reports[index], encoded: encoded,
                    encodeMilliseconds: encodeTime,
                    totalMilliseconds: images.reports[index].decodeMilliseconds
                        + images.reports[index].resampleMilliseconds + encodeTime))
        }
        if outputs.count == 1 {
            return ServerResponse(status: 200, contentType: Self.mediaType(outputs[0].format), body: outputs[0].data)
        }
        let report: String
        do {
            report = try ReportJSON.encode(Report(attachment: entry, outputs: reports))
        } catch {
            throw EndpointError(status: 500, kind: "internal", message: "the report could not be written: \(error)")
        }
        var parts = [MultipartMixed.Part(contentType: "application/json", name: "report", data: Data(report.utf8))]
        for output in outputs {
            parts.append(
                MultipartMixed.Part(
                    contentType: Self.mediaType(output.format),
                    name: "\(output.box).\(output.format == .jpeg ? "jpg" : "png")", data: output.data))
        }
        let message = MultipartMixed(parts: parts)
        return ServerResponse(status: 200, contentType: message.contentType, body: message.body)
    }

    /// One request per `fit`, with `mode` and the service's limits.
    func scaleRequests(_ request: ServerRequest) throws(EndpointError) -> [ScaleRequest] {
        let fits = request.arguments("fit")
        guard !fits.isEmpty else { throw .badRequest("give at least one fit=WxH, for example fit=1125x1125") }
        guard fits.count <= Self.maximumBoxes else {
            throw .badRequest("at most \(Self.maximumBoxes) fit boxes, not \(fits.count)")
        }
        var mode = ScaleMode.fit
        if let name = request.arguments("mode").last {
            guard let chosen = ScaleMode(rawValue: name) else {
                throw .badRequest(
                    "mode must be one of \(ScaleMode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
            }
            mode = chosen
        }
        var requests: [ScaleRequest] = []
        for fit in fits {
            let parts = fit.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0,
                width <= 16384, height <= 16384
            else { throw .badRequest("fit needs WxH with whole numbers from 1 to 16384, not '\(fit)'") }
            var scale = ScaleRequest(box: PixelSize(width: width, height: height))
            scale.mode = mode
            scale.limits = limits
            scale.threads = 1
            if mode != .fit, scale.box.pixelCount > limits.maxPixels {
                throw .badRequest(
                    "fit \(fit) with mode \(mode.rawValue) is over the pixel limit of \(limits.maxPixels)")
            }
            requests.append(scale)
        }
        return requests
    }

    /// `quality=Q`, 1 to 100; 85 by default.
    static func quality(_ request: ServerRequest) throws(EndpointError) -> Int {
        guard let text = request.arguments("quality").last else { return 85 }
        guard let quality = Int(text), (1...100).contains(quality) else {
            throw .badRequest("quality must be a whole number from 1 to 100, not '\(text)'")
        }
        return quality
    }

    static func mediaType(_ format: OutputFormat) -> String {
        format == .jpeg ? "image/jpeg" : "image/png"
    }
}
