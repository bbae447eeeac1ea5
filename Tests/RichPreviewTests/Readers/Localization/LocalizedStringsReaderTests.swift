import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `LocalizedStringsReader`: `.strings` (UTF-8 and UTF-16), `.stringsdict` plurals and
/// `.xcstrings` catalogs, by language, with iOS's format specifiers.
struct LocalizedStringsReaderTests {
    static func write(_ text: String, to path: String, in folder: URL, utf16: Bool = false) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = utf16 ? Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! : Data(text.utf8)
        try data.write(to: url)
    }

    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>UNREAD_COUNT</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%@ has %#@messages@</string>
            <key>messages</key><dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string>
              <key>one</key><string>%d unread message</string>
              <key>other</key><string>%d unread messages</string>
            </dict>
          </dict>
        </dict></plist>
        """

    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "GAME_INVITE_TITLE": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%@ invites you"}},
            "de": {"stringUnit": {"state": "translated", "value": "%@ lädt dich ein"}}}},
          "POINTS": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%lld point"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld points"}}}}}}},
          "Only in the source": {}
        }}
        """

    static func project() throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        try write(
            "/* greeting */\n\"GREETING\" = \"Hello %1$@, you have %2$d%% left\";\n\"PLAIN\" = \"Plain\";\n",
            to: "App/en.lproj/Localizable.strings", in: folder)
        try write(
            "\"GREETING\" = \"Hallo %1$@, noch %2$ld%%\";\n", to: "App/de.lproj/Localizable.strings", in: folder,
            utf16: true)
        try write("\"BASE_ONLY\" = \"From Base\";\n", to: "App/Base.lproj/Localizable.strings", in: folder)
        try write(stringsdict, to: "App/en.lproj/Localizable.stringsdict", in: folder)
        try write(catalog, to: "Game/Localizable.xcstrings", in: folder)
        try write("\"GREETING\" = \"Not the table iOS reads\";\n", to: "App/en.lproj/InfoPlist.strings", in: folder)
        return folder
    }

    @Test func aStringsValueIsFilledWithNumberedArguments() throws {
        let strings = try LocalizedStringsReader.read(path: try Self.project().path, language: "en")
        #expect(strings.text(forKey: "GREETING", arguments: ["Anna", "20"]) == "Hello Anna, you have 20% left")
        #expect(strings.text(forKey: "PLAIN", arguments: []) == "Plain")
        #expect(strings.text(forKey: "BASE_ONLY", arguments: []) == "From Base")
        #expect(strings.text(forKey: "NOWHERE", arguments: []) == nil)
        #expect(!strings.contains("NOWHERE"))
    }

    @Test func aUTF16TableIsReadForItsLanguage() throws {
        let strings = try LocalizedStringsReader.read(path: try Self.project().path, language: "de")
        #expect(strings.text(forKey: "GREETING", arguments: ["Anna", "3"]) == "Hallo Anna, noch 3%")
        #expect(strings.text(forKey: "GAME_INVITE_TITLE", arguments: ["Ben"]) == "Ben lädt dich ein")
        #expect(strings.text(forKey: "BASE_ONLY", arguments: []) == "From Base")
    }

    @Test func aStringsdictPicksOneOrOtherByCount() throws {
        let strings = try LocalizedStringsReader.read(path: try Self.project().path, language: "en")
        #expect(strings.text(forKey: "UNREAD_COUNT", arguments: ["Anna", "1"]) == "Anna has 1 unread message")
        #expect(strings.text(forKey: "UNREAD_COUNT", arguments: ["Anna", "5"]) == "Anna has 5 unread messages")
    }

    @Test func aCatalogGivesItsValuePluralsAndTheSourceKeyItself() throws {
        let folder = try Self.project()
        let strings = try LocalizedStringsReader.read(path: folder.appendingPathComponent("Game").path, language: "fr")
        #expect(strings.text(forKey: "GAME_INVITE_TITLE", arguments: ["Ben"]) == "Ben invites you")
        #expect(strings.text(forKey: "POINTS", arguments: ["1"]) == "1 point")
        #expect(strings.text(forKey: "POINTS", arguments: ["12"]) == "12 points")
        #expect(strings.text(forKey: "Only in the source", arguments: []) == "Only in the source")
    }

    @Test func anLprojFolderOrOneFileIsATable() throws {
        let folder = try Self.project()
        let lproj = try LocalizedStringsReader.read(path: folder.appendingPathComponent("App/en.lproj").path)
        #expect(lproj.contains("GREETING") && lproj.contains("UNREAD_COUNT"))
        let file = try LocalizedStringsReader.read(
            path: folder.appendingPathComponent("App/Base.lproj/Localizable.strings").path)
        #expect(file.keys == ["BASE_ONLY"])
    }

    @Test func aMalformedFileIsAnErrorNamingIt() throws {
        let folder = try TestPaths.temporaryFolder()
        try Self.write("\"KEY\" = \"no end", to: "en.lproj/Localizable.strings", in: folder)
        #expect {
            try LocalizedStringsReader.read(path: folder.path)
        } throws: { error in
            guard case .malformed(let file, _)? = error as? LocalizedStringsError else { return false }
            return file.hasSuffix("en.lproj/Localizable.strings")
        }
        try Self.write("{\"strings\": 3}", to: "Localizable.xcstrings", in: folder)
        #expect(throws: LocalizedStringsError.self) {
            try LocalizedStringsReader.table(
                of: [folder.appendingPathComponent("Localizable.xcstrings").path], language: "en")
        }
        #expect(throws: LocalizedStringsError.notFound(path: folder.path + "/none")) {
            try LocalizedStringsReader.read(path: folder.path + "/none")
        }
    }

    @Test func aLinkOutOfTheFolderIsNotFollowed() throws {
        let outside = try Self.project()
        let folder = try TestPaths.temporaryFolder()
        try Self.write("\"INSIDE\" = \"In\";\n", to: "en.lproj/Localizable.strings", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Linked").path,
            withDestinationPath: outside.appendingPathComponent("App").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("de.lproj").path,
            withDestinationPath: outside.appendingPathComponent("App/de.lproj").path)
        let strings = try LocalizedStringsReader.read(path: folder.path, language: "en")
        #expect(strings.keys == ["INSIDE"])
        #expect(try LocalizedStringsReader.read(path: folder.path, language: "de").keys == [])
    }

    @Test func formatSpecifiersTakeTheirArgumentsAsIOSDoes() throws {
        let folder = try TestPaths.temporaryFolder()
        try Self.write(
            #"""
            "A" = "%@ and %@";
            "B" = "%2$@ before %1$@";
            "C" = "%d of %ld, %lld%%";
            "D" = "%@ and %@ missing";
            """#, to: "Localizable.strings", in: folder)
        let strings = try LocalizedStringsReader.read(path: folder.appendingPathComponent("Localizable.strings").path)
        #expect(strings.text(forKey: "A", arguments: ["x", "y"]) == "x and y")
        #expect(strings.text(forKey: "B", arguments: ["x", "y"]) == "y before x")
        #expect(strings.text(forKey: "C", arguments: ["1", "2", "50"]) == "1 of 2, 50%")
        #expect(strings.text(forKey: "D", arguments: ["x"]) == "x and %@ missing")
    }
}
