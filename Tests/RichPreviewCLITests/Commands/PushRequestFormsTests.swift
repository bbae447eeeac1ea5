import Foundation
import RichPreviewTestSupport
import Testing

/// One push request written three ways (a request file, the curl command that sends it, and the
/// payload with the headers as options) gives the same findings, each placed in its own file.
struct PushRequestFormsTests {
    static let payload = #"{"aps": {"content-available": 1, "badgee": 2}}"#

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The findings' rules and messages, without their places.
    static func findings(_ run: ToolRun) -> [String] {
        run.err.split(separator: "\n").map { line in
            let text = String(line)
            guard let range = text.range(of: #": (error|warning|note): "#, options: .regularExpression) else {
                return text
            }
            var message = String(text[range.upperBound...])
            // A key path is the file's own: the payload's, the request file's or none (curl, options).
            if let colon = message.range(of: ": "), !message[..<colon.lowerBound].contains(" ") {
                message = String(message[colon.upperBound...])
            }
            return String(text[range]) + message
        }.sorted()
    }

    @Test func requestFileCurlAndOptionsAgree() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = try Self.write(
            #"{"headers": {"apns-push-type": "background", "apns-priority": "10", "apns-topic": "com.example.shop.voip"}, "payload": "#
                + Self.payload + "}", "request.json", in: folder)
        let curl = try Self.write(
            """
            #!/bin/sh
            curl --http2 -H "apns-push-type: background" \\
              -H 'apns-priority: 10' -H "apns-topic: com.example.shop.voip" \\
              --data-raw '\(Self.payload)' \\
              "https://api.push.apple.com/3/device/$DEVICE"
            """, "push.curl", in: folder)
        let plain = try Self.write(Self.payload, "payload.json", in: folder)
        let fromRequest = try ToolRun.binary(["payload", request])
        let fromCurl = try ToolRun.binary(["payload", curl])
        let fromOptions = try ToolRun.binary([
            "payload", "--push-type", "background", "--priority", "10", "--topic", "com.example.shop.voip", plain,
        ])
        for run in [fromRequest, fromCurl, fromOptions] { #expect(run.status == 1, "\(run.err)") }
        let expected = Self.findings(fromOptions)
        #expect(expected.count == 3, "\(fromOptions.err)")
        #expect(expected.contains { $0.contains("[background-priority-high]") })
        #expect(expected.contains { $0.contains("[topic-push-type-mismatch]") })
        #expect(Self.findings(fromRequest) == expected, "\(fromRequest.err)")
        #expect(Self.findings(fromCurl) == expected, "\(fromCurl.err)")
        #expect(fromCurl.err.contains("push.curl:4:48: warning: aps.badgee:"), "\(fromCurl.err)")
    }

    @Test func curlCommandsThatCannotBeRead() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFile = try Self.write("curl -d @payload.json https://x\n", "file.curl", in: folder)
        let open = try Self.write("curl -d '{\"aps\": {}\n", "open.sh", in: folder)
        let broken = try Self.write(
            "curl -H 'apns-priority: 5' -d '{\"aps\": {' https://x\n", "broken.curl", in: folder)
        let run = try ToolRun.binary(["payload", fromFile, open, broken])
        #expect(run.status == 1)
        #expect(
            run.err.contains("file.curl:1:1: error: not an APNs request: it posts the file 'payload.json'"),
            "\(run.err)")
        #expect(run.err.contains("open.sh:1:1: error: not an APNs request: a quote opened on line 1 is never closed"))
        #expect(run.err.contains("broken.curl:1:41: error: not valid JSON at line 1, column 41"), "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 3)
    }
}
