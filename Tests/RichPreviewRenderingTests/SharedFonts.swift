import RichPreviewRendering

/// The system fonts, found once for every test.
enum SharedFonts {
    private static let loaded = Result { () throws(FontError) -> FontSet in try FontSet.system() }
    private static let sharedShaper = loaded.map { TextShaper(fonts: $0) }

    /// The Debian fonts at their default paths; throws when Inter is not installed.
    static func fonts() throws -> FontSet { try loaded.get() }

    /// A shaper over `fonts()`, shared so that its caches are exercised across tests.
    static func shaper() throws -> TextShaper { try sharedShaper.get() }
}

/// The sentence of the design brief: Chinese actions, accents, emoji sequences, Korean and Japanese.
let mixedSample = "查看 忽略 接受 拒绝 测试推送的快捷回复 Hello, café — naïve 👍🏽 👨‍👩‍👧‍👦 🇯🇵 ❤️ 한국어 日本語のテキスト"
