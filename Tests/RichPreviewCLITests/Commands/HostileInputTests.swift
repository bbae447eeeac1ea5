import Foundation
import RichPreviewTestSupport
import Testing

/// Hostile and careless input through the built binary: every case ends in one clear line and the
/// documented exit status, never a crash, a hang or unbounded memory.
struct HostileInputTests {
    static let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
    static let manifest = TestPaths.packageFile("Resources/categories.json").path
    /// Far below the 300 MiB a hostile input may cost, far above the tool's own start-up.
    static let smallMemory = 100 * 1024 * 1024

    /// Expects a failed run with `status`, no crash, one line of error (plus the usage line for
    /// exit status 2) containing `text`.
    func expectFailure(
        _ run: ToolRun, status: Int32, containing text: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(run.terminatingSignal == nil, "crashed: \(run.err)", sourceLocation: sourceLocation)
        #expect(run.status == status, "stderr: \(run.err)", sourceLocation: sourceLocation)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == (status == 2 ? 2 : 1), "stderr: \(run.err)", sourceLocation: sourceLocation)
        #expect(lines.first?.contains(text) == true, "stderr: \(run.err)", sourceLocation: sourceLocation)
    }

    /// Expects the run's peak memory below `limit` bytes; notes and skips when GNU time, which
    /// measures it, is not installed (CI installs it).
    func expectMemory(_ run: ToolRun, below limit: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let peak = run.peakMemoryBytes else {
            FileHandle.standardError.write(
                Data("note: peak memory not measured (no GNU time, or a sanitized build); not checked.\n".utf8))
            return
        }
        #expect(peak < limit, "peak memory \(peak >> 20) MiB", sourceLocation: sourceLocation)
    }

    // MARK: A1: the output of scale is bounded before anything is allocated

    @Test func boxesNoImageCanHaveAreUsageErrors() throws {
        let output = try TestPaths.temporaryFolder().appendingPathComponent("out.png").path
        for (box, mode) in [
            ("100000x100000", "stretch"), ("1x9223372036854775807", "stretch"), ("20000x20000", "fill"),
        ] {
            let run = try ToolRun.binary(["scale", Self.image, "-o", output, "--fit", box, "--mode", mode])
            expectFailure(run, status: 2, containing: "over the pixel limit of 100000000")
        }
        let notANumber = try ToolRun.binary(["scale", Self.image, "-o", output, "--fit", "9223372036854775808x1"])
        expectFailure(notANumber, status: 2, containing: "--fit needs WxH")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func outputsOverTheBudgetsAreRefusedInLittleMemory() throws {
        let output = try TestPaths.temporaryFolder().appendingPathComponent("out.png").path
        let huge = try ToolRun.binary(["scale", Self.image, "-o", output, "--fit", "99999999x99999999"])
        expectFailure(huge, status: 1, containing: "over the limit of 100000000")
        expectMemory(huge, below: Self.smallMemory)
        let wide = try ToolRun.binary(["scale", Self.image, "-o", output, "--fit", "100000x1", "--mode", "stretch"])
        expectFailure(wide, status: 1, containing: "over the memory limit of 256 MiB")
        expectMemory(wide, below: Self.smallMemory)
        #expect(!FileManager.default.fileExists(atPath: output))
        let tiny = try ToolRun.binary(["scale", Self.image, "-o", output, "--fit", "1x9223372036854775807"])
        #expect(tiny.status == 0 && tiny.out.contains("640x427 -> 1x1 png"))
    }

    @Test func aPNGWhoseEncodeWouldPassTheMemoryBudgetIsRefusedBeforeTheScale() throws {
        // 640x427: 1.0 MiB of RGBA, and libdeflate's buffers for it (every filtered row, and an
        // output buffer as large) counted as RGBA before the content is known: 3.1 MiB in all.
        let folder = try TestPaths.temporaryFolder()
        let png = folder.appendingPathComponent("out.png").path
        let refused = try ToolRun.binary(["scale", Self.image, "-o", png, "--fit", "640x640", "--max-memory", "3"])
        expectFailure(refused, status: 1, containing: "encoding the 640x427 output would need 3.1 MiB")
        #expect(!FileManager.default.fileExists(atPath: png))
        let jpeg = folder.appendingPathComponent("out.jpg").path
        let fits = try ToolRun.binary(["scale", Self.image, "-o", jpeg, "--fit", "640x640", "--max-memory", "3"])
        #expect(fits.status == 0, "\(fits.err)")
        let roomier = try ToolRun.binary(["scale", Self.image, "-o", png, "--fit", "640x640", "--max-memory", "4"])
        #expect(roomier.status == 0 && roomier.out.contains("640x427 -> 640x427 png"), "\(roomier.err)")
    }

    // MARK: A2: standard input gets the same limits as a file, enforced while reading

    @Test(arguments: [
        (["payload", "-"], "payload is more than 65536 bytes"),
        (["deliver", "-"], "payload is more than 65536 bytes"),
        (["inspect", "-"], "more than 50000000 bytes"),
        (["scale", "-", "-o", "never.png", "--fit", "10x10"], "more than 134217728 bytes"),
        (
            ["respond", "--categories", "-", "--category", "c", "--action", "a"],
            "more than 16777216 bytes"
        ),
    ])
    func endlessStandardInputIsCutOff(arguments: [String], message: String) throws {
        let folder = try TestPaths.temporaryFolder()
        let run = try ToolRun.binary(arguments, standardInputPath: "/dev/zero", workingDirectory: folder)
        expectFailure(run, status: 1, containing: message)
        expectMemory(run, below: 300 * 1024 * 1024)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func namedDevicesAreRefusedUnread() throws {
        expectFailure(
            try ToolRun.binary(["payload", "/dev/zero"]), status: 1,
            containing: "not a regular file (a character device); only '-' reads standard input")
        let empty = try ToolRun.binary(["payload", "/dev/null"])
        expectFailure(empty, status: 1, containing: "/dev/null: error: not a regular file")
        #expect(!empty.err.contains("permission"))
    }

    @Test func standardInputCanBeNamedOnlyOnce() throws {
        let run = try ToolRun.binary(["payload", "-", "-"], standardInput: Data(#"{"aps":{"alert":"x"}}"#.utf8))
        expectFailure(run, status: 2, containing: "standard input ('-') can be read only once")
    }

    // MARK: A3: untrusted text never reaches the terminal raw

    @Test func controlCharactersInPayloadsAreEscapedOnOneLine() throws {
        let payload = Data(
            #"{"aps":{"alert":{"title":"Hi\u001b[31mRED","body":"line1\nline2\u202e"},"category":"c\nx"},"id":"a\nb"}"#
                .utf8)
        for arguments in [["payload", "-"], ["deliver", "-"], ["payload", "--push-type", "background", "-"]] {
            let run = try ToolRun.binary(arguments, standardInput: payload)
            #expect(!run.out.contains("\u{1B}") && !run.err.contains("\u{1B}"))
            #expect(!run.out.contains("\u{202E}"))
            #expect(run.out.split(separator: "\n").count == 1, "\(run.out)")
            #expect(run.out.contains(#"Hi\u{1B}[31mRED"#) && run.out.contains(#"line1\nline2"#))
        }
        let deliver = try ToolRun.binary(["deliver", "-"], standardInput: payload)
        #expect(deliver.out.hasPrefix(#"a\nb: Hi"#))
        let option = try ToolRun.binary(["inspect", "--\u{1B}[2J"])
        expectFailure(option, status: 2, containing: #"unknown option '--\u{1B}[2J'"#)
    }

    // MARK: A4: small hostile images cost little memory

    /// A PNG declaring `size` RGBA pixels with an empty zlib stream as its only image data.
    static func pngBomb(width: UInt32, height: UInt32, interlaced: Bool) -> Data {
        var ihdr = Data()
        for value in [width, height] { ihdr.append(contentsOf: withUnsafeBytes(of: value.bigEndian) { Array($0) }) }
        ihdr.append(contentsOf: [8, 6, 0, 0, interlaced ? 1 : 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + PNGChunk.make("IHDR", ihdr)
            + PNGChunk.make("IDAT", Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
            + PNGChunk.make("IEND", Data())
    }

    /// A GIF whose screen and first frame are `side`×`side` with no image data.
    static func gifBomb(side: UInt16) -> Data {
        let le = withUnsafeBytes(of: side.littleEndian) { Array($0) }
        return Data(Array("GIF89a".utf8) + le + le + [0, 0, 0, 0x2C, 0, 0, 0, 0] + le + le + [0, 2, 0, 0x3B])
    }

    /// The committed progressive fixture with its frame header claiming `width`×`height`.
    static func progressiveJPEG(width: UInt16, height: UInt16) throws -> Data {
        var data = try Data(contentsOf: TestPaths.fixture("jpeg/progressive.jpg"))
        let bytes = [UInt8](data)
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 })
        data.replaceSubrange(
            sof + 5..<sof + 9, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        return data
    }

    @Test func decompressionBombsAreRefusedInLittleMemory() throws {
        let folder = try TestPaths.temporaryFolder()
        let bombs: [(String, Data, String)] = [
            (
                "interlaced.png", Self.pngBomb(width: 10000, height: 10000, interlaced: true),
                "need at least 387606 bytes"
            ),
            ("plain.png", Self.pngBomb(width: 10000, height: 10000, interlaced: false), "need at least 387606 bytes"),
            ("screen.gif", Self.gifBomb(side: 9000), "need at least 29659 bytes of image data"),
            ("progressive.jpg", try Self.progressiveJPEG(width: 10000, height: 10000), "more than the memory limit"),
        ]
        for (name, data, message) in bombs {
            let path = folder.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            let scale = try ToolRun.binary(
                ["scale", path, "-o", folder.appendingPathComponent("o.png").path, "--fit", "64x64"])
            expectFailure(scale, status: 1, containing: message)
            expectMemory(scale, below: Self.smallMemory)
            // inspect refuses what its header proves damaged; what is only over the memory limit
            // it does not decode, and says so in a note (a valid image of that size is not corrupt).
            let inspect = try ToolRun.binary(["inspect", path])
            #expect(inspect.err.contains(message), "\(inspect.err)")
            let overLimit = message.contains("memory limit")
            #expect(inspect.status == (overLimit ? 0 : 1))
            if overLimit { #expect(inspect.err.contains("[attachment-not-decoded]")) }
            expectMemory(inspect, below: Self.smallMemory)
        }
    }

    @Test func theMemoryBudgetLeavesRealPhotosAlone() throws {
        let folder = try TestPaths.temporaryFolder()
        // A 13-megapixel progressive frame needs about 40 MiB of coefficients: under the budget, so
        // it gets as far as the (short) data; with a 16 MiB budget it is refused up front.
        let path = folder.appendingPathComponent("13mp.jpg").path
        try Self.progressiveJPEG(width: 4224, height: 3168).write(to: URL(fileURLWithPath: path))
        let run = try ToolRun.binary(["inspect", path])
        expectFailure(run, status: 1, containing: "corrupt JPEG")
        let tight = try ToolRun.binary(["inspect", "--max-memory", "16", path])
        #expect(tight.status == 0 && tight.err.contains("more than the memory limit of 16 MiB"), "\(tight.err)")
        #expect(tight.err.contains("[attachment-not-decoded]"))
        let fixture = TestPaths.fixture("jpeg/progressive.jpg").path
        #expect(try ToolRun.binary(["inspect", "--max-memory", "1", fixture]).status == 0)
    }

    // MARK: A5: messages that point at the real problem

    @Test func typographicQuotesAreNamedAtTheirColumn() throws {
        let run = try ToolRun.binary(["payload", "-"], standardInput: Data(#"{"aps": {"alert": “Hello”}}"#.utf8))
        expectFailure(run, status: 1, containing: "line 1, column 19: typographic quote “ (U+201C)")
        let closing = try ToolRun.binary(
            ["payload", "-"], standardInput: Data(#"{"aps": {"alert": "Hi”, "badge": 1}}"#.utf8))
        expectFailure(closing, status: 1, containing: "column 22: typographic quote ” (U+201D)")
    }

    @Test func damagedBinaryPlistIsNamedAsSuch() throws {
        let folder = try TestPaths.temporaryFolder()
        let plist = try Data(contentsOf: TestPaths.packageFile("Info-plist-samples/NotificationContent/Info.plist"))
        var binary = try PropertyListSerialization.data(
            fromPropertyList: try PropertyListSerialization.propertyList(from: plist, format: nil), format: .binary,
            options: 0)
        binary.removeLast(20)
        let path = folder.appendingPathComponent("Info.plist").path
        try binary.write(to: URL(fileURLWithPath: path))
        let run = try ToolRun.binary([
            "respond", "--extensions", path, "--categories", Self.manifest, "--category", "image_category", "--action",
            "default",
        ])
        expectFailure(run, status: 1, containing: "damaged binary property list")
        #expect(!run.err.contains("Unexpected character"))
    }

    @Test func aBinaryPlistHoldingASetIsRefused() throws {
        // bplist00, {"k": set {"a"}}: a set is a binary-only type that no Info.plist holds.
        var bytes = Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x6B, 0xC1, 0x03, 0x51, 0x61]
        bytes += [0x00, 0x08, 0x00, 0x0B, 0x00, 0x0D, 0x00, 0x0F]
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, 17]
        let path = try TestPaths.temporaryFolder().appendingPathComponent("Info.plist").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = try ToolRun.binary([
            "respond", "--extensions", path, "--categories", Self.manifest, "--category", "image_category", "--action",
            "default",
        ])
        expectFailure(run, status: 1, containing: "binary property list holds a set (object 2)")
    }

    @Test func categoriesFromStandardInput() throws {
        let run = try ToolRun.binary(
            ["respond", "--categories", "-", "--category", "image_category", "--action", "imageconfirmaction"],
            standardInput: try Data(contentsOf: URL(fileURLWithPath: Self.manifest)))
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("image_category imageconfirmaction: dismissAndForwardAction"))
    }

    @Test func pngSignatureHintsFitTheirDamage() throws {
        let folder = try TestPaths.temporaryFolder()
        let png = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
        var flipped = png
        flipped[7] ^= 0x01
        let lineEndings = png.prefix(4) + Data([0x0D, 0x0D, 0x0A, 0x1A, 0x0D, 0x0A]) + png.dropFirst(8)
        var sevenBit = png
        sevenBit[0] = 0x09
        let cases: [(String, Data, String)] = [
            ("flipped.png", flipped, "damaged PNG signature: byte 7 is 0x0B, expected 0x0A"),
            ("crlf.png", lineEndings, "line-ending bytes were rewritten"),
            ("sevenbit.png", sevenBit, "high bit of the first byte was stripped"),
        ]
        for (name, data, message) in cases {
            let path = folder.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            expectFailure(try ToolRun.binary(["inspect", path]), status: 1, containing: message)
        }
    }

    @Test func outputPathProblemsAreSaidOnceWithTheirReason() throws {
        let folder = try TestPaths.temporaryFolder()
        let directory = folder.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let intoFolder = try ToolRun.binary(["scale", Self.image, "-o", directory.path, "--fit", "8x8"])
        expectFailure(intoFolder, status: 1, containing: "cannot write: is a directory")
        #expect(intoFolder.err.components(separatedBy: "cannot write").count == 2)
        let missing = try ToolRun.binary(["scale", Self.image, "-o", "/nonexistent/dir/x.png", "--fit", "8x8"])
        expectFailure(missing, status: 1, containing: "folder /nonexistent/dir does not exist")
        expectFailure(try ToolRun.binary(["inspect", ""]), status: 1, containing: "'': error: empty path")
        expectFailure(
            try ToolRun.binary(["scale", Self.image, "-o", folder.appendingPathComponent("x.bmp").path, "--fit", "8x8"]
            ),
            status: 2, containing: "must end in .png, .jpg or .jpeg")
    }

    // MARK: A6: consistency

    @Test func scaleJSONCarriesTheError() throws {
        let run = try ToolRun.binary(["scale", "--json", "/nonexistent.jpg", "-o", "/tmp/never.png", "--fit", "8x8"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["error"] as? String == "no such file")
        #expect(object["outputSize"] is NSNull && object["input"] as? String == "/nonexistent.jpg")
    }

    @Test func theSameManifestTwiceIsReadOnce() throws {
        let run = try ToolRun.binary([
            "respond", "--categories", Self.manifest, "--categories", "Resources/../Resources/categories.json",
            "--category", "image_category", "--action", "imageconcelaction",
        ])
        #expect(run.status == 0 && run.out.contains("dismiss"))
    }

    @Test func deliverRefusesEmptyIdsAndContradictoryAuthorization() throws {
        let empty = try ToolRun.binary(["deliver", "-"], standardInput: Data(#"{"aps":{"alert":"x"},"id":""}"#.utf8))
        expectFailure(empty, status: 1, containing: "expected a non-empty string or a whole number")
        let contradiction = try ToolRun.binary(["deliver", "--authorized", "none,alert", "-"])
        expectFailure(contradiction, status: 2, containing: "--authorized takes 'none' alone")
    }

    @Test func pushesThatShowNothingSaySo() throws {
        let badge = try ToolRun.binary(["deliver", "-"], standardInput: Data(#"{"aps":{"badge":3}}"#.utf8))
        #expect(badge.status == 0 && badge.out.isEmpty)
        #expect(badge.err == "<stdin>: sets the badge to 3; no alert, so nothing is shown\n")
        let sound = try ToolRun.binary(["deliver", "-"], standardInput: Data(#"{"aps":{"sound":"chime.caf"}}"#.utf8))
        #expect(sound.err == "<stdin>: plays sound 'chime.caf'; no alert, so nothing is shown\n")
    }

    @Test func longTextIsShortenedAndNumbersReadAsWritten() throws {
        let body = String(repeating: "long body ", count: 30)
        let payload = Data(#"{"aps":{"alert":{"body":"\#(body)"},"relevance-score":1.35}}"#.utf8)
        let deliver = try ToolRun.binary(
            ["deliver", "--push-type", "alert", "-"],
            standardInput: Data(#"{"aps":{"alert":{"body":"\#(body)"}}}"#.utf8))
        #expect(deliver.out.count < 120 && deliver.out.contains("…"))
        let payloadRun = try ToolRun.binary(["payload", "-"], standardInput: payload)
        expectFailure(payloadRun, status: 1, containing: "found number 1.35")
        let real = try ToolRun.binary(
            ["payload", "-"], standardInput: Data(#"{"aps":{"alert":"x","relevance-score":0.35}}"#.utf8))
        #expect(real.status == 0)
    }
}

/// Builds PNG chunks (length, type, data, CRC-32) for hand-made test files.
enum PNGChunk {
    static func make(_ type: String, _ data: Data) -> Data {
        let body = Data(type.utf8) + data
        var chunk = Data()
        chunk.append(contentsOf: withUnsafeBytes(of: UInt32(data.count).bigEndian) { Array($0) })
        chunk.append(body)
        chunk.append(contentsOf: withUnsafeBytes(of: crc32(body).bigEndian) { Array($0) })
        return chunk
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
