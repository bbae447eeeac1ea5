import Foundation
import RichPreview
import Testing

/// A curl command is recognised by a line that starts with `curl` (after a script's shebang,
/// comments, variables and options), whatever the line endings and the blanks around `curl`,
/// unless the file opens a JSON object or array; anything else is read as JSON.
struct CurlCommandRecognitionTests {
    static let body = #"{"aps": {"alert": "hi"}}"#

    @Test(arguments: [
        "curl -H 'apns-push-type: alert' -d '\(body)' https://x\n",
        "#!/bin/sh\n# send one\n\n   curl -H 'apns-push-type: alert' -d '\(body)' https://x\n",
        "#!/bin/sh\r\n\r\ncurl\t-H 'apns-push-type: alert' -d '\(body)' https://x\r\n",
        "curl \\\n  -H 'apns-push-type: alert' \\\n  -d '\(body)' https://x",
        "#!/bin/bash\nset -euo pipefail\nTOKEN=abc\n\ncurl -H 'apns-push-type: alert' -d '\(body)' https://x/$TOKEN\n",
    ])
    func curlCommandsAreRead(_ script: String) throws {
        let message = try ProviderMessage.decode(Data(script.utf8))
        #expect(message.provider == .request)
        let request = try #require(message.requests.first)
        #expect(request.headers.pushType == "alert")
        #expect(String(decoding: request.payload, as: UTF8.self) == Self.body)
    }

    @Test(arguments: ["curly -d '\(body)' https://x\n", "# curl -d '\(body)'\necho hi\n", "echo curl\n"])
    func otherScriptsAreNotCurlCommands(_ script: String) {
        #expect(throws: PayloadError.self) { try ProviderMessage.decode(Data(script.utf8)) }
    }

    /// A body posted from a shell variable is not expanded: said as such, not as bad JSON.
    @Test func aBodyInAShellVariableIsNamed() {
        let script = "PAYLOAD='\(Self.body)'\ncurl -H 'apns-push-type: alert' --data \"$PAYLOAD\" https://x\n"
        let report = PayloadDecoder().check(Data(script.utf8), file: "send.sh")
        #expect(
            report.findings.map(\.message).contains {
                $0.contains("it posts the shell variable $PAYLOAD, which is not expanded here")
            }, "\(report.findings)")
    }

    /// A file that opens a JSON object or array is JSON, even with a line starting with `curl`.
    @Test func jsonWithALineStartingWithCurlIsJSON() {
        let payload = PayloadDecoder().check(Data("{\"aps\": {\"alert\":\n\"curl\"}}\n".utf8), file: "p.json")
        #expect(payload.findings.isEmpty && payload.payload?.aps?.alert?.body == "curl", "\(payload.findings)")
        let array = PayloadDecoder().check(Data("[\ncurl -d x\n]\n".utf8), file: "p.json")
        #expect(array.findings.map(\.message).contains { $0.hasPrefix("not valid JSON") }, "\(array.findings)")
    }

    @Test func aPayloadIsStillAPayload() throws {
        let message = try ProviderMessage.decode(Data(Self.body.utf8))
        #expect(message.requests.map { String(decoding: $0.payload, as: UTF8.self) } == [Self.body])
    }
}
