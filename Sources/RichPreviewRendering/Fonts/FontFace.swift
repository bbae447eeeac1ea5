import Synchronization

/// One opened face (a file and a face index) with its shaping and glyph-bitmap caches.
///
/// Every FreeType and HarfBuzz call on the face runs under its lock, so a face (and so a
/// `FontSet`) can be shared between threads.
final class FontFace: Sendable {
    /// The file the face was read from.
    let path: String
    let faceIndex: Int
    let info: FaceInfo
    /// Shaped without the substitutions that draw a character the text lacks (Inter's arrows for
    /// `->`, its × for the x of `3x4`), as iOS's system font draws text.
    let shapesLiterally: Bool
    /// True for a colour bitmap font (Noto Color Emoji): glyphs come as RGBA at a fixed strike.
    var isColorBitmapFont: Bool { info.hasColor || !info.isScalable }

    /// Shaped runs kept per face before the cache is emptied.
    static let shapeCacheLimit = 4096
    /// Bytes of glyph bitmaps kept per face before the cache is emptied.
    static let bitmapCacheByteLimit = 16 << 20

    private struct BitmapKey: Hashable {
        var glyph: UInt32
        /// The em size in 64ths of a pixel.
        var size: Int
        /// The horizontal subpixel offset, in quarters of a pixel.
        var subpixel: Int
    }

    private struct ShapeKey: Hashable {
        var text: [UInt32]
        var rightToLeft: Bool?
    }

    private struct State: ~Copyable {
        let handle: OpaquePointer
        var pixelSize: Double = 0
        var bitmapScale: Double = 1
        var shapes: [ShapeKey: [FontUnitGlyph]] = [:]
        var bitmaps: [BitmapKey: GlyphBitmap] = [:]
        var bitmapBytes = 0

        deinit { FreeTypeShim.destroyFace(handle) }
    }

    private let state: Mutex<State>

    /// Opens face `faceIndex` of the font file at `path`, to be shaped literally or with the
    /// font's default substitutions.
    /// - Throws: `FontError` when the file is unreadable, not a font, lacks the face or is corrupt,
    ///   or when FreeType or HarfBuzz cannot be loaded (`libraryUnavailable`).
    init(path: String, faceIndex: Int, shapesLiterally: Bool = false) throws(FontError) {
        let handle = try FreeTypeShim.openFace(path: path, index: faceIndex)
        self.path = path
        self.faceIndex = faceIndex
        self.shapesLiterally = shapesLiterally
        self.info = FreeTypeShim.faceInfo(handle)
        self.state = Mutex(State(handle: handle))
    }

    /// The glyph index the face's character map gives `scalar`; 0 when the face lacks it.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        state.withLock { FreeTypeShim.glyphIndex($0.handle, for: scalar) }
    }

    /// The glyphs HarfBuzz makes of `text` (code points), in font units, shaped right to left, left
    /// to right or (nil) in the direction of its script; cached per text and direction. Glyphs come
    /// in visual order, leftmost first.
    func shape(_ text: [UInt32], rightToLeft: Bool? = nil) throws(FontError) -> [FontUnitGlyph] {
        let key = ShapeKey(text: text, rightToLeft: rightToLeft)
        let result: Result<[FontUnitGlyph], FontError> = state.withLock { state in
            if let cached = state.shapes[key] { return .success(cached) }
            do throws(FontError) {
                let count = try FreeTypeShim.shape(
                    state.handle, text, rightToLeft: rightToLeft, literal: shapesLiterally, path: path)
                let glyphs = try FreeTypeShim.copyGlyphs(state.handle, count: count, path: path)
                if state.shapes.count >= Self.shapeCacheLimit { state.shapes.removeAll(keepingCapacity: true) }
                state.shapes[key] = glyphs
                return .success(glyphs)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The bitmap of `glyph` at an em size of `pixelSize` pixels, shifted right by `subpixel`
    /// quarters of a pixel (0-3; colour bitmaps ignore it), scaled from the strike for a colour
    /// bitmap font; cached. Empty for a glyph that draws nothing.
    func bitmap(glyph: UInt32, pixelSize: Double, subpixel: Int) throws(FontError) -> GlyphBitmap {
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= FreeTypeShim.maxPixelSize else { return .empty }
        let colorFont = isColorBitmapFont
        let key = BitmapKey(
            glyph: glyph, size: Int((pixelSize * 64).rounded()), subpixel: colorFont ? 0 : min(max(subpixel, 0), 3))
        let result: Result<GlyphBitmap, FontError> = state.withLock { state in
            if let cached = state.bitmaps[key] { return .success(cached) }
            do throws(FontError) {
                let size = Double(key.size) / 64
                if state.pixelSize != size {
                    state.bitmapScale = try FreeTypeShim.setPixelSize(state.handle, size, path: path)
                    state.pixelSize = size
                }
                var bitmap = try FreeTypeShim.renderGlyph(state.handle, glyph, xOffset: key.subpixel * 16, path: path)
                if bitmap.width > 0, bitmap.height > 0 {
                    try FreeTypeShim.copyBitmap(state.handle, into: &bitmap, path: path)
                }
                if bitmap.isColor, abs(state.bitmapScale - 1) > 1e-9 {
                    bitmap = bitmap.scaled(by: state.bitmapScale)
                }
                if state.bitmapBytes + bitmap.byteCount > Self.bitmapCacheByteLimit {
                    state.bitmaps.removeAll(keepingCapacity: true)
                    state.bitmapBytes = 0
                }
                state.bitmaps[key] = bitmap
                state.bitmapBytes += bitmap.byteCount
                return .success(bitmap)
            } catch {
                state.pixelSize = 0
                return .failure(error)
            }
        }
        return try result.get()
    }
}
