import CRichPreviewFriBidi

/// GNU FriBidi, which the bidirectional layout of text uses, loaded with dlopen the first time a
/// text that may run right to left is laid out.
public enum BidiLibrary {
    /// Why FriBidi (`libfribidi.so.0`, Debian package `libfribidi0`) could not be loaded. Text is
    /// then laid out left to right.
    public typealias Unavailable = LibraryUnavailable

    private static let failure = LibraryFailure(fallback: "right-to-left text is laid out left to right")

    /// Set once a layout needed FriBidi and it could not be loaded; nil while it loaded or was
    /// never needed.
    public static var unavailable: Unavailable? { failure.unavailable }

    /// Loads FriBidi now; nil when it loaded, else why not.
    public static func load() -> Unavailable? {
        var report = crp_bidi_library_report()
        guard crp_bidi_library_load(&report) != CRP_BIDI_OK else { return nil }
        return failure.record(
            library: LibraryFailure.text(report.library), package: LibraryFailure.text(report.package),
            reason: LibraryFailure.text(report.reason))
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
