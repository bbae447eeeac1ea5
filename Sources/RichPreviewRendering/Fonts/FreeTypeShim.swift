import CRichPreviewFreeType

/// The only caller of the CRichPreviewFreeType shim: one wrapper per C call, each turning C
/// statuses, structs and buffers into Swift values (in the manner of swift-system's Syscalls.swift).
/// A face handle must not be used from two threads at once; `FontFace` serialises its calls.
enum FreeTypeShim {
    /// The most code points one `shape` call takes (`CRP_FT_MAX_TEXT_LENGTH`).
    static let maxShapedLength = Int(CRP_FT_MAX_TEXT_LENGTH)
    /// The largest em size in pixels a face is set to (`CRP_FT_MAX_PIXEL_SIZE`).
    static let maxPixelSize = Double(CRP_FT_MAX_PIXEL_SIZE)

    /// `crp_ft_face_open`: opens face `index` of the file at `path`; the first call loads FreeType
    /// and HarfBuzz (`FontError.libraryUnavailable` when either cannot be).
    static func openFace(path: String, index: Int) throws(FontError) -> OpaquePointer {
        guard let index = Int32(exactly: index) else {
            throw .noSuchFace(path: path, faceIndex: index, reason: "face index out of range")
        }
        var message = [CChar](repeating: 0, count: 256)
        var handle: OpaquePointer?
        let status = crp_ft_face_open(path, index, &handle, &message, message.count)
        if status == CRP_FT_OK, let handle { return handle }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw error(for: status, path: path, faceIndex: Int(index), reason: reason)
    }

    /// `crp_ft_face_destroy`.
    static func destroyFace(_ handle: OpaquePointer) {
        crp_ft_face_destroy(handle)
    }

    /// `crp_ft_face_get_info`.
    static func faceInfo(_ handle: OpaquePointer) -> FaceInfo {
        var info = crp_ft_face_info()
        _ = crp_ft_face_get_info(handle, &info)
        return FaceInfo(
            familyName: string(info.family_name), styleName: string(info.style_name),
            unitsPerEm: Int(info.units_per_em), ascender: Int(info.ascender), descender: -Int(info.descender),
            lineGap: Int(info.line_gap), capHeight: Int(info.cap_height), glyphCount: Int(info.glyph_count),
            faceCount: Int(info.face_count),
            isScalable: info.is_scalable != 0, hasColor: info.has_color != 0, strikeCount: Int(info.strike_count))
    }

    /// `crp_ft_face_glyph_index`: the glyph the character map gives `scalar`, 0 when none.
    static func glyphIndex(_ handle: OpaquePointer, for scalar: Unicode.Scalar) -> UInt32 {
        crp_ft_face_glyph_index(handle, scalar.value)
    }

    /// `crp_ft_face_shape`: shapes `text` (at most `maxShapedLength` code points) right to left,
    /// left to right or, for nil, in its script's direction, with the font's default substitutions
    /// or (`literal`) none that draws a character the text lacks, and returns the number of
    /// glyphs, which `copyGlyphs` then reads.
    static func shape(_ handle: OpaquePointer, _ text: [UInt32], rightToLeft: Bool?, literal: Bool, path: String)
        throws(FontError) -> Int
    {
        guard let length = UInt32(exactly: text.count) else {
            throw .overLimit(path: path, reason: "\(text.count) code points in one run")
        }
        var count: UInt32 = 0
        let direction = rightToLeft.map { $0 ? CRP_FT_DIRECTION_RTL : CRP_FT_DIRECTION_LTR } ?? CRP_FT_DIRECTION_GUESSED
        let status = text.withUnsafeBufferPointer {
            crp_ft_face_shape(
                handle, $0.baseAddress, length, direction, nil,
                literal ? CRP_FT_SUBSTITUTIONS_LITERAL : CRP_FT_SUBSTITUTIONS_FONT_DEFAULTS, &count)
        }
        try check(status, handle, path: path)
        return Int(count)
    }

    /// `crp_ft_face_copy_glyphs`: the `count` glyphs of the last `shape`.
    static func copyGlyphs(_ handle: OpaquePointer, count: Int, path: String) throws(FontError) -> [FontUnitGlyph] {
        var glyphs = [crp_ft_shaped_glyph](repeating: crp_ft_shaped_glyph(), count: count)
        let status = glyphs.withUnsafeMutableBufferPointer {
            crp_ft_face_copy_glyphs(handle, $0.baseAddress, UInt32(count))
        }
        try check(status, handle, path: path)
        return glyphs.map {
            FontUnitGlyph(
                glyph: $0.glyph, cluster: Int($0.cluster), xAdvance: $0.x_advance, yAdvance: $0.y_advance,
                xOffset: $0.x_offset, yOffset: $0.y_offset)
        }
    }

    /// `crp_ft_face_set_pixel_size`: sets the em size and returns the factor to scale the face's
    /// bitmaps by (1 for outlines; requested size over strike size for a colour bitmap font).
    static func setPixelSize(_ handle: OpaquePointer, _ pixels: Double, path: String) throws(FontError) -> Double {
        var scale = 1.0
        try check(crp_ft_face_set_pixel_size(handle, pixels, &scale), handle, path: path)
        return scale
    }

    /// `crp_ft_face_render_glyph`: renders `glyph` shifted right by `offset` 64ths of a pixel and
    /// returns its placement; `copyBitmap` then reads its pixels.
    static func renderGlyph(_ handle: OpaquePointer, _ glyph: UInt32, xOffset offset: Int, path: String)
        throws(FontError) -> GlyphBitmap
    {
        var bitmap = crp_ft_glyph_bitmap()
        try check(crp_ft_face_render_glyph(handle, glyph, Int32(clamping: offset), &bitmap), handle, path: path)
        return GlyphBitmap(
            width: Int(bitmap.width), height: Int(bitmap.rows), left: Int(bitmap.left), top: Int(bitmap.top),
            isColor: bitmap.is_color != 0, pixels: [])
    }

    /// `crp_ft_face_copy_bitmap`: the pixels of the glyph `renderGlyph` placed.
    static func copyBitmap(_ handle: OpaquePointer, into bitmap: inout GlyphBitmap, path: String) throws(FontError) {
        let count = bitmap.width * bitmap.height * (bitmap.isColor ? 4 : 1)
        var pixels = [UInt8](repeating: 0, count: count)
        let status = pixels.withUnsafeMutableBufferPointer { crp_ft_face_copy_bitmap(handle, $0.baseAddress, count) }
        try check(status, handle, path: path)
        bitmap.pixels = pixels
    }

    private static func check(_ status: crp_ft_status, _ handle: OpaquePointer, path: String) throws(FontError) {
        guard status != CRP_FT_OK else { return }
        throw error(for: status, path: path, faceIndex: 0, reason: String(cString: crp_ft_face_message(handle)))
    }

    private static func error(for status: crp_ft_status, path: String, faceIndex: Int, reason: String) -> FontError {
        switch status {
        case CRP_FT_CANNOT_OPEN: .unreadableFontFile(path: path, reason: reason)
        case CRP_FT_UNKNOWN_FORMAT: .notAFont(path: path, reason: reason)
        case CRP_FT_NO_SUCH_FACE: .noSuchFace(path: path, faceIndex: faceIndex, reason: reason)
        case CRP_FT_OUT_OF_MEMORY: .outOfMemory(path: path)
        case CRP_FT_OVER_LIMIT: .overLimit(path: path, reason: reason)
        case CRP_FT_LIBRARY_UNAVAILABLE: libraryFailure() ?? .corruptFont(path: path, reason: reason)
        default: .corruptFont(path: path, reason: reason)
        }
    }

    /// `crp_ft_libraries_load`: why FreeType or HarfBuzz could not be loaded, nil when they are
    /// (the loader runs once per process, so this repeats the outcome `crp_ft_face_open` met).
    private static func libraryFailure() -> FontError? {
        var report = crp_ft_library_report()
        guard crp_ft_libraries_load(&report) != CRP_FT_OK else { return nil }
        return .libraryUnavailable(
            library: string(report.library), debianPackage: string(report.package), reason: string(report.reason))
    }

    private static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
