import Foundation
import RichPreview
import Testing

/// A curl command is recognised by its first line that is not blank, a comment or a shebang,
/// whatever the line endings and the blanks around `curl`; anything else is read as JSON.
struct CurlCommandRecognitionTests {
    static let body = #"{"aps": {"alert": "hi"}}"#

    @Test(arguments: [
        "curl -H 'apns-push-type: alert' -d '\(body)' https://x\n",
        "#!/bin/sh\n# send one\n\n   curl -H 'apns-push-type: alert' -d '\(body)' https://x\n",
        "#!/bin/sh\r\n\r\ncurl\t-H 'apns-push-type: alert' -d '\(body)' https://x\r\n",
        "curl \\\n  -H 'apns-push-type: alert' \\\n  -d '\(body)' https://x",
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

    @Test func aPayloadIsStillAPayload() throws {
        let message = try ProviderMessage.decode(Data(Self.body.utf8))
        #expect(message.requests.map { String(decoding: $0.payload, as: UTF8.self) } == [Self.body])
    }
}
