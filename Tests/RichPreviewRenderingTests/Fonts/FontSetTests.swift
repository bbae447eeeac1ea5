import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

@testable import RichPreviewRendering

struct FontSetTests {
    @Test func everyCharacterOfTheSampleHasAGlyph() throws {
        let fonts = try SharedFonts.fonts()
        #expect(fonts.missingCharacters(in: mixedSample) == [])
        for character in mixedSample { #expect(fonts.hasGlyph(for: character), "\(character)") }
    }

    @Test func aPrivateUseCharacterNoFontHasIsReportedMissing() throws {
        let fonts = try SharedFonts.fonts()
        // Supplementary Private Use Area-A; Inter has glyphs in the BMP private use area (U+E000).
        let privateUse = Character(Unicode.Scalar(0xF0000)!)
        #expect(!fonts.hasGlyph(for: privateUse))
        #expect(fonts.missingCharacters(in: "ok \(privateUse) ok \(privateUse)") == [privateUse])
        #expect(fonts.family(for: privateUse) == nil)
    }

    @Test(arguments: [
        ("a", "Inter"), ("é", "Inter"), ("查", "Noto Sans CJK SC"), ("한", "Noto Sans CJK SC"),
        ("👍🏽", "Noto Color Emoji"), ("👨‍👩‍👧‍👦", "Noto Color Emoji"), ("🇯🇵", "Noto Color Emoji"),
        ("❤️", "Noto Color Emoji"), ("1️⃣", "Noto Color Emoji"), ("1", "Inter"),
    ])
    func charactersGoToTheFirstFontOfTheChainThatHasThem(text: String, family: String) throws {
        let fonts = try SharedFonts.fonts()
        #expect(fonts.family(for: Character(text)) == family)
    }

    @Test func theChainIsInterThenCJKThenEmojiThenDejaVu() throws {
        let fonts = try SharedFonts.fonts()
        let families = fonts.sources.map(\.family)
        #expect(families.first == "Inter")
        let order = ["Inter", "Noto Sans CJK SC", "Noto Color Emoji", "DejaVu Sans"].compactMap {
            families.firstIndex(of: $0)
        }
        #expect(order.count == 4 && order == order.sorted())
        #expect(fonts.sources.first?.files[.semibold]?.path.hasSuffix("Inter-SemiBold.otf") == true)
        #expect(fonts.sources.first { $0.family == "Noto Sans CJK SC" }?.files[.regular]?.faceIndex == 2)
        #expect(fonts.sources.filter(\.isEmoji).map(\.family) == ["Noto Color Emoji"])
        try fonts.preload()
        #expect(fonts.loadFailures.isEmpty)
    }

    @Test func anEmptyFolderGivesFontNotFoundNamingTheFamilyAndFolder() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try FontSet.system(searchPaths: [folder.path])
        } throws: { error in
            guard case .fontNotFound(let family, let names, let searched) = error as? FontError else { return false }
            return family == "Inter" && names.contains("Inter-Regular.otf") && searched == [folder.path]
        }
    }

    @Test func theEnvironmentVariableAddsAFolderSearchedFirstByFileName() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let installed = try #require(try SharedFonts.fonts().sources.first?.files[.bold]?.path)
        let copy = folder.appendingPathComponent("Inter-Bold.otf")
        try FileManager.default.copyItem(atPath: installed, toPath: copy.path)
        let fonts = try FontSet.system(environment: [FontSet.environmentVariable: "/nonexistent:" + folder.path])
        #expect(fonts.searchPaths.prefix(2) == ["/nonexistent", folder.path])
        #expect(fonts.sources.first?.files[.bold]?.path == copy.path)
        #expect(fonts.sources.first?.files[.regular]?.path != copy.path)
    }

    @Test func aFileThatIsNotAFontIsReportedAsSuch() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("Inter-Regular.otf")
        try Data("this is not a font".utf8).write(to: fake)
        #expect {
            try FontSet.system(searchPaths: [folder.path])
        } throws: { error in
            guard case .notAFont(let path, _) = error as? FontError else { return false }
            return path == fake.path
        }
    }

    @Test func aCorruptOptionalFontIsSkippedAndReported() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inter = try #require(try SharedFonts.fonts().sources.first?.files[.regular]?.path)
        try FileManager.default.copyItem(atPath: inter, toPath: folder.appendingPathComponent("Inter-Regular.otf").path)
        let fake = folder.appendingPathComponent("NotoSansCJK-Regular.ttc")
        try Data(repeating: 0x74, count: 4096).write(to: fake)
        let fonts = try FontSet.system(searchPaths: [folder.path])
        #expect(fonts.sources.map(\.family) == ["Inter", "Noto Sans CJK SC"])
        #expect(fonts.sources.first?.files[.bold]?.path.hasSuffix("Inter-Regular.otf") == true)
        #expect(fonts.loadFailures.isEmpty)  // nothing tried yet
        #expect(!fonts.hasGlyph(for: "查"))
        #expect(fonts.hasGlyph(for: "a"))
        #expect(fonts.loadFailures.count == 1)
        #expect {
            try fonts.preload()
        } throws: { error in
            guard case .notAFont(let path, _) = error as? FontError else { return false }
            return path == fake.path
        }
        let line = TextShaper(fonts: fonts).shape("a查", style: TextStyle(size: 17))
        #expect(line.glyphs.count == 2 && line.families == ["Inter"])  // the missing glyph is Inter's box
    }

    /// Inter Regular cut at `length` bytes, or with 8 KiB from `offset` overwritten by noise.
    static func damagedInter(cutAt length: Int?, scrambleAt offset: Int?) throws -> Data {
        let inter = try #require(try SharedFonts.fonts().sources.first?.files[.regular]?.path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: inter))
        if let length { bytes = bytes.prefix(length) }
        if let offset {
            var state: UInt32 = 12345
            for index in offset..<min(offset + 8192, bytes.count) {
                state = state &* 1_103_515_245 &+ 12345
                bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
            }
        }
        return bytes
    }

    @Test(arguments: [(64, nil), (65536, nil), (nil, 20000), (nil, 100_000), (nil, 200_000)] as [(Int?, Int?)])
    func aDamagedFontIsRefusedOrDrawsWithoutCrashing(cutAt length: Int?, scrambleAt offset: Int?) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.damagedInter(cutAt: length, scrambleAt: offset).write(
            to: folder.appendingPathComponent("Inter-Regular.otf"))
        let fonts: FontSet
        do {
            fonts = try FontSet.system(searchPaths: [folder.path])
        } catch {
            switch error {
            case .notAFont, .corruptFont: return
            default: Issue.record("unexpected \(error)")
            }
            return
        }
        let shaper = TextShaper(fonts: fonts)
        let line = shaper.shape("Hello, café 查看 👍🏽", style: TextStyle(size: 17))
        var canvas = Canvas(width: 200, height: 30, background: .white)
        canvas.draw(line, baselineOrigin: Point(x: 2, y: 22))
        #expect(canvas.image().size == PixelSize(width: 200, height: 30))
        #expect(shaper.measure("Hello", style: TextStyle(size: 17)) >= 0)
    }

    /// The code points fontconfig's `fc-query` says the font files under `folders` map, or nil
    /// (with a note) when fontconfig is not installed.
    static func fontconfigCoverage(_ folders: [String]) throws -> Set<UInt32>? {
        guard
            let tool = ["/usr/bin/fc-query", "/usr/local/bin/fc-query"].first(
                where: FileManager.default.isExecutableFile)
        else {
            FileHandle.standardError.write(Data("note: fc-query not found; skipping the coverage comparison.\n".utf8))
            return nil
        }
        var files: [String] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            // Icon fonts map letters to ligature parts and private-use code points to icons: never a
            // fallback for text (`FontLocator.iconFontNames`).
            for case let name as String in walker
            where ["ttf", "otf", "ttc"].contains((name as NSString).pathExtension)
                && !FontLocator.iconFontNames.contains((name as NSString).lastPathComponent)
            {
                files.append((folder as NSString).appendingPathComponent(name))
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "%{charset}\\n"] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var covered = Set<UInt32>()
        for range in String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace) {
            let bounds = range.split(separator: "-").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last, low <= high, high <= 0x10FFFF else { continue }
            covered.formUnion(low...high)
        }
        return covered
    }

    @Test func everyCharacterAnInstalledFontHasIsFoundAsFontconfigSeesIt() throws {
        let fonts = try SharedFonts.fonts()
        guard let covered = try Self.fontconfigCoverage(fonts.searchPaths) else { return }
        #expect(covered.count > 10_000)
        var missing: [String] = []
        for value in covered.sorted() {
            guard let scalar = Unicode.Scalar(value), !scalar.properties.isDefaultIgnorableCodePoint else { continue }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: continue
            default: if !fonts.hasGlyph(for: Character(scalar)) { missing.append(String(value, radix: 16)) }
            }
        }
        #expect(missing.isEmpty, "covered by an installed font but reported missing: \(missing.prefix(20))")
        // And the other way: assigned letters in no installed font are missing (Thai, Devanagari here).
        for value: UInt32 in [0x0E2A, 0x0928, 0x1000] where !covered.contains(value) {
            #expect(!fonts.hasGlyph(for: Character(Unicode.Scalar(value)!)), "U+\(String(value, radix: 16))")
        }
    }
}
