import Foundation
import RichPreviewSystem
import RichPreviewTestSupport
import Testing

/// `SHA256` gives the digests of FIPS 180-4's examples and agrees with coreutils' `sha256sum` on
/// every length around the block and padding boundaries.
struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func theStandardsExamplesHaveTheirDigests() {
        #expect(
            Self.hex(SHA256.digest([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256.digest(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")))
    func everyLengthAroundTheBlockBoundariesAgreesWithSha256sum() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SplitMix64(seed: 256)
        var expected: [String] = []
        var names: [String] = []
        for length in Array(0...130) + [191, 192, 255, 256, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let name = "bytes-\(length)"
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            names.append(name)
            expected.append("\(Self.hex(SHA256.digest(bytes)))  \(name)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = names
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.split(separator: "\n").map(String.init) == expected)
    }
}
