/// Why the app's strings could not be read.
public enum LocalizedStringsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path given is not there, or holds no `Localizable.strings`, `.stringsdict` or `.xcstrings`.
    case notFound(path: String)
    /// A strings file that could not be read (`reason`: the system's message or the size limit).
    case unreadable(file: String, reason: String)
    /// A strings file whose content is not what its kind holds: not a strings table, not a
    /// property list of plural rules, not a string catalog.
    case malformed(file: String, reason: String)

    /// The path or file concerned.
    public var file: String {
        switch self {
        case .notFound(let path): path
        case .unreadable(let file, _), .malformed(let file, _): file
        }
    }

    /// Why, without the file's name.
    public var reason: String {
        switch self {
        case .notFound: "no Localizable.strings, Localizable.stringsdict or Localizable.xcstrings there"
        case .unreadable(_, let reason): "cannot read the strings: \(reason)"
        case .malformed(_, let reason): "not a valid strings file: \(reason)"
        }
    }

    /// One line naming the file and the reason.
    public var description: String {
        "\(file): \(reason)"
    }
}
