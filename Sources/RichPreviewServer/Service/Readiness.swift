import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import Synchronization

/// What `GET /ready` checks, once it passes: the libraries `render` loads on first use load now
/// (FreeType and HarfBuzz with the fonts, FriBidi) and Inter is found. The fonts found are kept
/// for every render. The optional libraries (Little CMS, libwebp, libheif, FFmpeg, ICU) are loaded
/// and reported too, as not required: a missing one fails only the requests that need it (a WebP
/// upload, a movie frame, Thai text breaking at spaces only), so the service stays ready.
final class Readiness: Sendable {
    /// One library or the fonts: loaded, or why not, and whether the service is ready without it.
    struct Component: Encodable, Sendable {
        var name: String
        var loaded: Bool
        var required: Bool = true
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
            components.append(Component(name: "fonts (FreeType, HarfBuzz, Inter)", loaded: true))
        } catch {
            components.append(
                Component(name: "fonts (FreeType, HarfBuzz, Inter)", loaded: false, problem: "\(error)")
            )
        }
        let bidi = BidiLibrary.load()
        components.append(
            Component(
                name: "FriBidi", loaded: bidi == nil,
                problem: bidi.map { "\($0.library) (\($0.package)): \($0.reason)" }))
        for codec in CodecLibraries.load() {
            components.append(
                Component(name: codec.name, loaded: codec.problem == nil, required: false, problem: codec.problem))
        }
        let icu = ICULibrary.load()
        components.append(
            Component(
                name: "ICU", loaded: icu == nil, required: false,
                problem: icu.map { "\($0.library) (\($0.package)): \($0.reason)" }))
        let report = Report(ready: components.allSatisfy { $0.loaded || !$0.required }, components: components)
        // A failed check is tried again on the next probe: a font or a package may be installed.
        if report.ready { outcome.withLock { $0 = (report, fonts) } }
        return (report, fonts)
    }
}
