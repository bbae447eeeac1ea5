import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// The real-world payloads of the shared corpus and the bundled samples.
struct PayloadCorpusTests {
    /// File name → whether MANIFEST.tsv marks it MALFORMED.
    static let manifest: [String: Bool] = {
        guard let folder = TestPaths.corpusFolder("real-world"),
            let text = try? String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [:] }
        var rows: [String: Bool] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("payloads/") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let name = String(columns[0].dropFirst("payloads/".count))
            rows[name] = columns.count > 5 && columns[5].contains("MALFORMED")
        }
        return rows
    }()

    @Test(arguments: manifest.keys.sorted())
    func malformedFilesFailAsJSONAndTheOthersParse(name: String) throws {
        guard let folder = TestPaths.corpusFolder("real-world/payloads") else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let report = PayloadDecoder().check(data, file: name)
        if Self.manifest[name] == true {
            #expect(report.errors.count == 1)
            let error = try #require(report.errors.first)
            #expect(error.rule == "payload-unreadable" && error.file == name)
            #expect(error.line != nil && error.column != nil)
        } else {
            #expect(report.isValid, "\(report.errors)")
            #expect(report.payload?.aps?.alert != nil)
        }
    }

    @Test func corpusFieldsAreRead() throws {
        guard let folder = TestPaths.corpusFolder("real-world/payloads") else { return }
        func payload(_ name: String) throws -> APNsPayload {
            try #require(
                PayloadDecoder().check(try Data(contentsOf: folder.appendingPathComponent(name)), file: name).payload)
        }
        let relevance = try payload("DOCSNIPPET_unknown-design-doc__ios-apns-delivery_relevance-score.json")
        #expect(relevance.aps?.interruptionLevel == .timeSensitive)
        #expect(relevance.aps?.relevanceScore == 0.8)
        #expect(relevance.aps?.alert?.subtitle == "Your Daily Practice")
        if case .dictionary(let data)? = relevance.custom["data"] {
            #expect(data["assignment_id"] == .string("asg_789"))
        } else {
            Issue.record("custom key 'data' is not kept as an object")
        }
        let loc = try payload("DOCSNIPPET_unknown-spanish-slides__apple-example-loc-key.json")
        #expect(loc.aps?.alert?.locKey == "GAME_PLAY_REQUEST_FORMAT")
        #expect(loc.aps?.alert?.locArgs == ["Jenna", "Frank"])
        #expect(loc.aps?.sound == .named("chime.aiff"))
        let rocket = try payload("RocketChat__Rocket.Chat.ReactNative__push.apns")
        #expect(rocket.simulatorTargetBundle == "chat.rocket.ios")
        #expect(rocket.custom["Simulator Target Bundle"] == nil)
        guard case .string(let ejson)? = rocket.custom["ejson"] else {
            Issue.record("double-encoded ejson is not kept as a string")
            return
        }
        #expect(ejson.hasPrefix("{ \"host\""))
        let string = try payload("aivars__SimulatorPushNotifications__test.apns")
        #expect(string.aps?.alert == .text("Test drop"))
        #expect(string.aps?.badge == 3)
        let offer = try payload("DOCSNIPPET_unknown-spec__offer-payload_job_offer.json")
        #expect(offer.aps?.relevanceScore == 1)
        #expect(offer.aps?.mutableContent == true)
    }

    @Test(arguments: ["audio_category", "image_category", "movie_category"])
    func bundledPayloadsAreValidAndClean(name: String) throws {
        let url = TestPaths.packageFile("Resources/payloads/\(name).json")
        let report = try PayloadDecoder(pushType: .alert).decode(try Data(contentsOf: url), file: url.path)
        #expect(report.warnings.isEmpty)
        let aps = try #require(report.payload?.aps)
        #expect(aps.category == name)
        #expect(aps.mutableContent)
        #expect(aps.alert?.title?.isEmpty == false && aps.alert?.body?.isEmpty == false)
        #expect(report.payload?.custom["attachment-url"] != nil)
    }
}
