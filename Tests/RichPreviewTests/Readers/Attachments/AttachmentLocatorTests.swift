import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct AttachmentLocatorTests {
    static func payload(_ json: String) throws -> APNsPayload {
        try #require(PayloadDecoder().check(Data(json.utf8), file: "p.json").payload)
    }

    @Test func commonConventionsAreFound() throws {
        let root = try TestPaths.temporaryFolder()
        let payload = try Self.payload(
            #"""
            {"aps":{"alert":"x","mutable-content":1},
             "fcm_options":{"image":"https://a.example/1.jpg"}, "ab":{"att":{"url":"https://b.example/2.png","type":"png"}},
             "att":{"id":"https://c.example/3.gif"}, "mediaUrl":"https://d.example/4.mp4", "ct_mediaUrl":"https://e.example/5.jpg",
             "media_attachment":{"url":"https://f.example/6.jpg"}, "image":["one.jpg","two.jpg"], "unrelated":"https://g.example"}
            """#)
        let references = AttachmentLocator(root: root).references(in: payload)
        #expect(
            Set(references.map(\.keyPath)) == [
                "fcm_options.image", "ab.att.url", "att.id", "mediaUrl", "ct_mediaUrl", "media_attachment.url",
                "image[0]", "image[1]",
            ])
        #expect(references.first { $0.keyPath == "mediaUrl" }?.location == .remote(url: "https://d.example/4.mp4"))
    }

    /// OneSignal's `att` under any key, Airship's `com.urbanairship.media_attachment` (a
    /// top-level key with dots), Expo's `body._richContent.image`; `*` in a given key path.
    @Test func providerKeysAreFound() throws {
        let root = try TestPaths.temporaryFolder()
        let payload = try Self.payload(
            #"""
            {"aps":{"alert":"x","mutable-content":1}, "att":{"banner":"https://a.example/1.jpg"},
             "com.urbanairship.media_attachment":{"url":["https://b.example/2.png"]},
             "body":{"_richContent":{"image":"https://c.example/3.jpg"}}, "media":{"hero":{"src":"https://d.example/4.jpg"}}}
            """#)
        let references = AttachmentLocator(root: root).references(in: payload)
        #expect(
            Set(references.map(\.keyPath)) == [
                "att.banner", "com.urbanairship.media_attachment.url[0]", "body._richContent.image",
            ], "\(references)")
        let given = AttachmentLocator(keyPaths: ["media.*.src"], root: root).references(in: payload)
        #expect(given.map(\.keyPath) == ["media.hero.src"])
    }

    @Test func urlsResolveOrAreRefused() throws {
        let root = try TestPaths.temporaryFolder()
        let rootPath = root.resolvingSymlinksInPath().path
        try Data("x".utf8).write(to: root.appendingPathComponent("in.jpg"))
        #expect(
            FileManager.default.createFile(
                atPath: root.deletingLastPathComponent().appendingPathComponent("secret").path, contents: Data()))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("escape.jpg").path, withDestinationPath: "/etc/hostname")
        let locator = AttachmentLocator(root: root)
        func location(_ url: String) -> AttachmentReference.Location { locator.reference(url, keyPath: "k").location }
        #expect(location("in.jpg") == .local(path: rootPath + "/in.jpg"))
        #expect(location("file://\(rootPath)/in.jpg") == .local(path: rootPath + "/in.jpg"))
        #expect(location("./sub/../in.jpg") == .local(path: rootPath + "/in.jpg"))
        #expect(location("http://x.example/a.jpg") == .insecure(url: "http://x.example/a.jpg"))
        for refused in ["../secret", "/etc/hosts", "escape.jpg", "data:image/png;base64,AAAA", "ftp://x/y.jpg", "  "] {
            guard case .invalid(let reason) = location(refused) else {
                Issue.record("\(refused) was not refused")
                continue
            }
            #expect(!reason.isEmpty)
            #expect(
                locator.reference(refused, keyPath: "k").findings(file: "p.json").map(\.rule) == [
                    "attachment-url-invalid"
                ])
        }
        #expect(
            locator.reference("http://x/a.jpg", keyPath: "k").findings(file: "p.json").map(\.rule) == [
                "attachment-insecure-url"
            ])
        #expect(locator.reference("https://x/a.jpg", keyPath: "k").findings(file: "p.json").isEmpty)
    }
}
