import Foundation
import RichPreview
import RichPreviewImaging

extension ScaleCommand {
    /// Inputs read as the command line names them (`-` from standard input) and an output named
    /// `-` written to standard output.
    static func files(_ console: Console) -> ScaleFileAccess {
        ScaleFileAccess(
            read: { path throws(ScaleJob.Failure) in
                do throws(InputFile.ReadError) {
                    let input = try InputFile.read(path, limit: InputFile.mediaLimit, console: console)
                    return (input.path, input.data)
                } catch {
                    throw ScaleJob.Failure(file: error.path, message: error.reason)
                }
            }, writeStandardOutput: { console.outBytes($0) })
    }

    /// How reports name an input: `<stdin>` for `-`.
    static func inputName(_ input: String) -> String { input == "-" ? InputFile.standardInputName : input }

    /// The one-line summary of an output written.
    static func summary(_ report: ScaleOutputReport) -> String {
        let orientation =
            report.orientationApplied == true ? ", orientation \(report.orientation ?? 1) applied" : ""
        let sizes = "\(report.inputSize.map { "\($0)" } ?? "?") -> \(report.outputSize.map { "\($0)" } ?? "?")"
        return
            "\(report.output): \(sizes) \(report.outputFormat?.rawValue ?? "")\(orientation)\(colour(report.colour))"
    }

    /// `, converted from Display P3 to sRGB` and the like; "" for an image with no profile or an
    /// sRGB one, and for one ignored (`warnAboutColour` says why).
    static func colour(_ colour: ColourReport?) -> String {
        guard let colour else { return "" }
        let name = colour.profile.isEmpty ? "its ICC profile" : colour.profile
        switch colour.action {
        case .converted: return ", converted from \(name) to sRGB"
        case .kept: return ", \(name) kept"
        case .alreadySRGB, .ignored: return ""
        }
    }

    /// Warns, on standard error, of an input whose profile could not be used.
    static func warnAboutColour(_ report: ScaleOutputReport, console: Console) {
        guard let colour = report.colour, colour.action == .ignored else { return }
        let name = colour.profile.isEmpty ? "" : " (\(colour.profile))"
        console.report(
            .warning, file: report.input,
            "its ICC profile\(name) is ignored, the pixels kept as stored: \(colour.problem ?? "it cannot be used")")
    }
}
