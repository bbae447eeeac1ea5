import CRichPreviewFriBidi
import Synchronization

/// GNU FriBidi, which the bidirectional layout of text uses, loaded with dlopen the first time a
/// text that may run right to left is laid out.
public enum BidiLibrary {
    /// Why FriBidi could not be loaded: the file dlopen was given, the Debian package that
    /// installs it and the loader's reason. Text is then laid out left to right.
    public struct Unavailable: Sendable, Equatable, CustomStringConvertible {
        /// The file name dlopen was given (`libfribidi.so.0`).
        public var library: String
        /// The Debian package that installs it (`libfribidi0`).
        public var package: String
        /// dlerror's message, or the function the library lacks.
        public var reason: String

        /// One line for a warning.
        public var description: String {
            "right-to-left text is laid out left to right: \(library) cannot be loaded (\(reason)); install \(package)"
        }
    }

    private static let failure = Mutex<Unavailable?>(nil)

    /// Set once a layout needed FriBidi and it could not be loaded; nil while it loaded or was
    /// never needed.
    public static var unavailable: Unavailable? { failure.withLock { $0 } }

    /// Loads FriBidi now; nil when it loaded, else why not.
    public static func load() -> Unavailable? {
        var report = crp_bidi_library_report()
        guard crp_bidi_library_load(&report) != CRP_BIDI_OK else { return nil }
        /// A fixed C character array up to its first NUL.
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let unavailable = Unavailable(
            library: text(report.library), package: text(report.package), reason: text(report.reason))
        failure.withLock { $0 = unavailable }
        return unavailable
    }

    static func noteFailure(_ status: crp_bidi_status) {
        if status == CRP_BIDI_LIBRARY_UNAVAILABLE { _ = load() }
    }

    /// False when `scalars` hold nothing that can run right to left (no character of a
    /// right-to-left script, no bidirectional control), so that left-to-right text with a
    /// left-to-right base needs no resolving. A quick filter over the blocks that hold every
    /// strong right-to-left character, not the algorithm.
    static func mayHoldRightToLeft(_ scalars: [UInt32]) -> Bool {
        scalars.contains { value in
            switch value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
            case 0x061C, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }
}
