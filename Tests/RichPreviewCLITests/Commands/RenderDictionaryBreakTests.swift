import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `render` through the built binary: a Thai body wrapped between dictionary words in the text
/// card, the fallback without ICU, and the CJK face picked by `--language`.
struct RenderDictionaryBreakTests {
    static let body = "วันนี้อากาศดีมาก เราจะไปเที่ยวทะเลกับครอบครัว ร้านกาแฟเปิดตั้งแต่เจ็ดโมงเช้า"
    static let payload = Data(#"{"aps":{"alert":{"title":"ร้านกาแฟ","body":"\#(body)"}}}"#.utf8)

    /// The body's lines in a text card: the Thai lines after the title's, without the box.
    static func bodyLines(_ out: String) -> [String] {
        let thai = out.split(separator: "\n").map { line in
            line.trimmingCharacters(in: CharacterSet(charactersIn: "│|┃ ").union(.whitespaces))
        }.filter { $0.unicodeScalars.contains { (0x0E00...0x0E7F).contains($0.value) } }
        return Array(thai.drop { $0 == "ร้านกาแฟ" })
    }

    @Test func aThaiBodyWrapsWhereICUBreaksIt() throws {
        let run = try ToolRun.binary(["render", "-", "--format", "text", "--width", "30"], standardInput: Self.payload)
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.err.contains("libicu"))
        let lines = Self.bodyLines(run.out)
        #expect(lines.count >= 3, "\(run.out)")
        let allowed = Set(try ICUBreakOracle.breaks([Self.body], kind: .line)[0])
        let ends = Self.lineEnds(lines)
        #expect(!ends.isEmpty && ends.allSatisfy(allowed.contains), "\(lines)")
        // Not only at the spaces.
        #expect(ends.contains { Array(Self.body.utf16)[$0 - 1] != 0x20 }, "\(lines)")
    }

    /// The UTF-16 offset in the body where each line but the last ends, after the space a break
    /// there dropped; checks that the lines hold the whole body.
    static func lineEnds(_ lines: [String]) -> [Int] {
        let body = Array(body.utf16)
        var offset = 0
        var ends: [Int] = []
        for line in lines {
            let units = Array(line.utf16)
            #expect(Array(body.dropFirst(offset).prefix(units.count)) == units, "\(line)")
            offset += units.count
            if offset < body.count && body[offset] == 0x20 { offset += 1 }
            ends.append(offset)
        }
        #expect(ends.last == body.count, "\(lines)")
        return ends.dropLast()
    }

    @Test func withoutICUThaiBreaksOnlyAtSpacesAndSaysSoOnce() throws {
        let run = try ToolRun.binary(
            ["render", "-", "--format", "text", "--width", "24"], standardInput: Self.payload,
            environment: ["RICHPREVIEW_ICU_LIBRARY": "/nonexistent/libicuuc.so.72"])
        #expect(run.status == 0, "\(run.err)")
        let warnings = run.err.split(separator: "\n").filter { $0.contains("install libicu72") }
        #expect(warnings.count == 1, "\(run.err)")
        #expect(warnings.first?.contains("warning: Thai, Lao, Khmer and Burmese text breaks only at spaces") == true)
        // The run too long for a line is cut between clusters, inside a word.
        let allowed = Set(try ICUBreakOracle.breaks([Self.body], kind: .line)[0])
        let ends = Self.lineEnds(Self.bodyLines(run.out))
        #expect(ends.contains { !allowed.contains($0) }, "\(ends)")
    }

    @Test func theLanguagePicksTheCJKFaceOfThePicture() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = Data(#"{"aps":{"alert":{"title":"直骨誤","body":"誤りを直す"}}}"#.utf8)
        var pictures: [String: Data] = [:]
        for language in ["ja", "zh-Hans", "en", "none"] {
            let png = folder.appendingPathComponent("\(language).png")
            let chosen = language == "none" ? [] : ["--language", language]
            let run = try ToolRun.binary(
                ["render", "-", "--format", "png", "-o", png.path, "--time", "9:41"] + chosen, standardInput: payload)
            #expect(run.status == 0, "\(run.err)")
            pictures[language] = try Data(contentsOf: png)
        }
        #expect(pictures["ja"] != pictures["zh-Hans"])
        #expect(pictures["zh-Hans"] == pictures["none"] && pictures["en"] == pictures["none"])
    }
}
