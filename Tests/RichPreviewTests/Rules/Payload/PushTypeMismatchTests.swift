import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PushTypeMismatch`: a case that triggers the rule and a near miss that must not.
struct PushTypeMismatchTests {
    @Test func triggers() {
        let report = PayloadDecoder(pushType: .background).check(
            Data(#"{"aps": {"alert": "x", "content-available": 1}}"#.utf8), file: "p")
        #expect(report.findings.contains { $0.rule == "push-type-mismatch" })
    }

    @Test func nearMissDoesNotTrigger() {
        let report = PayloadDecoder(pushType: .background).check(
            Data(#"{"aps": {"content-available": 1}}"#.utf8), file: "p")
        #expect(!report.findings.contains { $0.rule == "push-type-mismatch" })
    }

    /// A File Provider push is `{"container-identifier", "domain"}` and an MDM push `{"mdm"}`, both
    /// without `aps`: the documented bodies pass with no finding at all, and what they lack or
    /// carry besides is named at its key.
    @Test func fileProviderAndMDMBodies() throws {
        func findings(_ json: String, _ pushType: PushType) -> [Finding] {
            PayloadDecoder(pushType: pushType).check(Data(json.utf8), file: "p").findings
        }
        let fileProvider =
            #"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier", "domain": "d"}"#
        #expect(findings(fileProvider, .fileprovider).isEmpty, "\(findings(fileProvider, .fileprovider))")
        #expect(findings(#"{"mdm": "6B0A…"}"#, .mdm).isEmpty)
        let lacking = findings(#"{"domain": "", "aps": {"alert": "x"}}"#, .fileprovider)
        #expect(
            lacking.map(\.message) == [
                "a fileprovider push needs 'container-identifier', a non-empty string, at the top level (push type fileprovider)",
                "a fileprovider push needs 'domain', a non-empty string, at the top level (push type fileprovider)",
                "a fileprovider push signals the extension alone: iOS shows nothing of an 'aps' (push type fileprovider)",
            ], "\(lacking.map(\.message))")
        #expect(lacking.map(\.keyPath) == [nil, "domain", "aps"])
        #expect(lacking.allSatisfy { $0.rule == "push-type-mismatch" && $0.severity == .warning })
        let extra = findings(#"{"mdm": "m", "aps": {}}"#, .mdm)
        #expect(
            extra.map(\.message) == ["an mdm push carries its PushMagic under 'mdm' alone, not aps (push type mdm)"])
        #expect(
            findings(#"{}"#, .mdm).map(\.message) == [
                "an mdm push needs 'mdm', a non-empty string, at the top level (push type mdm)"
            ])
    }

    /// Location and complication pushes are handed to an extension or the watch app with no body
    /// Apple requires: neither an empty body nor one without `aps` is a finding.
    @Test func locationAndComplicationBodiesNeedNothing() {
        for pushType in [PushType.location, .complication] {
            for json in [#"{}"#, #"{"query": 1}"#] {
                let report = PayloadDecoder(pushType: pushType).check(Data(json.utf8), file: "p")
                #expect(report.findings.isEmpty, "\(pushType) \(json): \(report.findings)")
            }
        }
    }

    /// A Live Activity start carries an alert, which the person sees as the activity appears.
    @Test func aLiveActivityStartWithoutAnAlert() {
        let start =
            #"{"aps": {"timestamp": 1796576000, "event": "start", "attributes-type": "A", "attributes": {}, "content-state": {}"#
        let without = PayloadDecoder(pushType: .liveactivity).check(Data((start + "}}").utf8), file: "p")
        #expect(
            without.findings.map(\.message).contains(
                "a liveactivity start carries an alert, which the person sees as the activity appears (push type liveactivity)"
            ), "\(without.findings)")
        let with = PayloadDecoder(pushType: .liveactivity).check(
            Data((start + #", "alert": {"title": "T", "body": "B"}}}"#).utf8), file: "p")
        #expect(with.findings.isEmpty, "\(with.findings)")
    }

    /// ActivityKit's alert carries its own `sound`, and its title and body may be localized
    /// dictionaries: read as the loc-key forms, nothing reported.
    @Test func aLiveActivityAlertHasItsOwnShape() throws {
        let json =
            #"{"aps": {"timestamp": 1796576000, "event": "update", "content-state": {}, "alert": {"title": {"loc-key": "%@ scored", "loc-args": ["Ana"]}, "body": {"loc-key": "SCORE"}, "sound": "chime.aiff"}}}"#
        let report = PayloadDecoder(pushType: .liveactivity).check(Data(json.utf8), file: "p")
        #expect(report.findings.isEmpty, "\(report.findings)")
        let alert = try #require(report.payload?.aps?.alert)
        #expect(alert.titleLocKey == "%@ scored" && alert.titleLocArgs == ["Ana"] && alert.locKey == "SCORE")
        // Outside a Live Activity the same alert is wrong, as before.
        let plain = PayloadDecoder().check(
            Data(#"{"aps": {"alert": {"title": {"loc-key": "K"}, "sound": "x.aiff"}}}"#.utf8), file: "p")
        #expect(plain.findings.contains { $0.rule == "aps-type" })
        #expect(plain.findings.contains { $0.rule == "alert-unknown-key" })
    }
}
