import Foundation

/// Every frame of an animated GIF as iOS plays it in an expanded notification (and as browsers
/// do): each frame composited onto the logical screen over what the frames before it left, as
/// their disposal methods say.
///
/// Frames are decoded one at a time onto one canvas. `forEachFrame(of:limits:maxFrames:_:)` hands
/// each to its body before the next is decoded, so its memory is one canvas (two when a frame is
/// restored to previous) whatever the frame count; `decode(_:limits:maxFrames:)` keeps them all.
///
/// Damage is met in file order: the frames before it are handed over, then the error is thrown
/// (a file cut short in its third frame gives two frames, then `corrupt`). The frames after
/// `maxFrames` are walked block by block to count them, without decoding, so damage there is
/// found too when it breaks the file's structure.
public struct GIFAnimation: Sendable, Equatable {
    /// One frame as it is shown.
    public struct Frame: Sendable, Equatable {
        /// Its position in the file, from 0.
        public var index: Int
        /// The whole logical screen while the frame is shown: straight-alpha RGBA, transparent
        /// where no frame has drawn (or a disposal has cleared).
        public var image: RGBAImage
        /// How long it is shown, in seconds, as browsers and iOS play it (`playedDelay(hundredths:)`).
        public var delay: Double
        /// The delay its graphic control extension declares, in hundredths of a second (0 without one).
        public var declaredDelay: Int
    }

    /// What a frame-by-frame decode found besides the frames it handed over.
    public struct Summary: Sendable, Equatable {
        /// The logical screen: the size of every frame's image.
        public var size: PixelSize
        /// The frames decoded and handed over.
        public var frameCount: Int
        /// The frames of the file after the first `maxFrames`, counted but not decoded.
        public var framesLeftOut: Int
        /// True when frames were left out.
        public var isTruncated: Bool { framesLeftOut > 0 }
    }

    /// The logical screen: the size of every frame's image.
    public var size: PixelSize
    /// The frames in the order they play, at most `maxFrames` of them.
    public var frames: [Frame]
    /// The frames of the file after the first `maxFrames`, counted but not decoded.
    public var framesLeftOut: Int
    /// True when frames were left out.
    public var isTruncated: Bool { framesLeftOut > 0 }
    /// One pass through the frames kept, in seconds.
    public var duration: Double { frames.reduce(0) { $0 + $1.delay } }

    /// The most frames decoded unless the caller says otherwise.
    public static let defaultMaxFrames = 500

    /// A declared delay as it is played, in seconds: 0 or 1 hundredth (0.00–0.01 s), which many
    /// files declare to mean "as fast as possible", plays as 0.1 s, as browsers and iOS play it;
    /// any other is its hundredths.
    public static func playedDelay(hundredths: Int) -> Double {
        hundredths <= 1 ? 0.1 : Double(hundredths) / 100
    }

    /// Decodes the frames of the GIF in `data` one at a time, handing each to `body` before the
    /// next is decoded; at most `maxFrames` (a smaller number is taken as 1), the rest counted in the summary. A GIF
    /// of one frame gives that frame as `ImageDecoder.decode` does. `body` cannot throw: a caller
    /// whose handling fails keeps its error and ignores the frames after it.
    /// - Throws: `ImageDecodingError` (`emptyInput`, `unrecognizedFormat`, `unsupported` for a PNG
    ///   or JPEG, `corrupt` after the frames before the damage were handed over, and
    ///   `overPixelLimit` or `overMemoryLimit` for a screen over the limits, checked before the
    ///   canvas, or its restore copy, is allocated).
    @discardableResult
    public static func forEachFrame(
        of data: Data, limits: ImageLimits = ImageLimits(), maxFrames: Int = defaultMaxFrames,
        _ body: (Frame) -> Void
    ) throws(ImageDecodingError) -> Summary {
        try data.withImageBytes { bytes throws(ImageDecodingError) in
            try decodeFrames(bytes, limits: limits, maxFrames: max(1, maxFrames), keepingFrames: false, body)
        }
    }

    /// Decodes and keeps the frames of the GIF in `data`, at most `maxFrames` (a smaller number is taken as 1). The
    /// memory limit covers all the frames kept; `forEachFrame` needs only one canvas.
    /// - Throws: `ImageDecodingError` as `forEachFrame` does; a file damaged after its first
    ///   frames throws without them (`forEachFrame` hands them over first).
    public static func decode(
        _ data: Data, limits: ImageLimits = ImageLimits(), maxFrames: Int = defaultMaxFrames
    ) throws(ImageDecodingError) -> GIFAnimation {
        let maxFrames = max(1, maxFrames)
        var frames: [Frame] = []
        let summary = try data.withImageBytes { bytes throws(ImageDecodingError) in
            try decodeFrames(bytes, limits: limits, maxFrames: maxFrames, keepingFrames: true) { frames.append($0) }
        }
        return GIFAnimation(size: summary.size, frames: frames, framesLeftOut: summary.framesLeftOut)
    }

    /// The decode behind both: one canvas, drawn on by the C shim frame after frame. With
    /// `keepingFrames` every frame handed over is counted as a canvas-sized buffer kept.
    private static func decodeFrames(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits, maxFrames: Int, keepingFrames: Bool,
        _ body: (Frame) -> Void
    ) throws(ImageDecodingError) -> Summary {
        guard let format = ImageFormats.detect(bytes.prefix(ImageFormats.signatureLength)) else {
            throw bytes.isEmpty ? .emptyInput : .unrecognizedFormat
        }
        guard format == .gif else {
            throw .unsupported(format: format, reason: "only a GIF's frames are decoded one by one")
        }
        let decoder = try GIFDecoder(bytes: bytes)
        let size = decoder.size
        try limits.checkPixels(size, format: .gif)
        let canvasBytes = ImageLimits.rgbaBytes(size)
        try limits.checkMemory(canvasBytes, for: "its \(size) canvas", format: .gif)
        var canvas = [UInt8](repeating: 0, count: size.pixelCount * 4)
        var saved: [UInt8] = []
        var count = 0
        while count < maxFrames, let info = try decoder.nextFrame() {
            let needsSaved = saved.isEmpty && info.disposal == .previous
            if needsSaved || (keepingFrames && count > 0) {
                // The canvas, the frames kept (each a copy once the canvas is drawn on again) and
                // the copy a frame restored to previous needs.
                let buffers = 1 + (keepingFrames ? count : 0) + (saved.isEmpty && !needsSaved ? 0 : 1)
                let total = canvasBytes.flatMap { bytes in
                    let (total, overflow) = bytes.multipliedReportingOverflow(by: buffers)
                    return overflow ? nil : total
                }
                let purpose =
                    keepingFrames && count > 0
                    ? "keeping \(count + 1) frames of \(size)"
                        + (needsSaved || !saved.isEmpty ? " and a restore copy" : "")
                    : "its \(size) canvas and the copy that restores it"
                try limits.checkMemory(total, for: purpose, format: .gif)
            }
            if needsSaved { saved = [UInt8](repeating: 0, count: canvas.count) }
            try canvas.withUnsafeMutableBufferPointer { canvas throws(ImageDecodingError) in
                try saved.withUnsafeMutableBufferPointer { saved throws(ImageDecodingError) in
                    try decoder.drawFrame(
                        into: canvas.baseAddress!, stride: size.width * 4,
                        saved: saved.isEmpty ? nil : saved.baseAddress)
                }
            }
            let frame = Frame(
                index: count, image: RGBAImage(size: size, pixels: canvas),
                delay: playedDelay(hundredths: info.delayHundredths), declaredDelay: info.delayHundredths)
            count += 1
            body(frame)
        }
        let total = count == maxFrames ? try decoder.countAllFrames() : count
        return Summary(size: size, frameCount: count, framesLeftOut: total - count)
    }
}
