import Foundation
import RichPreviewTestSupport
import Testing

struct DeliverCommandTests {
    struct Shown: Decodable, Equatable {
        var id: String
        var title: String?
        var subtitle: String?
        var body: String?
        var category: String?
        var badge: Int?
        var sound: String?
        var replaced: Int
    }

    static func shown(_ run: ToolRun) throws -> [Shown] {
        try JSONDecoder().decode([Shown].self, from: Data(run.out.utf8))
    }

    static func fixture(_ name: String) -> String { TestPaths.fixture("payloads/\(name)").path }

    static func write(_ payloads: [String]) throws -> [String] {
        let folder = try TestPaths.temporaryFolder()
        return try payloads.enumerated().map { index, json in
            let url = folder.appendingPathComponent("push-\(index).json")
            try Data(json.utf8).write(to: url)
            return url.path
        }
    }

    @Test func silentPushesWithTheSameIdReplaceEachOther() throws {
        let run = ToolRun.inProcess([
            "deliver", "--json", Self.fixture("silent-hello.json"), Self.fixture("silent-goodbye.json"),
        ])
        #expect(run.status == 0)
        #expect(
            try Self.shown(run) == [Shown(id: "1", title: "Chat", body: "goodbye", category: "message", replaced: 1)])
    }

    @Test func voipPayloadsAreShownAndReplaced() throws {
        let voip = Self.fixture("voip-hello.json")
        let run = ToolRun.inProcess(["deliver", "--push-type", "voip", "--json", voip, voip])
        #expect(try Self.shown(run) == [Shown(id: "1", body: "hello world", replaced: 1)])
    }

    @Test func textModeListsTheNotificationsOldestFirst() throws {
        let paths = ["image", "audio"].map { TestPaths.packageFile("Resources/payloads/\($0)_category.json").path }
        let manifest = TestPaths.packageFile("Resources/categories.json").path
        let run = ToolRun.inProcess(
            ["deliver", "--categories", manifest] + paths + [Self.fixture("silent-hello.json")])
        #expect(run.status == 0)
        #expect(
            run.out.split(separator: "\n") == [
                "sample-image: 新图片 — 点开查看今天的风景照 [category image_category] {查看 | 忽略}",
                "sample-audio: 新语音 — 你收到一条语音消息 [category audio_category] {查看 | 忽略}",
                "1: hello world",
            ])
    }

    @Test func silentPushWithoutANotificationShowsNothingAndSaysSo() throws {
        let empty = Self.fixture("silent-empty.json")
        let text = ToolRun.inProcess(["deliver", empty])
        #expect(text.status == 0)
        #expect(text.out.isEmpty)
        #expect(text.err == "\(empty): silent push with no notification under 'payload': nothing shown\n")
        let json = ToolRun.inProcess(["deliver", "--json", empty])
        #expect(try Self.shown(json).isEmpty)
        #expect(json.err.isEmpty)
    }

    @Test func withoutAlertPermissionNothingIsShownAndTheReasonIsPrinted() throws {
        let run = ToolRun.inProcess([
            "deliver", "--json", "--authorized", "badge,sound", Self.fixture("silent-hello.json"),
            Self.fixture("voip-hello.json"),
        ])
        #expect(run.status == 0)
        #expect(try Self.shown(run).isEmpty)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("Attempting to schedule a local notification {identifier = 1"))
        #expect(
            lines[0].hasSuffix(
                "with an alert but haven't received permission from the user to display alerts [not-authorized]"))
        #expect(lines[1].contains("note: iOS shows nothing of remote notification 1: the user has not allowed alert"))
        #expect(
            ToolRun.inProcess(["deliver", "--json", "--authorized", "none", Self.fixture("voip-hello.json")]).out
                == "[\n\n]\n")
        #expect(ToolRun.inProcess(["deliver", "--authorized", "alerts", Self.fixture("voip-hello.json")]).status == 2)
    }

    @Test func idKeyAndGeneratedIds() throws {
        let paths = try Self.write([
            #"{"aps": {"alert": "a"}, "ref": "r1"}"#,
            #"{"aps": {"alert": "b"}}"#,
            #"{"aps": {"alert": "c"}, "ref": "r1"}"#,
            #"{"aps": {"alert": "d"}, "ref": 9}"#,
        ])
        let run = ToolRun.inProcess(["deliver", "--json", "--id-key", "ref"] + paths)
        #expect(try Self.shown(run).map(\.id) == ["notification-2", "r1", "9"])
        #expect(try Self.shown(run).map(\.replaced) == [0, 1, 0])
        let byDefault = ToolRun.inProcess(["deliver", "--json"] + paths)
        #expect(
            try Self.shown(byDefault).map(\.id) == [
                "notification-1", "notification-2", "notification-3", "notification-4",
            ])
    }

    @Test func payloadKeyNamesTheNestedNotification() throws {
        let paths = try Self.write([
            #"{"aps": {"content-available": 1}, "data": {"aps": {"alert": "nested"}, "id": "n"}}"#
        ])
        #expect(
            try Self.shown(ToolRun.inProcess(["deliver", "--json", "--payload-key", "data"] + paths)).map(\.body) == [
                "nested"
            ])
        #expect(try Self.shown(ToolRun.inProcess(["deliver", "--json"] + paths)).isEmpty)
    }

    @Test func invalidPayloadsFailButTheOthersStillDeliver() throws {
        let paths = try Self.write([#"{"aps": {"alert": "x"}, "id": {"a": 1}}"#])
        let run = ToolRun.inProcess([
            "deliver", "--json", Self.fixture("category-number.json"), Self.fixture("voip-hello.json"), paths[0],
            "/nonexistent",
        ])
        #expect(run.status == 1)
        #expect(try Self.shown(run).map(\.body) == ["hello world"])
        let lines = run.err.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("\(Self.fixture("category-number.json")):1:24: error: aps.category: ") })
        // Placed at the id's key, as the payload's own findings are.
        #expect(lines.contains { $0.hasPrefix("\(paths[0]):1:") && $0.contains(": error: id: ") })
        #expect(lines.contains { $0 == "/nonexistent: error: no such file [payload-unreadable]" })
    }

    @Test func seedScenariosThroughTheBinary() throws {
        let silent = try ToolRun.binary([
            "deliver", "--json", Self.fixture("silent-hello.json"), Self.fixture("silent-goodbye.json"),
        ])
        #expect(silent.status == 0)
        #expect(
            try Self.shown(silent) == [Shown(id: "1", title: "Chat", body: "goodbye", category: "message", replaced: 1)]
        )
        let voip = try ToolRun.binary(
            ["deliver", "--push-type", "voip", "-"],
            standardInput: try Data(contentsOf: TestPaths.fixture("payloads/voip-hello.json")))
        #expect(voip.out == "1: hello world\n")
        let denied = try ToolRun.binary(["deliver", "--authorized", "sound", Self.fixture("silent-hello.json")])
        #expect(denied.out.isEmpty)
        #expect(denied.err.contains("haven't received permission from the user to display alerts"))
    }
}

extension DeliverCommandTests {
    struct Routed: Decodable {
        struct Action: Decodable, Equatable { var identifier: String; var title: String }
        var id: String
        var category: String?
        var registered: Bool?
        var actions: [Action]
    }

    @Test func registeredCategoriesBringTheirActionsAndOthersNone() throws {
        let payloads = ["image", "audio", "movie"].map {
            TestPaths.packageFile("Resources/payloads/\($0)_category.json").path
        }
        let manifest = TestPaths.packageFile("Resources/categories.json").path
        let withCategories = ToolRun.inProcess(["deliver", "--json", "--categories", manifest] + payloads)
        #expect(withCategories.status == 0)
        let routed = try JSONDecoder().decode([Routed].self, from: Data(withCategories.out.utf8))
        #expect(routed.map(\.id) == ["sample-image", "sample-audio", "sample-movie"])
        #expect(routed.allSatisfy { $0.registered == true })
        #expect(
            routed[0].actions == [
                .init(identifier: "imageconfirmaction", title: "查看"),
                .init(identifier: "imageconcelaction", title: "忽略"),
            ])

        let without = ToolRun.inProcess(["deliver", "--json"] + payloads)
        let unrouted = try JSONDecoder().decode([Routed].self, from: Data(without.out.utf8))
        #expect(unrouted.allSatisfy { $0.registered == false && $0.actions.isEmpty })

        let noCategory = try Self.write([#"{"aps":{"alert":"hi"}}"#])
        let plain = try JSONDecoder().decode(
            [Routed].self, from: Data(ToolRun.inProcess(["deliver", "--json"] + noCategory).out.utf8))
        #expect(plain.first?.registered == nil && plain.first?.category == nil)
    }

    @Test func aBadManifestIsAnErrorNamingIt() throws {
        let folder = try TestPaths.temporaryFolder()
        let manifest = folder.appendingPathComponent("categories.json")
        try Data(#"{"categories":[{"identifier":"x","actions":[{"identifier":"a","titel":"A"}]}]}"#.utf8).write(
            to: manifest)
        let run = ToolRun.inProcess([
            "deliver", "--categories", manifest.path,
            TestPaths.packageFile("Resources/payloads/image_category.json").path,
        ])
        #expect(run.status == 1)
        #expect(run.err.contains("categories.json: error: categories[0].actions[0]"))
    }
}
