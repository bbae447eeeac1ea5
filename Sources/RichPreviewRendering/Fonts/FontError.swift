import RichPreviewMedia

/// Why fonts could not be found, opened or used; the text for users is `description`.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// No file of a family the renderer needs was found: the file names looked for and the folders searched.
    case fontNotFound(family: String, fileNames: [String], searched: [String])
    /// The file is missing or cannot be read.
    case unreadableFontFile(path: String, reason: String)
    /// The file is not in a font format FreeType reads.
    case notAFont(path: String, reason: String)
    /// The face index is past the faces of a font collection.
    case noSuchFace(path: String, faceIndex: Int, reason: String)
    /// FreeType or HarfBuzz failed on the font: a corrupt table, glyph or bitmap.
    case corruptFont(path: String, reason: String)
    /// A size, text length or glyph bitmap over the renderer's limits.
    case overLimit(path: String, reason: String)
    /// Memory for FreeType or HarfBuzz could not be had.
    case outOfMemory(path: String)
    /// FreeType or HarfBuzz, loaded when the first font is opened, is not installed or lacks a
    /// function the renderer calls: the file asked for (`libfreetype.so.6`, `libharfbuzz.so.0`),
    /// the Debian package that installs it (`libfreetype6`, `libharfbuzz0b`) and the loader's reason.
    case libraryUnavailable(library: String, debianPackage: String, reason: String)

    /// The message for users.
    public var description: String {
        switch self {
        case .fontNotFound(let family, let fileNames, let searched):
            "no \(family) font found: looked for \(fileNames.joined(separator: ", ")) in "
                + (searched.isEmpty ? "no folder" : searched.joined(separator: ", "))
        case .unreadableFontFile(let path, let reason):
            "cannot read the font file \(path): \(reason)"
        case .notAFont(let path, let reason):
            "\(path) is not a font file FreeType reads: \(reason)"
        case .noSuchFace(let path, let faceIndex, let reason):
            "\(path) has no face \(faceIndex): \(reason)"
        case .corruptFont(let path, let reason):
            "corrupt font \(path): \(reason)"
        case .overLimit(let path, let reason):
            "over a limit with the font \(path): \(reason)"
        case .outOfMemory(let path):
            "out of memory while using the font \(path)"
        case .libraryUnavailable(let library, let debianPackage, let reason):
            "cannot load \(library) (install the Debian package \(debianPackage)): \(reason)"
        }
    }
}
