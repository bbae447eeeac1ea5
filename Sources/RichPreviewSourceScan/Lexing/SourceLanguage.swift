/// The languages the source scanner reads.
public enum SourceLanguage: String, Sendable {
    /// Swift sources (`.swift`).
    case swift
    /// Objective-C sources and headers (`.m`, `.mm`, `.h`).
    case objectiveC

    /// The language of a file named `path`, from its extension: `.swift` is Swift; `.m`, `.mm` and
    /// `.h` are Objective-C; anything else (C#, Kotlin, …) is nil and is not scanned.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }
}
