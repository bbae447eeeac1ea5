/// One source file to scan: its name (used in locations), its text and its language.
public struct SourceFile: Sendable {
    /// The file's name as locations and notes report it.
    public var path: String
    /// The file's whole text.
    public var text: String
    /// Which lexer reads it.
    public var language: SourceLanguage

    /// A file of the given language, whatever its extension.
    public init(path: String, text: String, language: SourceLanguage) {
        self.path = path
        self.text = text
        self.language = language
    }

    /// A file whose language comes from its extension; nil when it is not Swift or Objective-C.
    public init?(path: String, text: String) {
        guard let language = SourceLanguage(path: path) else { return nil }
        self.init(path: path, text: text, language: language)
    }
}
