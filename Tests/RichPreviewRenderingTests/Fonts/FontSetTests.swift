import Foundation
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

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
}
