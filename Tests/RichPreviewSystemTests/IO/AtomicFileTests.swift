import Foundation
import RichPreviewSystem
import RichPreviewTestSupport
import Testing

struct AtomicFileTests {
    @Test func writesReplaceTheTargetWithoutLeavingTemporaries() throws {
        let folder = try TestPaths.temporaryFolder()
        let target = folder.appendingPathComponent("out.bin").path
        try AtomicFile.write(Data("one".utf8), to: target)
        try AtomicFile.write(Data("two".utf8), to: target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.bin"])
    }

    @Test func unwritableTargetsAreRefusedWithTheirReason() throws {
        let folder = try TestPaths.temporaryFolder()
        let reasons: [(String, String)] = [
            ("", "empty path"),
            (folder.path, "is a directory"),
            (folder.appendingPathComponent("missing/out.png").path, "does not exist"),
        ]
        for (path, reason) in reasons {
            #expect {
                try AtomicFile.checkWritable(path)
            } throws: { error in
                (error as? AtomicFile.WriteError)?.reason.contains(reason) == true
            }
        }
        let file = folder.appendingPathComponent("plain")
        try Data().write(to: file)
        #expect {
            try AtomicFile.write(Data(), to: file.appendingPathComponent("inside").path)
        } throws: { error in
            (error as? AtomicFile.WriteError)?.reason.contains("is not a folder") == true
        }
    }

    @Test func sameFileSeesThroughSpellings() throws {
        let folder = try TestPaths.temporaryFolder()
        let file = folder.appendingPathComponent("a.png")
        try Data("x".utf8).write(to: file)
        #expect(AtomicFile.sameFile(file.path, folder.path + "/./a.png"))
        #expect(!AtomicFile.sameFile(file.path, folder.appendingPathComponent("b.png").path))
    }
}
