import Foundation
import RichPreviewTestSupport
import Testing

/// `payload` on request files and provider messages, and `payload --to apns|simctl`, through the
/// built binary.
struct PayloadProviderCommandTests {
    static func fixture(_ name: String) -> String { TestPaths.packageFile("Tests/Fixtures/providers/\(name)").path }

    @Test func findingsPointIntoTheMessage() throws {
        let run = try ToolRun.binary(["payload", Self.fixture("fcm-v1-image.json"), Self.fixture("expo-messages.json")])
        #expect(run.status == 1)
        #expect(
            run.err.contains(
                "fcm-v1-image.json:7:7: error: message.notification.image: carries an attachment under 'fcm_options.image' but not mutable-content: 1"
            ), "\(run.err)")
        #expect(run.err.contains("expo-messages.json:15:21: error: [1].richContent.image:"), "\(run.err)")
        #expect(!run.err.contains("error: [0]."), "the first Expo message sets mutableContent: \(run.err)")
    }

    @Test func requestFileHeadersAreChecked() throws {
        let run = try ToolRun.binary(["payload", Self.fixture("request-background.json")])
        #expect(run.status == 1)
        #expect(
            run.err.contains(
                "request-background.json:2:47: error: headers.apns-priority: a background push at apns-priority 10"),
            "\(run.err)")
    }

    @Test func toAPNsPrintsTheRequestFile() throws {
        let run = try ToolRun.binary(["payload", "--to", "apns", Self.fixture("expo-messages.json")])
        #expect(run.status == 1, "the second message has an error: nothing is printed")
        #expect(run.out.isEmpty)
        let good = try ToolRun.binary([
            "payload", "--to", "apns", Self.fixture("fcm-v1-image.json"), "--provider", "fcm",
        ])
        #expect(good.status == 1)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = folder.appendingPathComponent("m.json")
        try Data(
            #"{"message": {"token": "t", "notification": {"title": "T", "body": "B"}, "apns": {"headers": {"apns-collapse-id": "c"}}}}"#
                .utf8
        ).write(to: message)
        let converted = try ToolRun.binary(["payload", "--to", "apns", message.path])
        #expect(converted.status == 0, "\(converted.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(converted.out.utf8)) as? [String: Any])
        let headers = try #require(object["headers"] as? [String: Any])
        #expect(headers["apns-collapse-id"] as? String == "c")
        #expect(headers["apns-priority"] as? Int == 10)
        let payload = try #require(object["payload"] as? [String: Any])
        let aps = try #require(payload["aps"] as? [String: Any])
        #expect(aps["alert"] as? [String: String] == ["title": "T", "body": "B"])
        // The request file reads back as the same request.
        let requestFile = folder.appendingPathComponent("request.json")
        try Data(converted.out.utf8).write(to: requestFile)
        let again = try ToolRun.binary(["payload", "--to", "apns", requestFile.path])
        #expect(again.out == converted.out)
    }

    @Test func toSimctlWritesTheTargetBundle() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = folder.appendingPathComponent("m.json")
        try Data(#"{"to": "ExpoPushToken[a]", "title": "T", "data": {"id": 1}}"#.utf8).write(to: message)
        let run = try ToolRun.binary(["payload", "--to", "simctl", "--bundle-id", "com.example.app", message.path])
        #expect(run.status == 0, "\(run.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["Simulator Target Bundle"] as? String == "com.example.app")
        #expect((object["body"] as? [String: Int]) == ["id": 1])
        let back = try ToolRun.binary(["payload", message.path])
        #expect(back.status == 0)
    }

    @Test func usageAndUnreadableInputs() throws {
        let twoFiles = try ToolRun.binary([
            "payload", "--to", "apns", Self.fixture("fcm-v1-image.json"), Self.fixture("fcm-v1-image.json"),
        ])
        #expect(twoFiles.status == 2)
        let unknown = try ToolRun.binary(["payload", "--provider", "sns", Self.fixture("fcm-v1-image.json")])
        #expect(unknown.status == 2)
        let wrong = try ToolRun.binary(["payload", "--provider", "expo", Self.fixture("fcm-v1-image.json")])
        #expect(wrong.status == 1)
        #expect(wrong.err.contains("1:1: error: not an Expo message: an Expo message needs 'to'"), "\(wrong.err)")
        #expect(wrong.out.isEmpty)
        let empty = try ToolRun.binary(["payload", "--to", "apns", "-"], standardInput: Data())
        #expect(empty.status == 1)
        #expect(empty.out.isEmpty)
        #expect(empty.err.split(separator: "\n").count == 1, "\(empty.err)")
        let endless = try ToolRun.binary(["payload", "--to", "apns", "-"], standardInputPath: "/dev/zero")
        #expect(endless.status == 1)
        #expect(endless.out.isEmpty)
    }
}

/// The commands that read a payload read a provider's message as the payload it sends.
struct ProviderMessageAcrossCommandsTests {
    static let message = TestPaths.packageFile("Tests/Fixtures/providers/fcm-v1-apns-image.json").path

    @Test func renderDrawsTheTextTheMessageSends() throws {
        let run = try ToolRun.binary(["render", Self.message])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Goal!"))
        #expect(run.out.contains("Rovers 2 – 1 United, 67'"))
        #expect(run.err.contains("fcm-v1-apns-image.json:7:49: note: message.apns.payload.aps.category:"), "\(run.err)")
    }

    /// An array of Expo messages draws every message, each its own push, grouped as iOS groups
    /// them (the last given on top); the findings, about every message, are reported once.
    @Test func renderOfAnArrayDrawsEveryMessageAsItsOwnPush() throws {
        let path = TestPaths.packageFile("Tests/Fixtures/providers/expo-messages.json").path
        let run = try ToolRun.binary(["render", path, "--format", "text"])
        #expect(run.status == 1, "the second message's image has no mutableContent")
        let first = try #require(run.out.range(of: "Arriving at 18:55"))
        let second = try #require(run.out.range(of: "Arriving at 18:40"))
        #expect(first.lowerBound < second.lowerBound, "the newest on top: \(run.out)")
        #expect(
            run.err.contains("note: the file holds 2 messages, each its own push: they are drawn as iOS groups them"))
        #expect(run.err.components(separatedBy: "[mutable-content-missing]").count == 2, "once: \(run.err)")
        #expect(run.err.contains("[1].richContent.image"), "\(run.err)")

        let output = try TestPaths.temporaryFolder().appendingPathComponent("stack.png").path
        let banner = try ToolRun.binary(["render", path, "--format", "png", "-o", output, "--state", "banner"])
        #expect(banner.status == 1 && FileManager.default.fileExists(atPath: output), "\(banner.err)")
    }

    @Test func inspectFindsTheImageFirebaseDownloads() throws {
        let run = try ToolRun.binary(["inspect", "--payload", Self.message])
        #expect(run.status == 0, "\(run.err)")
        #expect((run.out + run.err).contains("fcm_options.image: https://cdn.example.com/goals/67.jpg"))
    }

    @Test func reviewDrawsIt() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Self.message, toPath: folder.appendingPathComponent("goal.json").path)
        let page = folder.appendingPathComponent("page.html").path
        let run = try ToolRun.binary(["review", folder.path, "-o", page])
        #expect(run.status == 0, "\(run.err)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Goal!"))
    }

    /// An array of Expo messages gives one card per message (`FILE#N`), each with its own
    /// findings and drawn as iOS shows that push, and one stack of them.
    @Test func reviewDrawsEveryMessageOfAnArray() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: TestPaths.packageFile("Tests/Fixtures/providers/expo-messages.json").path,
            toPath: folder.appendingPathComponent("eta.json").path)
        let page = folder.appendingPathComponent("page.html").path
        let run = try ToolRun.binary(["review", folder.path, "-o", page, "--json"])
        #expect(run.status == 0, "\(run.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let cards = try #require(report["cards"] as? [[String: Any]])
        let file = folder.appendingPathComponent("eta.json").path
        #expect(cards.map { $0["file"] as? String } == [file + "#1", file + "#2"], "\(cards)")
        #expect(cards.map { $0["message"] as? Int } == [1, 2])
        // The first message has mutableContent: only the second is drawn without its image,
        // and only it carries the mutable-content error.
        #expect(cards.map { $0["errors"] as? Int } == [0, 1])
        #expect(cards[0]["drawnWithout"] is NSNull && cards[1]["drawnWithout"] is String, "\(cards)")
        let threads = try #require(report["threads"] as? [[String: Any]])
        #expect(threads.first?["files"] as? [String] == [file + "#2", file + "#1"])
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Arriving at 18:40") && html.contains("Arriving at 18:55"))
        #expect(html.contains("eta.json (message 2)"))
    }
}
