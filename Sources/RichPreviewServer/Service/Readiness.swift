import CRichPreviewFFmpeg
import CRichPreviewHEIF
import CRichPreviewLCMS
import CRichPreviewLoader
import CRichPreviewWebP
import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import Synchronization

/// What `GET /ready` checks, once: the libraries loaded on first use are loaded now (Little CMS,
/// FriBidi, FreeType and HarfBuzz are needed; libwebp, libheif and FFmpeg only for their formats)
/// and the fonts are found. The fonts found are kept for every render.
final class Readiness: Sendable {
    /// One library or the fonts: loaded, or why not.
    struct Component: Encodable, Sendable {
        var name: String
        var required: Bool
        var loaded: Bool
        var problem: String?
    }

    /// The answer of `/ready`.
    struct Report: Encodable, Sendable {
        var ready: Bool
        var components: [Component]
    }

    private let outcome = Mutex<(report: Report, fonts: FontSet?)?>(nil)

    /// The report, checking the first time it is asked.
    var report: Report { check().report }

    /// The fonts, found on the first check.
    func fonts() throws(FontError) -> FontSet {
        if let fonts = check().fonts { return fonts }
        return try FontSet.system()
    }

    private func check() -> (report: Report, fonts: FontSet?) {
        if let done = outcome.withLock({ $0 }) { return done }
        var components: [Component] = []
        var fonts: FontSet?
        do {
            let set = try FontSet.system()
            try set.preload()
            fonts = set
            components.append(Component(name: "fonts (FreeType, HarfBuzz, Inter)", required: true, loaded: true))
        } catch {
            components.append(
                Component(name: "fonts (FreeType, HarfBuzz, Inter)", required: true, loaded: false, problem: "\(error)")
            )
        }
        let bidi = BidiLibrary.load()
        components.append(
            Component(
                name: "FriBidi", required: true, loaded: bidi == nil,
                problem: bidi.map { "\($0.library) (\($0.package)): \($0.reason)" }))
        /// A fixed C character array up to its first NUL.
        func text<Field>(_ field: Field) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        func library(_ name: String, required: Bool, _ load: (UnsafeMutablePointer<crp_library_report>) -> Bool) {
            var report = crp_library_report()
            let loaded = load(&report)
            components.append(
                Component(
                    name: name, required: required, loaded: loaded,
                    problem: loaded
                        ? nil
                        : "\(text(report.library)) (\(text(report.package))): \(text(report.reason))"
                ))
        }
        library("Little CMS", required: true) { crp_lcms_load($0) == CRP_LCMS_OK }
        library("libwebp", required: false) { crp_webp_load($0) == CRP_WEBP_OK }
        library("libheif", required: false) { crp_heif_load($0) == CRP_HEIF_OK }
        library("FFmpeg", required: false) { crp_av_libraries_load($0) == CRP_AV_OK }
        let report = Report(ready: components.allSatisfy { $0.loaded || !$0.required }, components: components)
        // A failed check is tried again on the next probe: a font or a package may be installed.
        if report.ready { outcome.withLock { $0 = (report, fonts) } }
        return (report, fonts)
    }
}
