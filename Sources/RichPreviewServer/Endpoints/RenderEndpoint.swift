import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering

/// `POST /v1/render?state=banner|expanded&appearance=light|dark&scale=1|2|3&width=PT`: a
/// `multipart/form-data` body with a `payload` field and, optionally, an `attachment` field (the
/// file the payload's attachment URL names; its file name declares its type); the notification as
/// `render --format png` draws it. The payload's attachment URL is never followed: only the bytes
/// sent are drawn.
struct RenderEndpoint: Sendable {
    var limits: ImageLimits
    var fonts: @Sendable () throws(FontError) -> FontSet
    var metrics: ServiceMetrics

    func answer(_ request: ServerRequest) throws(EndpointError) -> ServerResponse {
        guard request.header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") == true else {
            throw .badRequest("send multipart/form-data with a payload field and an optional attachment field")
        }
        guard !request.formInvalid else { throw .badRequest("the form body cannot be read") }
        let fields = request.fields
        guard let payload = fields.last(where: { $0.name == "payload" }) else {
            throw .badRequest("the form has no payload field")
        }
        let attachment = fields.last { $0.name == "attachment" }
        let state = try Self.choice(request, "state", CardState.allCases, default: .expanded)
        let appearance = try Self.choice(request, "appearance", Appearance.allCases, default: .light)
        let width = try Self.number(request, "width", 200...1024, default: 375)
        let scale = try Self.number(request, "scale", 1...3, default: DevicePreset.scale(forWidth: width))
        let set: FontSet
        do {
            set = try fonts()
        } catch {
            throw EndpointError(status: 503, kind: "not-ready", message: "no fonts to draw with: \(error)")
        }
        let clock = ContinuousClock()
        let started = clock.now
        let drawn: NotificationRenderer.Rendered<Data>
        do {
            drawn = try NotificationRenderer(limits: limits).png(
                payload: payload.data, attachment: attachment?.data,
                attachmentName: attachment?.filename.flatMap { $0.isEmpty ? nil : $0 } ?? "attachment", state: state,
                width: width, scale: scale, appearance: appearance, fonts: set)
        } catch {
            switch error {
            case .invalidPayload(let findings):
                return .problem(422, "invalid-payload", error.description, findings: findings)
            case .movieFrame:
                return .problem(422, "over-limit", error.description)
            case .fonts:
                throw EndpointError(status: 503, kind: "not-ready", message: error.description)
            case .picture:
                return .problem(422, "not-drawable", error.description)
            case .cancelled:
                throw EndpointError(status: 503, kind: "cancelled", message: error.description)
            }
        }
        metrics.observe(.render, seconds: (clock.now - started) / .seconds(1))
        let errors = drawn.findings.filter { $0.severity == .error }.count
        return ServerResponse(
            status: 200, contentType: "image/png", body: drawn.output,
            headers: [
                ("RichPreview-Findings", "\(drawn.findings.count)"), ("RichPreview-Errors", "\(errors)"),
            ])
    }

    static func choice<Value: RawRepresentable<String>>(
        _ request: ServerRequest, _ name: String, _ values: [Value], default value: Value
    ) throws(EndpointError) -> Value {
        guard let given = request.arguments(name).last else { return value }
        guard let chosen = Value(rawValue: given) else {
            throw .badRequest(
                "\(name) must be one of \(values.map(\.rawValue).joined(separator: ", ")), not '\(given)'")
        }
        return chosen
    }

    static func number(_ request: ServerRequest, _ name: String, _ range: ClosedRange<Int>, default value: Int)
        throws(EndpointError) -> Int
    {
        guard let given = request.arguments(name).last else { return value }
        guard let number = Int(given), range.contains(number) else {
            throw .badRequest(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(given)'")
        }
        return number
    }
}
