import Foundation
import RichPreview
import RichPreviewImaging

/// `richpreview scale INPUT -o OUTPUT --fit WxH`: decode, orient, resize and encode one image.
enum ScaleCommand: Command {
    static let declaration = CommandDeclaration(
        name: "scale",
        abstract: "Decode an image, orient it as iOS shows it, resize it into a box and write PNG or JPEG.",
        discussion: """
            Modes follow UIKit's content modes: fit (the whole image inside the box; the output is the
            fitted size, each side round(side x min(W/w, H/h)), at least 1), fill (covers the box,
            centred crop; the output is the box) and stretch. The output format follows the output's
            extension (.png, .jpg, .jpeg); the output is written atomically and never over the input.
            """,
        options: [
            OptionDeclaration(
                "output", short: "o", arity: .value(placeholder: "OUTPUT"), help: "The file to write (required)."),
            OptionDeclaration(
                "fit", arity: .value(placeholder: "WxH"), help: "The box in pixels, for example 1179x1179 (required)."),
            OptionDeclaration(
                "mode", arity: .value(placeholder: "fit|fill|stretch"),
                help: "How the image meets the box (default fit)."),
            OptionDeclaration(
                "filter", arity: .value(placeholder: "lanczos3|bilinear|box"),
                help: "Resampling filter (default lanczos3)."),
            OptionDeclaration("quality", arity: .value(placeholder: "Q"), help: "JPEG quality 1-100 (default 85)."),
            OptionDeclaration("no-orient", help: "Keep the stored pixels; ignore the EXIF orientation."),
            OptionDeclaration(
                "max-pixels", arity: .value(placeholder: "N"),
                help: "Refuse images over N pixels before decoding (default \(ImageLimits.defaultMaxPixels))."),
            OptionDeclaration(
                "max-memory", arity: .value(placeholder: "MIB"),
                help:
                    "Refuse images whose whole-image buffers would need more than MIB mebibytes (default \(ImageLimits.defaultMaxMemory >> 20))."
            ),
            OptionDeclaration("json", help: "Print what was done as one JSON object."),
        ],
        positionals: [PositionalDeclaration("INPUT", help: "A PNG, JPEG or GIF file; '-' reads standard input.")]
    )

    /// The `--json` output: every key always present, null when it has no value (on failure, all
    /// but `input`, `output` and `error`).
    struct Report: Encodable {
        var input: String
        var output: String
        @Nullable var format: MediaFormat?
        @Nullable var inputSize: PixelSize?
        @Nullable var orientation: Int?
        @Nullable var gamma: Double?
        @Nullable var iccProfile: Bool?
        @Nullable var orientationApplied: Bool?
        @Nullable var jpegScaleDenominator: Int?
        @Nullable var mode: ScaleMode?
        @Nullable var filter: ResamplingFilter?
        @Nullable var outputSize: PixelSize?
        @Nullable var outputFormat: OutputFormat?
        @Nullable var outputBytes: Int?
        @Nullable var jpegQuality: Int?
        @Nullable var png: PNGSettings?
        @Nullable var milliseconds: Timings?
        @Nullable var error: String?

        struct Timings: Encodable {
            var decode: Double
            var resample: Double
            var orient: Double
            var encode: Double
            var total: Double
        }
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        let inputPath = arguments.positionals[0]
        guard let outputPath = arguments.value("output") else { throw UsageError("missing --output") }
        guard let fit = arguments.value("fit") else { throw UsageError("missing --fit") }
        let request = try parseRequest(arguments, fit: fit)
        let quality = try arguments.positiveInteger("quality") ?? 85
        guard quality <= 100 else { throw UsageError("--quality must be 1 to 100, not \(quality)") }
        guard let outputFormat = OutputFormat(path: outputPath) else {
            throw UsageError("the output's name must end in .png, .jpg or .jpeg, not '\(outputPath)'")
        }
        var report = Report(input: inputPath == "-" ? InputFile.standardInputName : inputPath, output: outputPath)
        func fail(_ path: String, _ message: String) -> ExitStatus {
            report.error = message
            if arguments.flag("json") {
                console.out(JSONOutput.encode(report))
            } else {
                console.report(.error, file: path, message)
            }
            return .failure
        }
        if inputPath != "-" && AtomicFile.sameFile(inputPath, outputPath) {
            return fail(outputPath, "the output would overwrite the input")
        }
        do {
            try AtomicFile.checkWritable(outputPath)
        } catch {
            return fail(outputPath, "cannot write: \(error.reason)")
        }
        let clock = ContinuousClock()
        let started = clock.now
        let input: InputFile
        do {
            input = try InputFile.read(inputPath, limit: InputFile.mediaLimit, console: console)
        } catch {
            return fail(error.path, error.reason)
        }
        let image: RGBAImage
        let scaled: ScaleReport
        do {
            (image, scaled) = try ImageScaler.scale(input.data, request)
        } catch {
            return fail(input.path, error.description)
        }
        let encodeStart = clock.now
        let written: ImageEncoder.Written
        do {
            written = try ImageEncoder.write(image, to: outputPath, jpegQuality: quality)
        } catch {
            return fail(outputPath, error.description)
        }
        let encodeTime = (clock.now - encodeStart).milliseconds
        report = Report(
            input: input.path, output: outputPath, format: scaled.format, inputSize: scaled.inputSize,
            orientation: scaled.orientation?.rawValue, gamma: scaled.gamma, iccProfile: scaled.iccProfile,
            orientationApplied: scaled.orientationApplied,
            jpegScaleDenominator: scaled.jpegScaleDenominator, mode: scaled.mode, filter: scaled.filter,
            outputSize: scaled.outputSize, outputFormat: outputFormat, outputBytes: written.bytes,
            jpegQuality: written.jpegQuality, png: written.pngSettings,
            milliseconds: .init(
                decode: scaled.decodeMilliseconds, resample: scaled.resampleMilliseconds,
                orient: scaled.orientMilliseconds, encode: encodeTime, total: (clock.now - started).milliseconds))
        if arguments.flag("json") {
            console.out(JSONOutput.encode(report))
        } else {
            let orientation =
                scaled.orientationApplied ? ", orientation \(scaled.orientation?.rawValue ?? 1) applied" : ""
            console.record(
                "\(outputPath): \(scaled.inputSize) -> \(scaled.outputSize) \(written.format.rawValue)\(orientation)")
        }
        return .success
    }

    static func parseRequest(_ arguments: ParsedArguments, fit: String) throws(UsageError) -> ScaleRequest {
        let parts = fit.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw UsageError("--fit needs WxH with positive whole numbers, not '\(fit)'")
        }
        var request = ScaleRequest(box: PixelSize(width: width, height: height))
        if let mode = arguments.value("mode") {
            guard let value = ScaleMode(rawValue: mode) else {
                throw UsageError("--mode must be fit, fill or stretch, not '\(mode)'")
            }
            request.mode = value
        }
        if let filter = arguments.value("filter") {
            guard let value = ResamplingFilter(rawValue: filter) else {
                throw UsageError("--filter must be lanczos3, bilinear or box, not '\(filter)'")
            }
            request.filter = value
        }
        request.applyOrientation = !arguments.flag("no-orient")
        request.limits = try arguments.imageLimits()
        // fill and stretch always produce the box itself: a box over the pixel budget fits no image.
        if request.mode != .fit, request.box.pixelCount > request.limits.maxPixels {
            throw UsageError(
                "--fit \(fit) with --mode \(request.mode.rawValue) makes a \(request.box) output, over the pixel limit of \(request.limits.maxPixels)"
            )
        }
        return request
    }
}
