import Foundation
import RichPreviewSystem
import RichPreviewTestSupport
import Testing

/// `PrivateTree` makes folders and files only new and never through a link; `DescriptorReader`
/// gives records and runs of bytes as a pipe brings them, across its reads.
struct PrivateTreeTests {
    /// The `errno` `body` fails with; nil when it does not.
    static func failure(_ body: () throws(SystemError) -> Void) -> Int32? {
        do {
            try body()
            return nil
        } catch {
            return error.code
        }
    }

    @Test func nothingIsMadeOverOrThroughWhatIsThere() throws {
        let scratch = try PrivateTree.makeTemporaryFolder(prefix: "richpreview-private-tree-")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manager = FileManager.default
        #expect(try manager.attributesOfItem(atPath: scratch.path)[.posixPermissions] as? Int == 0o700)
        #expect(scratch.lastPathComponent.hasPrefix("richpreview-private-tree-"))

        let folder = scratch.appendingPathComponent("folder").path
        try PrivateTree.makeFolder(folder)
        try PrivateTree.makeFolder(folder)
        #expect(try manager.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        // A link to a folder is not taken for one, nor is a file.
        let outside = try TestPaths.temporaryFolder()
        try manager.createSymbolicLink(
            atPath: scratch.appendingPathComponent("link").path, withDestinationPath: outside.path)
        #expect(
            Self.failure { () throws(SystemError) in
                try PrivateTree.makeFolder(scratch.appendingPathComponent("link").path)
            } == EEXIST)

        let file = folder + "/a.txt"
        let descriptor = try PrivateTree.createFile(file, executable: false)
        try PrivateTree.write(ArraySlice(Array("written".utf8)), to: descriptor)
        close(descriptor)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "written")
        #expect(try manager.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(
            Self.failure { () throws(SystemError) in _ = try PrivateTree.createFile(file, executable: true) } == EEXIST)
        #expect(Self.failure { () throws(SystemError) in try PrivateTree.makeFolder(file) } == EEXIST)
        // A file is never created through a link, even one to where nothing is yet.
        try PrivateTree.makeLink(folder + "/dangling", to: outside.appendingPathComponent("new.txt").path)
        #expect(
            Self.failure { () throws(SystemError) in
                _ = try PrivateTree.createFile(folder + "/dangling", executable: false)
            } == EEXIST)
        #expect(!manager.fileExists(atPath: outside.appendingPathComponent("new.txt").path))
    }

    @Test func recordsAndRunsCrossTheReadsOfAPipe() throws {
        let pipe = Pipe()
        // More than one read's worth, written from another thread while the reader reads.
        let records = (0..<3000).map { "record \($0) " + String(repeating: "x", count: $0 % 97) }
        let text = records.joined(separator: "\n") + "\n"
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(text.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        var reader = DescriptorReader(descriptor: pipe.fileHandleForReading.fileDescriptor)
        var read: [String] = []
        while let record = try reader.record(endingWith: 0x0A, limit: 1000) {
            read.append(String(decoding: record, as: UTF8.self))
            if read.count == 10 {
                // A counted run in the middle: the next record whole, and its separator.
                let run = Array(records[10].utf8) + [0x0A]
                var taken: [UInt8] = []
                while taken.count < run.count {
                    if reader.available == 0 { #expect(try reader.fill()) }
                    taken += reader.take(run.count - taken.count)
                }
                #expect(taken == run)
                read.append(records[10])
            }
        }
        #expect(read == records)
        #expect(try reader.fill() == false)
    }
}
