import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `richpreview serve` as a client meets it: the built binary on a free port, called with curl.
@Suite(.serialized)
struct ServeCommandTests {
    /// A 3000×2000 JPEG of noise: a photo's work for the decoder and resampler, enough that a
    /// request to scale it is still running when the next call arrives.
    static let photo: Data = {
        var generator = SplitMix64(seed: 41)
        var pixels = [UInt8](repeating: 255, count: 3000 * 2000 * 4)
        for index in pixels.indices where index % 4 != 3 { pixels[index] = UInt8(truncatingIfNeeded: generator.next()) }
        let image = RGBAImage(size: PixelSize(width: 3000, height: 2000), pixels: pixels)
        return (try? ImageEncoder.encode(image, as: .jpeg(quality: 90)).data) ?? Data()
    }()

    /// A PNG whose header claims 30000×30000 pixels (900 MP) in 69 bytes.
    static let bomb: Data = {
        var header = Data()
        for side in [UInt32(30000), 30000] {
            header.append(contentsOf: withUnsafeBytes(of: side.bigEndian) { Array($0) })
        }
        header += Data([8, 2, 0, 0, 0])
        // A zlib stream of 100 zero bytes, stored.
        let stored = Data([0x78, 0x01, 0x01, 100, 0, 155, 255]) + Data(count: 100) + Data([0x00, 0x64, 0x00, 0x01])
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += PNGChunk.make("IHDR", header)
        png += PNGChunk.make("IDAT", stored)
        png += PNGChunk.make("IEND", Data())
        return png
    }()

    static let payload = Data(
        #"{"aps":{"alert":{"title":"Lunch","body":"Table for two at 1"},"mutable-content":1}}"#.utf8)

    /// A codec's library that cannot be loaded is reported with why, and the service stays ready:
    /// only the requests that need it fail.
    @Test func aMissingCodecIsReportedAndTheServiceStaysReady() throws {
        let service = try ServiceProcess(["--workers", "1"], environment: ["RICHPREVIEW_WEBP_LIBRARY": "libz.so.1"])
        let ready = try service.call("/ready")
        #expect(ready.status == 200)
        #expect(ready.json["ready"] as? Bool == true)
        let components = ready.json["components"] as? [[String: Any]] ?? []
        let webp = components.first { $0["name"] as? String == "libwebp" }
        #expect(webp?["loaded"] as? Bool == false && webp?["required"] as? Bool == false)
        #expect((webp?["problem"] as? String)?.contains("libwebp") == true, "\(String(describing: webp))")
        let fonts = components.first { ($0["name"] as? String)?.hasPrefix("fonts") == true }
        #expect(fonts?["required"] as? Bool == true)
    }

    @Test func healthReadyAndMetrics() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let health = try service.call("/health")
        #expect(health.status == 200)
        #expect(health.json["status"] as? String == "ok")
        let ready = try service.call("/ready")
        #expect(ready.status == 200)
        #expect(ready.json["ready"] as? Bool == true)
        let components = ready.json["components"] as? [[String: Any]] ?? []
        #expect(components.contains { $0["name"] as? String == "FriBidi" && $0["loaded"] as? Bool == true })
        // The optional libraries are reported, each loaded here, none of them required.
        for name in ["Little CMS", "libwebp", "libheif", "FFmpeg", "ISA-L", "ICU"] {
            let component = components.first { $0["name"] as? String == name }
            #expect(component?["loaded"] as? Bool == true && component?["required"] as? Bool == false, "\(name)")
        }
        #expect(try service.call("/nowhere").status == 404)
        // GET endpoints take no body; a POST without one is the wrong method.
        #expect(try service.call("/health", body: Data("x".utf8)).status == 413)
        let wrongMethod = try service.call("/health", body: Data())
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET")
        let metrics = try service.call("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = metrics.text
        #expect(text.contains("richpreview_requests_total{endpoint=\"/health\",status=\"200\"} 1\n"))
        #expect(text.contains("richpreview_requests_total{endpoint=\"other\",status=\"404\"} 1\n"))
        #expect(text.contains("richpreview_requests_total{endpoint=\"/health\",status=\"405\"} 1\n"))
        #expect(text.contains("# TYPE richpreview_request_duration_seconds histogram\n"))
        #expect(text.contains("richpreview_request_duration_seconds_count{endpoint=\"/ready\"} 1\n"))
        #expect(text.contains("richpreview_rejections_total{reason=\"queue_full\"} 0\n"))
        #expect(text.contains("richpreview_workers 1\n"))
        // Every line is a comment or a sample: a name, labels, a number.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            #expect(parts.count == 2 && Double(parts[1]) != nil, "\(line)")
        }
        // One JSON line per request on standard error, and the address is the loopback one.
        let lines = service.logLines
        #expect(lines.first?["message"] as? String == "serving on 127.0.0.1 port \(service.port)")
        #expect(lines.filter { $0["path"] as? String == "/health" && $0["status"] as? Int == 200 }.count == 1)
    }

    @Test func inspect() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let jpeg = try Data(contentsOf: TestPaths.fixture("jpeg/baseline.jpg"))
        let answer = try service.call("/v1/inspect?name=photo.jpg", body: jpeg)
        #expect(answer.status == 200)
        #expect(answer.json["kind"] as? String == "image")
        #expect(answer.json["format"] as? String == "jpeg")
        #expect(answer.json["width"] as? Int == 64)
        #expect(answer.json["valid"] as? Bool == true)
        #expect(answer.json["path"] as? String == "photo.jpg")
        // A name whose extension declares another type: iOS refuses it, and the entry says so.
        let misnamed = try service.call("/v1/inspect?name=photo.mp3", body: jpeg)
        #expect(misnamed.status == 200)
        #expect(misnamed.json["valid"] as? Bool == false)
        #expect(misnamed.json["errorKind"] as? String != nil)
        let bomb = try service.call("/v1/inspect", body: Self.bomb)
        #expect(bomb.status == 422)
        #expect((bomb.json["error"] as? [String: Any])?["kind"] as? String == "over-limit")
        #expect((bomb.json["attachment"] as? [String: Any])?["width"] as? Int == 30000)
        #expect(try service.call("/v1/inspect", body: Data()).status == 400)
    }

    @Test func check() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let plain = try service.call("/v1/check", body: Self.payload)
        #expect(plain.status == 200)
        let report = plain.json["report"] as? [String: Any] ?? [:]
        #expect(report["valid"] as? Bool == true)
        #expect(report["pushType"] as? String == "alert")
        let apns = plain.json["apns"] as? [String: Any] ?? [:]
        let sent = Data((apns["payload"] as? String ?? "").utf8)
        #expect(apns["bytes"] as? Int == sent.count)
        #expect((try? JSONSerialization.jsonObject(with: sent)) != nil)
        // A push request: its headers set the push type the payload is held to.
        let request = Data(
            #"{"headers":{"apns-push-type":"background","apns-priority":5},"payload":{"aps":{"alert":"hi"}}}"#.utf8)
        let pushed = try service.call("/v1/check", body: request)
        #expect(pushed.status == 200)
        let pushedReport = pushed.json["report"] as? [String: Any] ?? [:]
        #expect(pushedReport["pushType"] as? String == "background")
        let warnings = pushedReport["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.contains { $0["rule"] as? String == "push-type-mismatch" })
        let headers = (pushed.json["apns"] as? [String: Any])?["headers"] as? [String: String]
        #expect(headers?["apns-priority"] == "5")
        // Broken JSON is a report with its error, not a failed call; it has no APNs bytes.
        let broken = try service.call("/v1/check", body: Data(#"{"aps":{"alert":"hi""#.utf8))
        #expect(broken.status == 200)
        #expect((broken.json["report"] as? [String: Any])?["valid"] as? Bool == false)
        #expect(broken.json["apns"] == nil)
        // A header APNs refuses is a finding of the report, as `payload` gives it.
        let unknownType = try service.call(
            "/v1/check", body: Data(#"{"headers":{"apns-push-type":"sms"},"payload":{"aps":{}}}"#.utf8))
        #expect(unknownType.status == 200)
        let refused = (unknownType.json["report"] as? [String: Any])?["errors"] as? [[String: Any]] ?? []
        #expect(refused.contains { $0["rule"] as? String == "request-header-invalid" })
        // A provider's message is checked as the request the provider sends.
        let fcm = try service.call(
            "/v1/check",
            body: Data(#"{"message":{"token":"t","notification":{"title":"T","body":"B"}}}"#.utf8))
        #expect((fcm.json["report"] as? [String: Any])?["provider"] as? String == "fcm")
        let sentByFCM = (fcm.json["apns"] as? [String: Any])?["payload"] as? String ?? ""
        #expect(sentByFCM == #"{"aps":{"alert":{"body":"B","title":"T"}}}"#)
        #expect(try service.call("/v1/check?provider=sms", body: Self.payload).status == 400)
    }

    @Test func attachments() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let one = try service.call("/v1/attachments?fit=300x300", body: Self.photo)
        #expect(one.status == 200)
        #expect(one.headers["content-type"] == "image/jpeg")
        #expect(try ImageHeader.read(one.body).size == PixelSize(width: 300, height: 200))
        let several = try service.call("/v1/attachments?fit=1125x1125&fit=375x375&format=png", body: Self.photo)
        #expect(several.status == 200)
        let type = several.headers["content-type"] ?? ""
        #expect(type.hasPrefix("multipart/mixed; boundary="))
        let boundary = String(type.dropFirst("multipart/mixed; boundary=".count))
        let parts = Self.parts(of: several.body, boundary: boundary)
        #expect(parts.count == 3)
        #expect(parts.first?.headers.contains("Content-Type: application/json") == true)
        let report = (try? JSONSerialization.jsonObject(with: parts.first?.body ?? Data())) as? [String: Any] ?? [:]
        let outputs = report["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.map { $0["output"] as? String } == ["1125x1125", "375x375"])
        #expect((report["attachment"] as? [String: Any])?["valid"] as? Bool == true)
        if parts.count == 3 {
            #expect(try ImageHeader.read(parts[1].body).size == PixelSize(width: 1125, height: 750))
            #expect(try ImageHeader.read(parts[2].body).format == .png)
            #expect(try ImageHeader.read(parts[2].body).size == PixelSize(width: 375, height: 250))
        }
        let bomb = try service.call("/v1/attachments?fit=100x100", body: Self.bomb)
        #expect(bomb.status == 422)
        #expect((bomb.json["error"] as? [String: Any])?["kind"] as? String == "over-limit")
        #expect(try service.call("/v1/attachments", body: Self.photo).status == 400)
        #expect(try service.call("/v1/attachments?fit=0x10", body: Self.photo).status == 400)
        #expect(try service.call("/v1/attachments?fit=10x10&format=gif", body: Self.photo).status == 400)
    }

    @Test func render() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let jpeg = try Data(contentsOf: TestPaths.fixture("jpeg/baseline.jpg"))
        let drawn = try service.call(
            "/v1/render?state=expanded&appearance=dark&scale=2",
            form: [
                .init(name: "payload", data: Self.payload, filename: "payload.json"),
                .init(name: "attachment", data: jpeg, filename: "photo.jpg"),
            ])
        #expect(drawn.status == 200)
        #expect(drawn.headers["content-type"] == "image/png")
        let header = try ImageHeader.read(drawn.body)
        #expect(header.format == .png)
        #expect(header.size.width == 750)
        let banner = try service.call(
            "/v1/render?state=banner&scale=3",
            form: [.init(name: "payload", data: Self.payload, filename: "payload.json")])
        #expect(banner.status == 200)
        #expect(try ImageHeader.read(banner.body).size.width == 1125)
        let invalid = try service.call(
            "/v1/render", form: [.init(name: "payload", data: Data(#"{"aps":{"badge":"x"}}"#.utf8), filename: "p.json")]
        )
        #expect(invalid.status == 422)
        let error = invalid.json["error"] as? [String: Any] ?? [:]
        #expect(error["kind"] as? String == "invalid-payload")
        #expect(!(error["findings"] as? [Any] ?? []).isEmpty)
        #expect(try service.call("/v1/render", body: Self.payload).status == 400)
        #expect(
            try service.call(
                "/v1/render?state=sideways", form: [.init(name: "payload", data: Self.payload, filename: "p.json")]
            ).status == 400)
    }

    @Test func bodyLimits() throws {
        let service = try ServiceProcess(["--workers", "1", "--max-body", "1000"])
        let large = Data(repeating: 0xFF, count: 5000)
        let refused = try service.call("/v1/inspect", body: large)
        #expect(refused.status == 413)
        #expect((refused.json["error"] as? [String: Any])?["kind"] as? String == "body-too-large")
        // Without a Content-Length the body is counted as it comes, and dropped past the limit.
        #expect(try service.call("/v1/attachments?fit=10x10", body: large, chunked: true).status == 413)
        // /v1/check takes a payload and its headers: 80 KiB, whatever --max-body says.
        #expect(try service.call("/v1/check", body: Data(repeating: 0x20, count: 200_000)).status == 413)
        #expect(try service.metric("richpreview_rejections_total{reason=\"body_too_large\"}") == 3)
    }

    @Test func fullQueueIsAnswered429() throws {
        let service = try ServiceProcess(["--workers", "1", "--queue", "0"])
        let first = InBackground { try? service.call("/v1/attachments?fit=1125x1125&fit=375x375", body: Self.photo) }
        #expect(try service.waitForBusyWorker())
        let refused = try service.call("/v1/inspect", body: Self.photo)
        #expect(refused.status == 429)
        #expect(refused.headers["retry-after"] == "1")
        #expect((refused.json["error"] as? [String: Any])?["kind"] as? String == "queue-full")
        // Refused from its headers: the body was not read.
        let logged = service.logLines.first { $0["status"] as? Int == 429 }
        #expect(logged?["bytesIn"] as? Int == 0)
        #expect(first.value?.status == 200)
        #expect(try service.metric("richpreview_rejections_total{reason=\"queue_full\"}") == 1)
    }

    @Test func slowRequestIsAnswered503() throws {
        let service = try ServiceProcess(["--workers", "1", "--timeout", "0.001"])
        let late = try service.call("/v1/attachments?fit=1125x1125&fit=375x375", body: Self.photo)
        #expect(late.status == 503)
        #expect((late.json["error"] as? [String: Any])?["kind"] as? String == "timeout")
        #expect(try service.metric("richpreview_rejections_total{reason=\"timeout\"}") == 1)
    }

    @Test func sigtermFinishesTheWorkInFlight() throws {
        let service = try ServiceProcess(["--workers", "1", "--grace", "120"])
        let inFlight = InBackground { try? service.call("/v1/attachments?fit=1125x1125", body: Self.photo) }
        #expect(try service.waitForBusyWorker())
        #expect(service.stop(SIGTERM) == 0)
        let answer = inFlight.value
        #expect(answer?.status == 200)
        #expect(answer?.headers["content-type"] == "image/jpeg")
        let events = service.logLines.compactMap { $0["event"] as? String }
        #expect(events == ["listening", "stopping", "stopped"])
        #expect(service.logLines.contains { $0["path"] as? String == "/v1/attachments" && $0["status"] as? Int == 200 })
        // Nothing listens any more.
        #expect(try service.call("/health").curlStatus == 7)
    }

    /// `--metrics-port` serves `/metrics` on a port of its own and nothing else there; the main
    /// port answers `/metrics` 404 and counts its requests as before.
    @Test func metricsOnTheirOwnPort() throws {
        let service = try ServiceProcess(["--metrics-port", "0"])
        let metricsPort = try #require(service.loggedPort("metrics"), "\(service.log)")
        #expect(metricsPort != service.port)
        #expect(try service.call("/health").status == 200)
        #expect(try service.call("/metrics").status == 404)
        let metrics = try service.call("/metrics", port: metricsPort)
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(metrics.text.contains("richpreview_workers "))
        #expect(metrics.text.contains(#"endpoint="/health",status="200""#), "\(metrics.text)")
        #expect(try service.call("/health", port: metricsPort).status == 404)
        // Nothing there takes a body, as on the main port for a path that takes none.
        #expect(try service.call("/v1/check", body: Data("{}".utf8), port: metricsPort).status == 413)
        // A metrics port already taken stops the service before it serves, with the reason.
        let taken = try ToolRun.binary(["serve", "--port", "0", "--metrics-port", String(service.port)])
        #expect(taken.status == 1)
        #expect(taken.err.contains("metrics port"), "\(taken.err)")
        #expect(service.stop() == 0)
    }

    @Test func environmentConfigures() throws {
        let service = try ServiceProcess(
            [], environment: ["RICHPREVIEW_WORKERS": "3", "RICHPREVIEW_QUEUE": "5", "RICHPREVIEW_PORT": "1"])
        #expect(try service.metric("richpreview_workers") == 3)
        #expect(try service.metric("richpreview_queue_capacity") == 5)
        let invalid = try ToolRun.binary(["serve"], environment: ["RICHPREVIEW_WORKERS": "many"])
        #expect(invalid.status == 2)
        #expect(invalid.err.contains("RICHPREVIEW_WORKERS"))
        let flag = try ToolRun.binary(["serve", "--queue", "-1"])
        #expect(flag.status == 2)
        // A bad flag is named as the flag, a bad variable as the variable.
        #expect(flag.err.contains("--queue: needs a whole number"), "\(flag.err)")
        #expect(!flag.err.contains("RICHPREVIEW_QUEUE"))
    }

    /// The parts of a `multipart/mixed` body: each part's header lines and bytes.
    static func parts(of body: Data, boundary: String) -> [(headers: [String], body: Data)] {
        var parts: [(headers: [String], body: Data)] = []
        let delimiter = Data("--\(boundary)\r\n".utf8)
        var searchFrom = body.startIndex
        while let start = body.range(of: delimiter, in: searchFrom..<body.endIndex) {
            guard let end = body.range(of: Data("\r\n\r\n".utf8), in: start.upperBound..<body.endIndex) else { break }
            let headers = String(decoding: body[start.upperBound..<end.lowerBound], as: UTF8.self)
                .components(separatedBy: "\r\n")
            let length =
                headers.first { $0.hasPrefix("Content-Length: ") }.flatMap {
                    Int($0.dropFirst("Content-Length: ".count))
                } ?? 0
            let bytes = body[end.upperBound..<min(body.endIndex, end.upperBound + length)]
            parts.append((headers, Data(bytes)))
            searchFrom = bytes.endIndex
        }
        return parts
    }
}
