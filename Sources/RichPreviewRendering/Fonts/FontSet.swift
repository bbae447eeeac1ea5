import Foundation

/// The fonts text is drawn with: a fallback chain found once, whose files are opened on first use.
///
/// The chain, in order: Inter (`fonts-inter`; Regular, SemiBold, Bold), Noto Sans CJK SC
/// (`fonts-noto-cjk`; Regular, Bold; another language's face with `forLanguage`), WenQuanYi Zen Hei (`fonts-wqy-zenhei`), Noto Color Emoji
/// (`fonts-noto-color-emoji`), the Noto Sans family of each script in `WritingScript.all`
/// (`fonts-noto-core`: Arabic, Hebrew, Devanagari, Thai, …; each tried only for its own
/// script's characters) and DejaVu Sans (`fonts-dejavu-core`; Regular, Bold). Each grapheme
/// cluster takes the first font that has all its characters (emoji-presentation clusters try
/// the emoji font first); a cluster none of them covers takes the first other font file found
/// in the search folders that covers it. A `FontSet` is safe to share between threads.
public struct FontSet: Sendable {
    /// The environment variable naming extra fonts folders (colon-separated), searched before
    /// `/usr/share/fonts` and `/usr/local/share/fonts`. In each folder a family's file is looked
    /// for at its Debian path (`opentype/inter/Inter-Regular.otf`) and then by file name alone.
    public static let environmentVariable = "RICHPREVIEW_FONTS"

    let library: FontLibrary

    /// The families found, in fallback order, with the file each weight uses.
    public let sources: [FontSource]
    /// The font actions' symbols are drawn with (`SymbolFont`), when installed; opened on first use.
    let symbolSlot: FontSlot?
    /// The folders that were searched, in order.
    public var searchPaths: [String] { library.folders }

    /// Finds the chain's fonts at their Debian paths and opens Inter Regular; everything else
    /// is opened when first needed.
    /// - Parameters:
    ///   - searchPaths: the fonts folders to search; nil for `RICHPREVIEW_FONTS` then the defaults.
    ///   - environment: where `RICHPREVIEW_FONTS` is read from.
    /// - Throws: `FontError.fontNotFound` when Inter is not in any folder (the other families
    ///   are optional); the `FontError` of opening Inter Regular when it is unreadable or corrupt;
    ///   `FontError.libraryUnavailable` when FreeType or HarfBuzz, loaded by that first open, is missing.
    public static func system(
        searchPaths: [String]? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(FontError) -> FontSet {
        let folders = FontLocator.searchFolders(explicit: searchPaths, environment: environment)
        var members: [FontLibrary.Member] = []
        var sources: [FontSource] = []
        for family in FontFamily.chain {
            var found: [FontWeight: FontFile] = [:]
            for (weight, relativePath) in family.files {
                if let path = FontLocator.find(relativePath, in: folders) {
                    found[weight] = FontFile(path: path, faceIndex: family.faceIndex)
                }
            }
            if found.isEmpty {
                guard family.isRequired else { continue }
                let names = Set(family.files.values.map { ($0 as NSString).lastPathComponent }).sorted()
                throw .fontNotFound(family: family.name, fileNames: names, searched: folders)
            }
            var files: [FontWeight: FontFile] = [:]
            var slots: [FontWeight: FontSlot] = [:]
            var slotsByFile: [FontFile: FontSlot] = [:]
            for weight in FontWeight.allCases {
                guard let file = weight.fallbackOrder.lazy.compactMap({ found[$0] }).first else { continue }
                files[weight] = file
                if slotsByFile[file] == nil {
                    slotsByFile[file] = FontSlot(
                        file: file, family: family.name, shapesLiterally: family.shapesLiterally)
                }
                slots[weight] = slotsByFile[file]
            }
            members.append(FontLibrary.Member(family: family, slots: slots))
            sources.append(FontSource(family: family.name, files: files, isEmoji: family.isEmoji))
        }
        let library = FontLibrary(members: members, folders: folders)
        _ = try members.first?.slots[.regular]?.open()
        let symbols = FontLocator.find(SymbolFont.relativePath, in: folders).map {
            FontSlot(file: FontFile(path: $0), family: SymbolFont.family)
        }
        return FontSet(library: library, sources: sources, symbolSlot: symbols)
    }

    /// Opens every font of the chain now rather than on first use, but for the script families,
    /// which are opened when a character of their script is first drawn.
    /// - Throws: the first `FontError` met: an unreadable, non-font or corrupt file.
    public func preload() throws(FontError) {
        for member in library.members where member.family.script == nil {
            for weight in FontWeight.allCases {
                _ = try member.slots[weight]?.open()
            }
        }
    }

    /// The fonts of the chain that were tried and could not be opened; they are skipped.
    public var loadFailures: [FontError] {
        var seen = Set<FontFile>()
        return library.members.flatMap { $0.slots.values }.filter { seen.insert($0.file).inserted }
            .compactMap(\.failure)
    }

    /// True when some installed font has every character of `character` (default-ignorable
    /// ones such as ZWJ and variation selectors need none).
    public func hasGlyph(for character: Character) -> Bool {
        if case .missing = library.choice(for: character, weight: .regular) { return false }
        return true
    }

    /// The characters of `text` no installed font has, in order, each once.
    public func missingCharacters(in text: String) -> [Character] {
        var seen = Set<Character>()
        return text.filter { !hasGlyph(for: $0) && seen.insert($0).inserted }.map { $0 }
    }

    /// The characters of `texts` no installed font has, grouped by script in order of first
    /// appearance (nil for a character of no known script), for one warning per script.
    public func missingCharactersByScript(in texts: [String]) -> [(script: WritingScript?, characters: [Character])] {
        var groups: [(script: WritingScript?, characters: [Character])] = []
        for character in missingCharacters(in: texts.joined(separator: "\n")) {
            let script = character.unicodeScalars.first.flatMap(WritingScript.of)
            if let index = groups.firstIndex(where: { $0.script == script }) {
                groups[index].characters.append(character)
            } else {
                groups.append((script, [character]))
            }
        }
        return groups
    }

    /// The family `character` is drawn with at `weight`: nil when no font has it or when it
    /// needs no glyph (a lone ZWJ or control character).
    public func family(for character: Character, weight: FontWeight = .regular) -> String? {
        if case .font(_, let family) = library.choice(for: character, weight: weight) { return family }
        return nil
    }
}
