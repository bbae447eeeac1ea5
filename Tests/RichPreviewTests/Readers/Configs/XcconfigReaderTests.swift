import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `XcconfigReader`: settings, includes, and the bounds an untrusted `.xcconfig` meets.
struct XcconfigReaderTests {
    @Test func settingsIncludesAndConditions() throws {
        let folder = try TestPaths.temporaryFolder(holding: [
            "Base.xcconfig":
                "#include \"Shared/A.xcconfig\"\n#include? \"missing.xcconfig\"\nB = 2 // comment\nC[sdk=iphoneos*] = $(inherited) 3\n",
            "Shared/A.xcconfig": "A = 1\nB = 1\n",
        ])
        let settings = try XcconfigReader.read(folder.appendingPathComponent("Base.xcconfig").path)
        #expect(settings == ["A": "1", "B": "2", "C": "3"])
    }

    @Test func anIncludeCycleIsRefusedAtOnce() throws {
        // Four optional includes of itself: 4^16 reads without the cycle check.
        let bomb = String(repeating: "#include? \"base.xcconfig\"\n", count: 4)
        let folder = try TestPaths.temporaryFolder(holding: [
            "base.xcconfig": bomb, "a.xcconfig": "#include \"b.xcconfig\"\n", "b.xcconfig": "#include \"a.xcconfig\"\n",
        ])
        for name in ["base.xcconfig", "a.xcconfig"] {
            #expect {
                try XcconfigReader.read(folder.appendingPathComponent(name).path)
            } throws: { error in
                (error as? XcconfigReader.ReadError)?.reason.contains("an include cycle") == true
            }
        }
    }

    @Test func aDiamondIsReadAndAFanOutPastTheBudgetIsRefused() throws {
        var files = ["leaf.xcconfig": "X = 1\n"]
        // Each level includes the next twice: 2^10 reads of the leaf, with no cycle.
        for level in 0..<10 {
            let next = level == 9 ? "leaf.xcconfig" : "l\(level + 1).xcconfig"
            files["l\(level).xcconfig"] = "#include \"\(next)\"\n#include \"\(next)\"\n"
        }
        files["small.xcconfig"] = "#include \"l8.xcconfig\"\n"
        let folder = try TestPaths.temporaryFolder(holding: files)
        #expect(try XcconfigReader.read(folder.appendingPathComponent("small.xcconfig").path) == ["X": "1"])
        #expect {
            try XcconfigReader.read(folder.appendingPathComponent("l0.xcconfig").path)
        } throws: { error in
            (error as? XcconfigReader.ReadError)?.reason == "includes more than 128 files in all"
        }
    }

    @Test func aFileTheSystemGivesNoSizeIsNotReadAsEmpty() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/environ") else { return }
        #expect {
            try XcconfigReader.read("/proc/self/environ")
        } throws: { error in
            (error as? XcconfigReader.ReadError)?.reason.hasPrefix("not a regular file with a size") == true
        }
    }
}
