import Foundation
import RichPreview
import RichPreviewImaging

/// `richpreview inspect FILE...`: kind, format, size and validity of attachment files.
enum InspectCommand: Command {
    static let declaration = CommandDeclaration(
        name: "inspect",
        abstract: "Tell each file's kind and format from its bytes, and check that images decode whole.",
        discussion: """
            Images (PNG, JPEG, GIF) are decoded completely, as the phone would: bad checksums,
            corrupt data and truncation are errors. Exit 1 when any file is unreadable, corrupt
            or of an unknown kind.
            """,
        options: [
            OptionDeclaration(
                "json",
                help: "Print one JSON array of objects (path, kind, format, bytes, width, height, bitDepth, error)."),
            OptionDeclaration(
                "max-pixels", arity: .value(placeholder: "N"),
                help: "Refuse images over N pixels before decoding (default \(ImageLimits.defaultMaxPixels))."),
            OptionDeclaration(
                "max-memory", arity: .value(placeholder: "MIB"),
                help:
                    "Refuse images whose whole-image buffers would need more than MIB mebibytes (default \(ImageLimits.defaultMaxMemory >> 20))."
            ),
        ],
        positionals: [
            PositionalDeclaration("FILE", help: "Files to inspect; '-' reads standard input.", repeated: true)
        ]
    )

    /// One line of the report; `error` is nil when the file is fine.
    struct Report: Encodable {
        var path: String
        var kind: String
        @Nullable var format: String?
        @Nullable var bytes: Int?
        @Nullable var width: Int?
        @Nullable var height: Int?
        @Nullable var bitDepth: Int?
        @Nullable var error: String?
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        try arguments.checkStandardInputReadOnce(fileOptions: [])
        let limits = try arguments.imageLimits()
        let reports = arguments.positionals.map { inspect($0, limits: limits, console: console) }
        if arguments.flag("json") {
            console.out(JSONOutput.encode(reports))
        } else {
            for report in reports { write(report, console: console) }
        }
        return reports.allSatisfy { $0.error == nil } ? .success : .failure
    }

    static func inspect(_ path: String, limits: ImageLimits, console: Console) -> Report {
        let input: InputFile
        do {
            input = try InputFile.read(path, limit: InputFile.mediaLimit, console: console)
        } catch {
            return Report(path: error.path, kind: "unknown", error: error.reason)
        }
        var report = Report(path: input.path, kind: "unknown", bytes: input.data.count)
        guard let format = MediaSniffer.detect(input.data.prefix(MediaSniffer.headerLength)) else {
            if let reason = MediaSniffer.damagedSignature(input.data.prefix(16)) {
                report.kind = MediaKind.image.rawValue
                report.format = MediaFormat.png.rawValue
                report.error = "corrupt PNG: \(reason)"
                return report
            }
            report.error = input.data.isEmpty ? "empty file" : "unrecognized format: not an image, audio or movie file"
            return report
        }
        report.kind = format.kind.rawValue
        report.format = format.rawValue
        guard format.kind == .image else { return report }
        do {
            let info = try ImageValidator.validate(input.data, limits: limits)
            report.width = info.size.width
            report.height = info.size.height
            report.bitDepth = info.bitDepth
        } catch {
            report.error = error.description
        }
        return report
    }

    private static func write(_ report: Report, console: Console) {
        if let error = report.error {
            console.report(.error, file: report.path, error)
            return
        }
        var parts = ["\(report.kind) \(report.format ?? "?")", "\(report.bytes ?? 0) bytes"]
        if let width = report.width, let height = report.height { parts.append("\(width)x\(height)") }
        if let depth = report.bitDepth { parts.append("\(depth)-bit") }
        console.record("\(report.path): \(parts.joined(separator: ", "))")
    }
}
