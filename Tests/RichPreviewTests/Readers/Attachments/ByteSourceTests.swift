import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct ByteSourceTests {
    @Test func dataSourcesGiveFewerBytesOnlyAtTheEnd() throws {
        let source = DataByteSource(Array(0..<10) as [UInt8])
        #expect(source.count == 10)
        #expect(try source.bytes(at: 2, count: 3) == [2, 3, 4])
        #expect(try source.bytes(at: 8, count: 5) == [8, 9])
        #expect(try source.bytes(at: 10, count: 1) == [])
        #expect(try source.bytes(at: 50, count: 1) == [])
        #expect(throws: ByteSourceError.invalidRange(offset: -1, count: 1)) { try source.bytes(at: -1, count: 1) }
        #expect(throws: ByteSourceError.invalidRange(offset: 0, count: -1)) { try source.bytes(at: 0, count: -1) }
        // A slice of a larger Data is served from its own start.
        let slice = Data([9, 9, 1, 2, 3])[2...]
        #expect(try DataByteSource(slice).bytes(at: 0, count: 3) == [1, 2, 3])
    }

    @Test func fileSourcesReadRangesAndCountWhatTheyRead() throws {
        let url = try TestPaths.temporaryFolder().appendingPathComponent("bytes")
        try Data((0..<200).map { UInt8($0) }).write(to: url)
        let source = try FileByteSource(url: url)
        #expect(source.count == 200)
        #expect(try source.bytes(at: 100, count: 4) == [100, 101, 102, 103])
        #expect(try source.bytes(at: 198, count: 10) == [198, 199])
        #expect(try source.bytes(at: 200, count: 10) == [])
        #expect(source.bytesRead == 6)
        #expect(source.readCount == 2)
        #expect(throws: ByteSourceError.invalidRange(offset: -5, count: 1)) { try source.bytes(at: -5, count: 1) }
    }

    @Test func missingFilesAndFoldersAreUnreadable() throws {
        let folder = try TestPaths.temporaryFolder()
        #expect(throws: ByteSourceError.unreadable(reason: "no such file")) {
            try FileByteSource(url: folder.appendingPathComponent("absent"))
        }
        #expect(throws: ByteSourceError.unreadable(reason: "is a directory")) { try FileByteSource(url: folder) }
    }
}
