import CRichPreviewICU

/// ICU, whose line break iterator finds the word boundaries of Thai, Lao, Khmer and Burmese (written
/// without spaces between words) with its dictionaries; loaded with dlopen the first time such a
/// text is broken into lines.
public enum ICULibrary {
    /// Why ICU (`libicuuc.so.72` or another version, Debian package `libicu72`) could not be
    /// loaded: the library, one of its functions or its break data is missing. Those scripts then
    /// break only where the other rules allow (at spaces and punctuation).
    public typealias Unavailable = LibraryUnavailable

    private static let failure = LibraryFailure(fallback: "Thai, Lao, Khmer and Burmese text breaks only at spaces")

    /// Set once a text needed ICU and it could not be loaded; nil while it loaded or was never
    /// needed.
    public static var unavailable: Unavailable? { failure.unavailable }

    /// Loads ICU now; nil when it loaded, else why not.
    public static func load() -> Unavailable? {
        var report = crp_icu_library_report()
        guard crp_icu_library_load(&report) != CRP_ICU_OK else { return nil }
        return failure.record(
            library: LibraryFailure.text(report.library), package: LibraryFailure.text(report.package),
            reason: LibraryFailure.text(report.reason))
    }

    /// The offsets (in UTF-16 code units, each strictly inside `text`) where ICU's line break
    /// iterator breaks `text`; nil when ICU cannot be loaded (recorded in `unavailable`), the text
    /// is over its limit or ICU refuses it.
    static func lineBreaks(in text: [UInt16]) -> [Int]? {
        guard text.count <= Int(CRP_ICU_MAX_LENGTH) else { return nil }
        var breaks = [Int32](repeating: 0, count: text.count)
        var count: Int32 = 0
        let status = text.withUnsafeBufferPointer { units in
            breaks.withUnsafeMutableBufferPointer { found in
                crp_icu_line_breaks(units.baseAddress, Int32(units.count), found.baseAddress, &count)
            }
        }
        guard status == CRP_ICU_OK else {
            if status == CRP_ICU_LIBRARY_UNAVAILABLE { _ = load() }
            return nil
        }
        return breaks.prefix(Int(count)).map(Int.init)
    }
}
