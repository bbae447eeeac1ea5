import CRichPreviewGIF

/// One giflib decode over bytes that outlive it; every call goes through the C shim.
final class GIFDecoder {
    private let handle: OpaquePointer
    let size: PixelSize
    /// The first frame's descriptor, read once, by the memory estimate or the decode.
    private var firstDescriptor: Result<PixelSize, ImageDecodingError>?
    /// The first frame, decoded when the decode is prepared: the only frame shown.
    private var firstFrame: FirstFrame?
    /// Whether a shown pixel may be transparent, known once the first frame is decoded.
    private(set) var hasAlpha = true

    /// Reads the logical screen descriptor (`crp_gif_decoder_read_header`).
    init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .corrupt(format: .gif, reason: "empty file")
        }
        guard let handle = crp_gif_decoder_create(base, bytes.count) else { throw .outOfMemory(format: .gif) }
        self.handle = handle
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = crp_gif_decoder_read_header(handle, &width, &height)
        size = PixelSize(width: Int(width), height: Int(height))
        try Self.check(status, handle)
        if size.width == 0 || size.height == 0 {
            throw .corrupt(format: .gif, reason: "the logical screen is \(size)")
        }
    }

    deinit { crp_gif_decoder_destroy(handle) }

    /// Reads up to the first frame's image descriptor and returns the frame's size; a frame larger
    /// than the rest of the file could hold is `corrupt` (`crp_gif_decoder_read_first_frame_descriptor`).
    func readFirstFrameDescriptor() throws(ImageDecodingError) -> PixelSize {
        if let firstDescriptor { return try firstDescriptor.get() }
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = crp_gif_decoder_read_first_frame_descriptor(handle, &width, &height)
        do throws(ImageDecodingError) {
            try Self.check(status, handle)
            firstDescriptor = .success(PixelSize(width: Int(width), height: Int(height)))
        } catch {
            firstDescriptor = .failure(error)
        }
        return try firstDescriptor!.get()
    }

    /// Whether the first frame (after `readFirstFrameDescriptor`) covers the whole logical screen
    /// from its top-left corner, so that it can be read as colour indices.
    var firstFrameCoversScreen: Bool { crp_gif_decoder_first_frame_covers_screen(handle) != 0 }

    /// Reads the first frame, which must cover the screen, as one colour index per pixel into
    /// `indices` (`size` pixels, rows `stride` bytes apart). Returns the 256 RGBA entries (1024
    /// bytes) that turn an index into the pixel `readFirstFrame` would draw, and whether a visible
    /// pixel is transparent.
    func readFirstFrameIndices(into indices: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageDecodingError)
        -> (palette: [UInt8], hasTransparency: Bool)
    {
        var palette = [UInt8](repeating: 0, count: 1024)
        var transparent: Int32 = 0
        let status = palette.withUnsafeMutableBufferPointer { entries in
            crp_gif_decoder_read_first_frame_indices(handle, indices, stride, entries.baseAddress, &transparent)
        }
        try Self.check(status, handle)
        return (palette, transparent != 0)
    }

    /// Draws the first frame into a cleared RGBA canvas of `size`, or decodes it without drawing when nil.
    func readFirstFrame(into canvas: UnsafeMutablePointer<UInt8>?, stride: Int) throws(ImageDecodingError) {
        try Self.check(crp_gif_decoder_read_first_frame(handle, canvas, stride), handle)
    }

    /// How many pixels of the frames after the first `countFrames` decodes, in all: about 0.2 s of
    /// LZW decoding. A 10,000-frame animation under iOS's 10 MB is 2.5 gigapixels.
    static let laterFrameDecodePixels: UInt64 = 32_000_000

    /// Reads the remaining frames to the trailer without keeping them and returns the number of
    /// frames: frames are decoded whole (their data checked) up to `laterFrameDecodePixels` in all,
    /// the rest walked block by block (`crp_gif_decoder_finish`).
    func countFrames() throws(ImageDecodingError) -> Int {
        var frames: UInt32 = 0
        try Self.check(crp_gif_decoder_finish(handle, Self.laterFrameDecodePixels, &frames), handle)
        return Int(frames)
    }

    /// A frame's descriptor and graphic control extension (`crp_gif_frame_info`).
    struct FrameInfo {
        /// How the frame is disposed of before the next is drawn, as browsers play it.
        enum Disposal { case none, background, previous }
        var left: Int
        var top: Int
        var size: PixelSize
        /// The declared delay, in hundredths of a second.
        var delayHundredths: Int
        var disposal: Disposal
        var transparentIndex: Int?
        var isInterlaced: Bool
    }

    /// Frame by frame (not with the first-frame calls): reads up to the next frame's descriptor,
    /// nil at the trailer (`crp_gif_decoder_next_frame`). Each frame must be drawn before the next.
    func nextFrame() throws(ImageDecodingError) -> FrameInfo? {
        var info = crp_gif_frame_info()
        var found: Int32 = 0
        try Self.check(crp_gif_decoder_next_frame(handle, &info, &found), handle)
        guard found != 0 else { return nil }
        let disposal: FrameInfo.Disposal =
            switch info.disposal {
            case Int32(CRP_GIF_DISPOSE_BACKGROUND.rawValue): .background
            case Int32(CRP_GIF_DISPOSE_PREVIOUS.rawValue): .previous
            default: .none
            }
        return FrameInfo(
            left: Int(info.left), top: Int(info.top), size: PixelSize(width: Int(info.width), height: Int(info.height)),
            delayHundredths: Int(info.delay), disposal: disposal,
            transparentIndex: info.transparent >= 0 ? Int(info.transparent) : nil, isInterlaced: info.interlaced != 0)
    }

    /// Disposes of the previous frame and composites the one `nextFrame` described onto `canvas`
    /// (`size` RGBA pixels, rows `stride` bytes apart); `saved`, a buffer like it kept between
    /// calls, is needed when this frame or the previous one is restored to previous
    /// (`crp_gif_decoder_draw_frame`).
    func drawFrame(into canvas: UnsafeMutablePointer<UInt8>, stride: Int, saved: UnsafeMutablePointer<UInt8>?)
        throws(ImageDecodingError)
    {
        try Self.check(crp_gif_decoder_draw_frame(handle, canvas, stride, saved), handle)
    }

    /// After the frames drawn one by one, walks the rest block by block without decoding them and
    /// returns the file's frame count, those drawn included (`crp_gif_decoder_finish`).
    func countAllFrames() throws(ImageDecodingError) -> Int {
        var frames: UInt32 = 0
        try Self.check(crp_gif_decoder_finish(handle, 0, &frames), handle)
        return Int(frames)
    }

    private static func check(_ status: crp_gif_status, _ handle: OpaquePointer) throws(ImageDecodingError) {
        let message = String(cString: crp_gif_decoder_message(handle))
        switch status {
        case CRP_GIF_OK: return
        case CRP_GIF_OUT_OF_MEMORY: throw .outOfMemory(format: .gif)
        case CRP_GIF_NOT_GIF: throw .unrecognizedFormat
        case CRP_GIF_MISUSE: preconditionFailure("GIF decoder called out of order: \(message)")
        default: throw .corrupt(format: .gif, reason: message)
        }
    }
}

extension GIFDecoder: ImageFormatDecoder {
    static var format: MediaFormat { .gif }
    static func matches(_ signature: [UInt8]) -> Bool {
        signature.starts(with: Array("GIF87a".utf8)) || signature.starts(with: Array("GIF89a".utf8))
    }

    /// The first frame as it is kept: one colour index per pixel and the 256 RGBA entries (1024
    /// bytes) they select when it covers the screen (a quarter of the memory, and no alpha unless
    /// a shown pixel is transparent), else drawn on an RGBA canvas.
    private enum FirstFrame {
        case indexed(indices: [UInt8], palette: [UInt8], served: Int)
        case drawn(BufferedRows)
    }

    var header: DecoderHeader { DecoderHeader(size: size, orientation: nil, bitDepth: 8) }

    var estimatedWholeImageBytes: Int {
        let covers = (try? readFirstFrameDescriptor()) != nil && firstFrameCoversScreen
        return covers ? size.pixelCount : ImageLimits.rgbaBytes(size) ?? Int.max
    }

    /// Decodes the first frame; nothing after it is read.
    func prepare(limits: ImageLimits) throws(ImageDecodingError) {
        _ = try readFirstFrameDescriptor()
        if firstFrameCoversScreen {
            try limits.checkMemory(size.pixelCount, for: "its \(size) colour indices", format: .gif)
            var indices = [UInt8](repeating: 0, count: size.pixelCount)
            let (palette, hasTransparency) = try indices.withUnsafeMutableBufferPointer {
                buffer throws(ImageDecodingError) in
                try readFirstFrameIndices(into: buffer.baseAddress!, stride: size.width)
            }
            hasAlpha = hasTransparency
            firstFrame = .indexed(indices: indices, palette: palette, served: 0)
        } else {
            firstFrame = .drawn(
                try BufferedRows(size: size, format: .gif, limits: limits, purpose: "its \(size) canvas") {
                    canvas, stride throws(ImageDecodingError) in try readFirstFrame(into: canvas, stride: stride)
                })
            hasAlpha = true
        }
    }

    func start(_ start: DecodeStart, limits: ImageLimits) throws(ImageDecodingError) -> PixelSize { size }

    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError) {
        switch firstFrame {
        case .indexed(let indices, let palette, let served):
            Self.expand(indices, palette: palette, firstRow: served, count: count, width: size.width, into: rows)
            firstFrame = .indexed(indices: indices, palette: palette, served: served + count)
        case .drawn(var buffered):
            buffered.read(into: rows, count: count, stride: stride)
            firstFrame = .drawn(buffered)
        case nil:
            throw .invalidRequest(reason: "the GIF's rows were read before its first frame was decoded")
        }
    }

    /// Only the first frame is shown: nothing after it is read.
    func finish() throws(ImageDecodingError) {}

    func validate(limits: ImageLimits) throws(ImageDecodingError) -> Int {
        try readFirstFrame(into: nil, stride: 0)
        return try countFrames()
    }

    /// Writes `count` rows of RGBA pixels from `width`-wide rows of colour indices, from `firstRow` on.
    private static func expand(
        _ indices: [UInt8], palette: [UInt8], firstRow: Int, count: Int, width: Int,
        into rows: UnsafeMutablePointer<UInt8>
    ) {
        indices.withUnsafeBufferPointer { indices in
            palette.withUnsafeBytes { palette in
                let entries = palette.bindMemory(to: UInt32.self)
                let source = indices.baseAddress! + firstRow * width
                let target = UnsafeMutableRawPointer(rows).bindMemory(to: UInt32.self, capacity: count * width)
                for index in 0..<(count * width) {
                    target[index] = entries[Int(source[index])]
                }
            }
        }
    }
}
