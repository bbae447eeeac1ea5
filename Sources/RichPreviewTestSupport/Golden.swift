import Foundation
import RichPreviewImaging
import Testing

/// Compares outputs with committed goldens under `Tests/Fixtures/goldens/`. A golden is written
/// only when `RECORD_GOLDENS=1` is set, and that run fails so that it cannot pass unnoticed. A
/// mismatch writes the actual output beside the golden as `NAME.actual.EXT` (ignored by git).
package enum Golden {
    /// The folder of goldens.
    package static let folder = TestPaths.fixture("goldens")

    /// Whether this run records goldens instead of comparing.
    package static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Expects `text` to equal the golden `name` exactly.
    package static func expect(
        text: String, matches name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        throws
    {
        let url = folder.appendingPathComponent(name)
        if recording {
            try record(Data(text.utf8), at: url, sourceLocation: sourceLocation)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        if golden != text {
            try Data(text.utf8).write(to: actualURL(url))
            Issue.record(
                "\(name) differs from its golden; the actual output is at \(actualURL(url).path)",
                sourceLocation: sourceLocation)
        }
    }

    /// Expects the PNG `data` to match the golden `name` pixel for pixel within `minimumPSNR`
    /// decibels (and the same size); never byte for byte.
    package static func expect(
        png data: Data, matches name: String, minimumPSNR: Double = 40,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appendingPathComponent(name)
        if recording {
            try record(data, at: url, sourceLocation: sourceLocation)
            return
        }
        let actual = try ImageDecoder.decode(data)
        let golden = try ImageDecoder.decode(try Data(contentsOf: url))
        let psnr = actual.size == golden.size ? Self.psnr(actual, golden) : -1
        if psnr < minimumPSNR {
            try data.write(to: actualURL(url))
            Issue.record(
                "\(name): \(actual.size == golden.size ? "PSNR \(psnr) dB, below \(minimumPSNR)" : "size \(actual.size), golden \(golden.size)"); the actual picture is at \(actualURL(url).path)",
                sourceLocation: sourceLocation)
        }
    }

    /// Peak signal-to-noise ratio over the RGBA samples of two images of one size; infinity when equal.
    package static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var sum = 0.0
        for (x, y) in zip(a.pixels, b.pixels) {
            let d = Double(x) - Double(y)
            sum += d * d
        }
        guard sum > 0 else { return .infinity }
        let mse = sum / Double(a.pixels.count)
        return 10 * log10(255 * 255 / mse)
    }

    private static func actualURL(_ url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension("actual").appendingPathExtension(url.pathExtension)
    }

    private static func record(_ data: Data, at url: URL, sourceLocation: Testing.SourceLocation) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        Issue.record(
            "recorded \(url.lastPathComponent); run again without RECORD_GOLDENS", sourceLocation: sourceLocation)
    }
}

/// Reads a picture's size for tests.
package enum ImageDecoderProbe {
    /// The stored size of the image file at `url`.
    package static func size(of url: URL) throws -> PixelSize {
        try ImageValidator.validate(try Data(contentsOf: url)).size
    }
}
