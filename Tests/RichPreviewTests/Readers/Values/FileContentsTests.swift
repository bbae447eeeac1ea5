import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct FileContentsTests {
    @Test func regularFilesAreCheckedBySizeBeforeReading() throws {
        let folder = try TestPaths.temporaryFolder()
        let file = folder.appendingPathComponent("five.txt")
        try Data("hello".utf8).write(to: file)
        #expect(try FileContents.read(path: file.path, limit: 5) == Data("hello".utf8))
        #expect(try FileContents.read(path: file.path, limit: 5, mapped: true) == Data("hello".utf8))
        #expect(throws: FileContents.ReadFailure.tooLarge(size: 5, limit: 4)) {
            try FileContents.read(path: file.path, limit: 4)
        }
        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(try FileContents.read(path: empty.path, mapped: true).isEmpty)
    }

    @Test func failuresSayWhy() throws {
        let folder = try TestPaths.temporaryFolder()
        #expect(throws: FileContents.ReadFailure.emptyPath) { try FileContents.read(path: "") }
        #expect(throws: FileContents.ReadFailure.isDirectory) { try FileContents.read(path: folder.path) }
        #expect(throws: FileContents.ReadFailure.notFound) {
            try FileContents.read(path: folder.appendingPathComponent("missing/deeper").path)
        }
        #expect(FileContents.ReadFailure.tooLarge(size: nil, limit: 10).reason.contains("more than 10 bytes"))
        if getuid() != 0 {
            let locked = folder.appendingPathComponent("locked")
            try Data("x".utf8).write(to: locked)
            chmod(locked.path, 0)
            #expect(throws: FileContents.ReadFailure.permissionDenied) { try FileContents.read(path: locked.path) }
        }
    }

    @Test func devicesAndFIFOsAreRefusedUnreadAndStreamsAreCutOffAtTheLimit() throws {
        #expect(throws: FileContents.ReadFailure.notRegularFile(kind: "a character device")) {
            try FileContents.read(path: "/dev/zero", limit: 1000)
        }
        let fifo = try TestPaths.temporaryFolder().appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileContents.ReadFailure.notRegularFile(kind: "a FIFO")) { try FileContents.read(path: fifo) }
        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        #expect(throws: FileContents.ReadFailure.tooLarge(size: nil, limit: 1000)) {
            try FileContents.read(fileDescriptor: zero, limit: 1000)
        }
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = Data("a payload".utf8)
        _ = text.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        close(descriptors[1])
        #expect(try FileContents.read(fileDescriptor: descriptors[0], limit: 100) == text)
        close(descriptors[0])
    }

    @Test func inputSourcesNameTheirInput() {
        #expect(InputSource.file(URL(fileURLWithPath: "a/b.json", relativeTo: nil)).name.hasSuffix("a/b.json"))
        #expect(InputSource.bytes(Data(), name: "<stdin>").name == "<stdin>")
    }
}
