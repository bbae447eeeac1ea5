import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// The `live-activity-decoding` fixture: content states read through `CodingKeys`, into nested
/// structs, raw-value enums, arrays, optionals and dates, and a state that decodes itself.
struct ActivityContentDecodingTests {
    static let root = TestPaths.fixture("projects/live-activity-decoding").path

    /// The findings of the fixture's payload `name`, sorted by key path, but for the note that its
    /// push type was taken from its keys (the fixture's payloads are bare, as apps keep them).
    static func findings(_ name: String) -> [Finding] {
        Linter().lint([root]).findings.filter {
            $0.file?.hasSuffix("payloads/" + name) == true && $0.rule != Rules.PushTypeInferred.descriptor.id
        }.sorted {
            ($0.keyPath ?? "", $0.rule) < ($1.keyPath ?? "", $1.rule)
        }
    }

    @Test func aStateMatchingItsTypesIsSilent() {
        #expect(Self.findings("ride-start.json").isEmpty, "\(Self.findings("ride-start.json"))")
    }

    @Test func everyMismatchPointsIntoThePayloadAndTheSwift() throws {
        let found = Self.findings("ride-start-wrong.json")
        #expect(
            found.map { "\($0.keyPath ?? "") \($0.rule) \($0.severity)" } == [
                "aps.content-state.driver activity-content-state-mismatch error",
                "aps.content-state.driver.rating activity-content-state-mismatch error",
                "aps.content-state.etaMinutes activity-content-state-mismatch note",
                "aps.content-state.phase activity-content-state-mismatch error",
                "aps.content-state.pickup_at activity-content-state-mismatch error",
                "aps.content-state.seats activity-content-state-mismatch error",
                "aps.content-state.stops[0].arrival activity-content-state-mismatch warning",
                "aps.content-state.stops[1].label activity-content-state-mismatch error",
                "aps.timestamp activity-date-in-milliseconds warning",
            ], "\(found)")
        func finding(_ keyPath: String) throws -> Finding { try #require(found.first { $0.keyPath == keyPath }) }
        // CodingKeys: the key is the raw value, and the field's own name is an unknown key.
        #expect(try finding("aps.content-state.etaMinutes").suggestion == "eta_minutes")
        #expect(
            try finding("aps.content-state.driver").message
                == "no 'name' (String), which RideAttributes.Driver requires: the device cannot decode it")
        #expect(
            try finding("aps.content-state.phase").message
                == "'phase' is string \"enroute\", which is no case of RideAttributes.Phase (\"assigned\", \"en-route\", \"arrived\"): the device cannot decode it"
        )
        #expect(try finding("aps.content-state.seats").message.contains("no case of Seats (1, 2, 3)"))
        #expect(
            try finding("aps.content-state.pickup_at").message.contains(
                "decodes only from a number of seconds since 2001-01-01"))
        let unix = try finding("aps.content-state.stops[0].arrival")
        #expect(unix.message.contains("lands 31 years off, on 2056-12-06"), "\(unix.message)")
        #expect(unix.message.hasSuffix("send 786692800"), "\(unix.message)")
        #expect(unix.notes.first?.hasPrefix("Stop.arrival is declared at ") == true, "\(unix.notes)")
        #expect(unix.notes.first?.hasSuffix("App/RideAttributes.swift:38:9") == true, "\(unix.notes)")
        #expect(try finding("aps.content-state.pickup_at").notes.first?.hasSuffix("RideAttributes.swift:12:13") == true)
        #expect(try finding("aps.content-state.stops[1].label").line == 11)
        #expect(
            try finding("aps.timestamp").message
                == "aps.timestamp is 1765000000000, milliseconds: it is UNIX seconds, so this is thousands of years away; send 1765000000 (2025-12-06)"
        )
    }

    @Test func aStateThatDecodesItselfIsANoteAndNothingElse() throws {
        let found = Self.findings("fare-start.json")
        #expect(found.map { "\($0.keyPath ?? "") \($0.severity)" } == ["aps.content-state note"], "\(found)")
        #expect(found.first?.cause == "custom-decoder")
        #expect(
            found.first?.message
                == "FareAttributes.ContentState decodes itself (init(from:)): its contract is its code's, so aps.content-state is not checked"
        )
    }
}
