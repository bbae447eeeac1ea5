import Foundation
import RichPreviewTestSupport
import Testing

struct InspectCommandTests {
    struct Row: Decodable, Equatable {
        var path: String
        var kind: String
        var format: String?
        var bytes: Int?
        var width: Int?
        var height: Int?
        var bitDepth: Int?
        var error: String?
    }

    static func rows(_ run: ToolRun) throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: Data(run.out.utf8))
    }

    @Test func bundledSamplesAreReportedByKindFormatAndSize() throws {
        let names = [
            "sample-image.jpg", "sample-badge.png", "sample-badge.gif", "sample-audio.wav", "sample-audio.m4a",
            "sample-movie.mp4",
        ]
        let paths = names.map { TestPaths.packageFile("Resources/attachments/\($0)").path }
        let run = ToolRun.inProcess(["inspect", "--json"] + paths)
        #expect(run.status == 0)
        let rows = try Self.rows(run)
        let expected: [(String, String, Int?, Int?)] = [
            ("image", "jpeg", 640, 427), ("image", "png", 96, 96), ("image", "gif", 96, 96),
            ("audio", "wav", nil, nil), ("audio", "m4a", nil, nil), ("movie", "mp4", 160, 90),
        ]
        for (row, (kind, format, width, height)) in zip(rows, expected) {
            #expect(row.kind == kind)
            #expect(row.format == format)
            #expect(row.width == width && row.height == height)
            #expect(row.error == nil)
        }
        for (row, path) in zip(rows, paths) {
            #expect(row.bytes == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        }
    }

    @Test func formatComesFromBytesNotTheName() throws {
        let folder = try TestPaths.temporaryFolder()
        let disguised = folder.appendingPathComponent("photo.gif")
        try FileManager.default.copyItem(
            at: TestPaths.packageFile("Resources/attachments/sample-badge.png"), to: disguised)
        let run = ToolRun.inProcess(["inspect", "--json", disguised.path])
        #expect(try Self.rows(run).first?.format == "png")
    }

    @Test func truncatedFilesGiveOneLineErrorsAndExitOne() throws {
        let folder = try TestPaths.temporaryFolder()
        var paths: [String] = []
        for name in ["sample-image.jpg", "sample-badge.png"] {
            let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
            let path = folder.appendingPathComponent("cut-" + name).path
            try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let run = ToolRun.inProcess(["inspect"] + paths)
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\(paths[0]): error: corrupt JPEG"))
        #expect(lines[1].hasPrefix("\(paths[1]): error: corrupt PNG"))
    }

    @Test func unknownAndMissingFilesFail() throws {
        let folder = try TestPaths.temporaryFolder()
        let text = folder.appendingPathComponent("notes.png")
        try Data("just text".utf8).write(to: text)
        let run = ToolRun.inProcess([
            "inspect", "--json", text.path, folder.appendingPathComponent("absent.jpg").path, folder.path,
        ])
        #expect(run.status == 1)
        let rows = try Self.rows(run)
        #expect(rows.map(\.kind) == ["unknown", "unknown", "unknown"])
        #expect(rows.allSatisfy { $0.error != nil })
        #expect(rows[1].error == "no such file")
        #expect(rows[2].error == "a folder, not an attachment file")
    }

    @Test func standardInputIsReadForDash() throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.gif"))
        let run = ToolRun.inProcess(["inspect", "--json", "-"], standardInput: data)
        #expect(
            try Self.rows(run) == [
                Row(
                    path: "<stdin>", kind: "image", format: "gif", bytes: data.count, width: 96, height: 96, bitDepth: 8
                )
            ])
    }

    @Test func pixelLimitIsAnOption() throws {
        let path = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        // A valid image over the caller's limit is not refused (iOS may take it): a note, its
        // header's facts, exit 0.
        let run = ToolRun.inProcess(["inspect", "--max-pixels", "1000", path])
        #expect(run.status == 0)
        #expect(run.err.contains("over the limit of 1000") && run.err.contains("[attachment-not-decoded]"))
        #expect(!run.err.contains("attachment-corrupt"))
        #expect(run.out.contains("640x427"))
        #expect(ToolRun.inProcess(["inspect", "--max-pixels", "lots", path]).status == 2)
    }

    @Test(arguments: TestPaths.corpusFiles("pngsuite/png", extension: "png"))
    func pngSuiteThroughTheCommand(name: String) throws {
        let path = TestPaths.corpusFolder("pngsuite/png")!.appendingPathComponent(name).path
        let run = ToolRun.inProcess(["inspect", path])
        if name.hasPrefix("x") {
            #expect(run.status == 1)
            #expect(run.err.split(separator: "\n").count == 1)
        } else {
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("\(path): image png,"))
        }
    }
}

struct InspectAttachmentTests {
    static let attachments = TestPaths.packageFile("Resources/attachments").path

    @Test func audioAndMovieFactsInTextAndJSON() throws {
        let audio = TestPaths.packageFile("Resources/attachments/sample-audio.wav").path
        let movie = TestPaths.packageFile("Resources/attachments/sample-movie.mp4").path
        let text = ToolRun.inProcess(["inspect", audio, movie])
        #expect(text.status == 0)
        #expect(
            text.out == """
                \(audio): audio wav, 24044 bytes, 1.50 s, pcm_s16le, 8000 Hz, mono
                \(movie): movie mp4, 4560 bytes, 2.00 s, 160x90, h264, 10 fps

                """)
        let json = ToolRun.inProcess(["inspect", "--json", audio])
        let object = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])?.first)
        #expect(object["duration"] as? Double == 1.5 && object["sampleRate"] as? Int == 8000)
        #expect(object["channels"] as? Int == 1 && object["codec"] as? String == "pcm_s16le")
        #expect(object["limit"] as? Int == 5_000_000 && object["valid"] as? Bool == true)
        #expect(object["declaredType"] as? String == "com.microsoft.waveform-audio")
        #expect((object["warnings"] as? [Any])?.isEmpty == true && object["errorCode"] is NSNull)
    }

    @Test func bundledPayloadsLeadToTheirAttachments() throws {
        let payloads = ["image", "audio", "movie"].flatMap {
            ["--payload", TestPaths.packageFile("Resources/payloads/\($0)_category.json").path]
        }
        let run = ToolRun.inProcess(["inspect", "--attachments", Self.attachments] + payloads)
        #expect(run.status == 0 && run.err.isEmpty)
        #expect(run.out.split(separator: "\n").count == 3)
        #expect(run.out.contains("attachment-url: sample-image.jpg: image jpeg, 13846 bytes, 640x427, 8-bit"))
    }

    @Test func remoteInsecureAndEscapingURLs() throws {
        let folder = try TestPaths.temporaryFolder()
        let payload = folder.appendingPathComponent("push.json")
        try Data(
            #"{"aps":{"alert":"x","mutable-content":1},"fcm_options":{"image":"https://cdn.example/a.jpg"},"media-url":"http://cdn.example/b.mp4","image":"../../etc/passwd"}"#
                .utf8
        ).write(to: payload)
        let run = ToolRun.inProcess(["inspect", "--payload", payload.path])
        #expect(run.status == 1)
        #expect(run.out.contains("fcm_options.image: https://cdn.example/a.jpg is downloaded by the service extension"))
        #expect(
            run.err.contains("media-url: 'http://cdn.example/b.mp4' is plain http")
                && run.err.contains("[attachment-insecure-url]"))
        #expect(run.err.contains("\(payload.path):1:133: error: image: '../../etc/passwd' leads to"))
        let json = ToolRun.inProcess(["inspect", "--json", "--payload", payload.path])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["location"] as? String }) == ["remote", "insecure", "invalid"])
        #expect(rows.first { $0["location"] as? String == "invalid" }?["errorKind"] as? String == "invalidURL")
    }

    @Test func typeHintAndThumbnailOptions() throws {
        let folder = try TestPaths.temporaryFolder()
        let disguised = folder.appendingPathComponent("clip.bin")
        try FileManager.default.copyItem(
            at: TestPaths.packageFile("Resources/attachments/sample-movie.mp4"), to: disguised)
        #expect(ToolRun.inProcess(["inspect", disguised.path]).status == 1)
        let hinted = ToolRun.inProcess(["inspect", "--type-hint", "public.mpeg-4", disguised.path])
        #expect(hinted.status == 0 && hinted.err.contains("rdar 27708555"))
        let clipped = ToolRun.inProcess([
            "inspect", "--thumbnail-clip", "0.5,0.5,0.75,0.1", "--thumbnail-time", "3",
            TestPaths.packageFile("Resources/attachments/sample-movie.mp4").path,
        ])
        #expect(clipped.status == 0)
        #expect(clipped.err.components(separatedBy: "[attachment-thumbnail-invalid]").count == 3)
        #expect(ToolRun.inProcess(["inspect", "--thumbnail-clip", "1,2", disguised.path]).status == 2)
        #expect(ToolRun.inProcess(["inspect"]).status == 2)
    }

    /// The sample badge PNG grown to exactly `size` bytes with a private ancillary chunk before IEND.
    static func paddedPNG(size: Int) throws -> Data {
        let png = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
        let body = png.prefix(png.count - 12)
        let padding = size - png.count - 12
        return body + PNGChunk.make("prVt", Data(count: padding)) + png.suffix(12)
    }

    @Test func imagesAtTheLimitAndOneByteOver() throws {
        let folder = try TestPaths.temporaryFolder()
        let atLimit = folder.appendingPathComponent("at.png")
        try Self.paddedPNG(size: 10_000_000).write(to: atLimit)
        let over = folder.appendingPathComponent("over.png")
        try Self.paddedPNG(size: 10_000_001).write(to: over)
        let run = try ToolRun.binary(["inspect", atLimit.path, over.path])
        #expect(run.status == 1)
        #expect(run.out == "\(atLimit.path): image png, 10000000 bytes, 96x96, 8-bit, 36 KB decoded\n")
        #expect(
            run.err
                == "\(over.path): error: 10000001 bytes, over iOS's limit of 10000000 bytes for image attachments [attachment-too-large]\n"
        )
    }
}
