import Foundation
import RichPreviewSystem
import RichPreviewTestSupport
import Testing

/// `FileMappings` lists exactly the live mappings `FileContents` made: the bytes a decoder may
/// drop pages of, and no others.
struct FileMappingsTests {
    @Test func aMappedReadIsListedUntilItsDataIsReleased() throws {
        let file = try TestPaths.temporaryFolder().appendingPathComponent("bytes.bin")
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0) }).write(to: file)
        var start: UInt = 0
        do {
            let mapped = try FileContents.read(path: file.path, mapped: true)
            mapped.withUnsafeBytes { bytes in
                start = UInt(bitPattern: bytes.baseAddress)
                #expect(FileMappings.contains(bytes))
                #expect(FileMappings.contains(UnsafeRawBufferPointer(rebasing: bytes[100..<5000])))
                let past = UnsafeRawBufferPointer(start: bytes.baseAddress, count: bytes.count + 1)
                #expect(!FileMappings.contains(past))
                #expect(!FileMappings.contains(UnsafeRawBufferPointer(start: bytes.baseAddress, count: 0)))
            }
            let copied = try FileContents.read(path: file.path)
            #expect(copied == mapped)
            copied.withUnsafeBytes { #expect(!FileMappings.contains($0)) }
        }
        let released = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: start), count: 20_000)
        #expect(start != 0 && !FileMappings.contains(released))
    }
}
