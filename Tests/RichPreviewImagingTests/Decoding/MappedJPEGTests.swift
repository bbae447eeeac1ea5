import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// libjpeg reads a JPEG 64 KiB at a time, and when the bytes are a file mapping the pages it has
/// read go back to the kernel: the pixels and errors must be those of the same bytes in ordinary
/// memory, the bytes must read the same afterwards, and little of a large file stays resident.
struct MappedJPEGTests {
    /// `data` written to a fresh temporary file, mapped as the command line maps its inputs. It is
    /// written 4 KiB at a time: a file written in one call may sit in the page cache in folios of
    /// up to 2 MiB, which Linux 6.18 maps whole on the first touch, hiding what is given back.
    static func mapped(_ data: Data) throws -> Data {
        let file = try TestPaths.temporaryFolder().appendingPathComponent("image.jpg")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        for start in stride(from: 0, to: data.count, by: 4096) {
            try handle.write(contentsOf: data[start..<min(start + 4096, data.count)])
        }
        try handle.close()
        return try FileContents.read(path: file.path, limit: nil, mapped: true)
    }

    /// A copy of `data` in ordinary memory, which no decoder may give pages of back.
    static func inMemory(_ data: Data) -> Data { Data([UInt8](data)) }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("jpeg/\(name)"))
    }

    /// What a decode of `data` gives: the whole image, the 1/8 scale, and the validator's size.
    static func decodes(_ data: Data) throws -> (RGBAImage, RGBAImage, PixelSize) {
        let whole = try ImageDecoder.decode(data)
        let request = ScaleRequest(box: PixelSize(width: max(1, whole.size.width / 9), height: whole.size.height))
        let scaled = try ImageScaler.scale(data, to: request)
        return (whole, scaled.image, try ImageValidator.validate(data).size)
    }

    /// Resident KiB of the mapping holding `address`, from /proc/self/smaps; nil when not found.
    static func residentKiB(of address: UnsafeRawPointer) -> Int? {
        // Read to its end: /proc files report a size of 0.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps"),
            let smaps = String(data: file.readDataToEndOfFile(), encoding: .utf8)
        else { return nil }
        defer { try? file.close() }
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, fields.first == "Rss:", fields.count >= 2 {
                return Int(fields[1])
            }
        }
        return nil
    }

    /// A noisy photo-sized picture at quality 100: about 1.3 MB, twenty windows.
    static let large = Result { () throws -> Data in
        var seeded = SeededImages(seed: 8)
        return try ImageEncoder.encode(seeded.image(width: 1200, height: 900, alpha: false), as: .jpeg(quality: 100))
            .data
    }

    @Test(arguments: [
        "baseline.jpg", "progressive.jpg", "progressive-444.jpg", "restart.jpg", "arithmetic.jpg", "gray.jpg",
        "ycck.jpg", "progressive-scans.jpg",
    ])
    func aMappedFixtureDecodesAsInMemory(name: String) throws {
        let data = try Self.fixture(name)
        let mapped = try Self.mapped(data)
        let (whole, scaled, size) = try Self.decodes(mapped)
        let reference = try Self.decodes(Self.inMemory(data))
        #expect(whole == reference.0, "\(name)")
        #expect(scaled == reference.1, "\(name)")
        #expect(size == reference.2 && size == whole.size, "\(name)")
    }

    @Test func aLargeMappedFileLeavesLittleOfItselfResident() throws {
        let data = try Self.large.get()
        #expect(data.count > 1_000_000)
        let reference = try Self.decodes(Self.inMemory(data))
        let mapped = try Self.mapped(data)
        try mapped.withUnsafeBytes { bytes in
            let base = try #require(bytes.baseAddress)
            let limit = data.count / 4
            #expect(try ImageDecoder.decode(mapped) == reference.0)
            let afterWhole = try #require(Self.residentKiB(of: base))
            #expect(afterWhole * 1024 < limit, "\(afterWhole) KiB of \(data.count / 1024) KiB resident")
            #expect(try Self.decodes(mapped).1 == reference.1)
            let afterScale = try #require(Self.residentKiB(of: base))
            #expect(afterScale * 1024 < limit, "\(afterScale) KiB of \(data.count / 1024) KiB resident")
            #expect(bytes.elementsEqual(data), "the pages given back read the same")
            let touched = try #require(Self.residentKiB(of: base))
            #expect(touched * 1024 >= data.count * 9 / 10, "reading every byte maps the file again")
        }
    }

    /// `baseline.jpg` with four 64 KiB comments after SOI, which libjpeg skips across windows.
    static func commented(_ data: Data) -> Data {
        var bytes = [UInt8](data.prefix(2))
        for index in 0..<4 {
            bytes += [0xFF, 0xFE, 0xFF, 0xFF] + [UInt8](repeating: UInt8(index), count: 0xFFFF - 2)
        }
        return Data(bytes + data.dropFirst(2))
    }

    @Test func segmentsSkippedAcrossWindowsLeaveThePixelsAsTheyAre() throws {
        let baseline = try Self.fixture("baseline.jpg")
        let commented = Self.commented(baseline)
        #expect(commented.count > 4 * 65_536)
        let reference = try ImageDecoder.decode(baseline)
        #expect(try ImageDecoder.decode(Self.inMemory(commented)) == reference)
        #expect(try ImageDecoder.decode(Self.mapped(commented)) == reference)
    }

    @Test(arguments: [100_000, 200_000, 262_100])
    func aFileCutInsideASkippedSegmentIsTruncated(length: Int) throws {
        let cut = Self.commented(try Self.fixture("baseline.jpg")).prefix(length)
        for data in [Self.inMemory(cut), try Self.mapped(cut)] {
            #expect {
                try ImageDecoder.decode(data)
            } throws: { error in
                guard case .corrupt(.jpeg, let reason) = error as? ImageDecodingError else { return false }
                return reason.contains("truncated")
            }
        }
    }
}
