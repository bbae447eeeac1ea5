import Synchronization

/// Why a library the text layout loads with dlopen (FriBidi, ICU) could not be loaded: the file
/// dlopen was given, the Debian package that installs it, the loader's reason, and what the
/// layout does without it.
public struct LibraryUnavailable: Sendable, Equatable, CustomStringConvertible {
    /// The file names dlopen was given (`libfribidi.so.0`).
    public var library: String
    /// The Debian package that installs it (`libfribidi0`).
    public var package: String
    /// dlerror's message, the function the library lacks, or why its shim refused it.
    public var reason: String
    /// What the layout does instead ("right-to-left text is laid out left to right").
    public var fallback: String

    /// One line for a warning.
    public var description: String {
        "\(fallback): \(library) cannot be loaded (\(reason)); install \(package)"
    }
}

/// The first failure to load one library, kept for the warning that says so.
final class LibraryFailure: Sendable {
    private let fallback: String
    private let failure = Mutex<LibraryUnavailable?>(nil)

    /// A record for a library without which the layout does `fallback`.
    init(fallback: String) {
        self.fallback = fallback
    }

    /// The failure recorded; nil while the library loaded or was never needed.
    var unavailable: LibraryUnavailable? { failure.withLock { $0 } }

    /// Records a failed load from the fields of the loader's report and returns it.
    func record(library: String, package: String, reason: String) -> LibraryUnavailable {
        let unavailable = LibraryUnavailable(library: library, package: package, reason: reason, fallback: fallback)
        failure.withLock { $0 = unavailable }
        return unavailable
    }

    /// A fixed C character array of the loader's report up to its first NUL.
    static func text<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
