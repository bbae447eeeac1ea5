import Foundation
import RichPreviewTestSupport
import Testing

struct PayloadCommandTests {
    struct Row: Decodable {
        var path: String
        var valid: Bool
        var pushType: String
        var bytes: Int?
        var limit: Int
        var silent: Bool
        var payload: [String: AnyDecodable]?
        var warnings: [Finding]
        var errors: [Finding]
    }

    struct Finding: Decodable, Equatable {
        var keyPath: String?
        var message: String
        var suggestion: String?
    }

    /// Decodes any JSON value, for the free-form `payload` object.
    struct AnyDecodable: Decodable {}

    static func rows(_ run: ToolRun) throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: Data(run.out.utf8))
    }

    static func fixture(_ name: String) -> String { TestPaths.fixture("payloads/\(name)").path }

    @Test func bundledPayloadsAreValidWithASummaryEach() throws {
        let paths = ["audio", "image", "movie"].map {
            TestPaths.packageFile("Resources/payloads/\($0)_category.json").path
        }
        let run = ToolRun.inProcess(["payload"] + paths)
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 3)
        for (line, path) in zip(lines, paths) {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(line.hasPrefix("\(path): valid alert push, \(size ?? -1) of 4096 bytes; "))
        }
        #expect(lines[1].contains("category image_category"))
    }

    @Test func jsonHasOneObjectPerFileWithTheDocumentedKeys() throws {
        let good = TestPaths.packageFile("Resources/payloads/image_category.json").path
        let run = ToolRun.inProcess([
            "payload", "--json", good, Self.fixture("category-number.json"), Self.fixture("typos.json"),
        ])
        #expect(run.status == 1)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
        let keys: Set = [
            "path", "valid", "provider", "headers", "pushType", "bytes", "limit", "silent", "payload", "warnings",
            "errors",
        ]
        #expect(objects.allSatisfy { Set($0.keys) == keys })
        let rows = try Self.rows(run)
        #expect(rows.map(\.valid) == [true, false, true])
        #expect(rows[0].bytes == (try Data(contentsOf: URL(fileURLWithPath: good))).count)
        #expect(rows[0].limit == 4096 && rows[0].pushType == "alert")
        #expect(rows[0].payload?["aps"] != nil && rows[0].payload?["id"] != nil)
        #expect(rows[1].payload == nil)
        #expect(Set(rows[1].errors.compactMap(\.keyPath)) == ["aps.category", "aps.badge"])
        #expect(
            rows[2].warnings.compactMap(\.keyPath).sorted() == [
                "aps.mutable_content", "aps.thread_id", "content_available",
            ])
        #expect(rows[2].warnings.first { $0.keyPath == "aps.mutable_content" }?.suggestion == "mutable-content")
        #expect(run.err.isEmpty)
    }

    @Test func errorsAndWarningsAreOneLineEachOnStandardError() throws {
        let bad = Self.fixture("category-number.json")
        let run = ToolRun.inProcess(["payload", bad, Self.fixture("typos.json")])
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(bad):1:24: error: aps.category: ") })
        #expect(lines.contains { $0.hasPrefix("\(bad):1:39: error: aps.badge: ") })
        #expect(
            lines.contains {
                $0.hasPrefix("\(Self.fixture("typos.json")):5:9: warning: aps.thread_id: ") && $0.contains("thread-id")
            })
        #expect(run.out.split(separator: "\n").count == 1)
    }

    @Test func warningsAloneExitZero() {
        let run = ToolRun.inProcess(["payload", Self.fixture("typos.json")])
        #expect(run.status == 0)
        #expect(run.err.split(separator: "\n").count == 3)
    }

    @Test func standardInputAndUnreadableFiles() throws {
        let run = ToolRun.inProcess(
            ["payload", "--json", "-", "/nonexistent.json"],
            standardInput: Data(#"{"aps":{"content-available":1}}"#.utf8))
        #expect(run.status == 1)
        let rows = try Self.rows(run)
        #expect(rows[0].path == "<stdin>" && rows[0].valid && rows[0].silent && rows[0].pushType == "background")
        #expect(rows[1].valid == false && rows[1].bytes == nil)
        #expect(rows[1].errors == [Finding(keyPath: nil, message: "no such file", suggestion: nil)])
    }

    @Test func pushTypeSetsTheLimit() throws {
        let folder = try TestPaths.temporaryFolder()
        let file = folder.appendingPathComponent("big.json")
        let head = #"{"aps":{"alert":"x"},"pad":""#
        try Data((head + String(repeating: "a", count: 5000 - head.count - 2) + #""}"#).utf8).write(to: file)
        let alert = ToolRun.inProcess(["payload", file.path])
        #expect(alert.status == 1)
        #expect(alert.err.contains("5000 bytes, over the 4096-byte limit"))
        let voip = ToolRun.inProcess(["payload", "--push-type", "voip", "--json", file.path])
        #expect(voip.status == 0)
        #expect(try Self.rows(voip).first?.limit == 5120)
        #expect(ToolRun.inProcess(["payload", "--push-type", "liveactivity", file.path]).status == 1)
        #expect(ToolRun.inProcess(["payload", "--push-type", "live-activity", file.path]).status == 2)
    }

    @Test(
        arguments: TestPaths.corpusFiles("real-world/payloads", extension: "json")
            + TestPaths.corpusFiles("real-world/payloads", extension: "apns"))
    func corpusThroughTheCommand(name: String) throws {
        let path = try #require(TestPaths.corpusFolder("real-world/payloads")).appendingPathComponent(name).path
        let run = ToolRun.inProcess(["payload", path])
        let malformed = run.err.contains("error: not valid JSON at line ")
        #expect(run.status == (malformed ? 1 : 0), "\(run.err)")
        #expect(malformed == !run.out.hasPrefix("\(path): valid "))
    }

    @Test func throughTheBinary() throws {
        let run = try ToolRun.binary([
            "payload", Self.fixture("silent-hello.json"), Self.fixture("category-number.json"),
        ])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("\(Self.fixture("silent-hello.json")): valid silent background push, "))
        #expect(run.out.contains("carries a notification under 'payload'"))
        #expect(
            run.err.contains(
                "category-number.json:1:24: error: aps.category: expected a non-empty string, found number 7"))
    }
}
