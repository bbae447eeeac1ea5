import Foundation
import RichPreview
import Testing

/// `AttachmentPosterUnavailable`: a movie whose frame could not be had gets a warning at its URL's
/// key; a movie whose frame was drawn, and an image, none.
struct AttachmentPosterUnavailableTests {
    static func card(problem: String?, kind: MediaKind = .movie) throws -> NotificationCard {
        let data = Data(#"{"aps": {"alert": "Clip", "mutable-content": 1}, "attachment-url": "clip.mp4"}"#.utf8)
        let payload = try #require(PayloadDecoder().check(data, file: "clip.apns").payload)
        var attachment = CardAttachment(name: "clip.mp4", kind: kind, format: kind == .movie ? .mp4 : .png)
        attachment.keyPath = "attachment-url"
        attachment.posterFrameProblem = problem
        return NotificationCardBuilder(categories: try CategoryManifest([]), extensions: ExtensionRegistry([]))
            .card(for: payload, state: .expanded, attachment: attachment, file: "clip.apns")
    }

    @Test func triggers() throws {
        let found = try Self.card(problem: "no frame at 9.0 s: the movie lasts 2.0 s").findings.filter {
            $0.rule == "attachment-poster-unavailable"
        }
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.keyPath == "attachment-url")
        #expect(found.first?.message.hasSuffix("no frame at 9.0 s: the movie lasts 2.0 s") == true)
    }

    @Test func nearMissDoesNotTrigger() throws {
        #expect(try Self.card(problem: nil).findings.allSatisfy { $0.rule != "attachment-poster-unavailable" })
    }
}
