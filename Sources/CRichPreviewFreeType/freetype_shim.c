#include "CRichPreviewFreeType.h"
#include "freetype_functions.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct crp_ft_face {
    const crp_ft_functions *api;  /* every FreeType and HarfBuzz call goes through it */
    FT_Library library;
    FT_Face face;
    hb_font_t *font;
    hb_buffer_t *buffer;
    uint32_t shaped_count;  /* glyphs in `buffer` after the last successful shape */
    int size_set;
    int bitmap_ready;       /* the glyph slot holds a rendered bitmap */
    int uses_color;         /* load colour bitmaps (FT_LOAD_COLOR) rather than outlines */
    char message[256];
};

static void crp_ft_set_message(char *buffer, size_t capacity, const char *text) {
    if (!buffer || capacity == 0) return;
    snprintf(buffer, capacity, "%s", text ? text : "unknown error");
}

/* FreeType's error text when the build has it (FT_CONFIG_OPTION_ERROR_STRINGS), else its number. */
static void crp_ft_describe(const crp_ft_functions *api, char *buffer, size_t capacity, const char *what,
                            FT_Error error) {
    if (!buffer || capacity == 0) return;
    const char *text = api->FT_Error_String(error);
    if (text) {
        snprintf(buffer, capacity, "%s: %s (FreeType error 0x%02x)", what, text, (unsigned)error);
    } else {
        snprintf(buffer, capacity, "%s (FreeType error 0x%02x)", what, (unsigned)error);
    }
}

static crp_ft_status crp_ft_status_for(FT_Error error) {
    switch (error) {
        case FT_Err_Ok: return CRP_FT_OK;
        case FT_Err_Cannot_Open_Resource:
        case FT_Err_Cannot_Open_Stream: return CRP_FT_CANNOT_OPEN;
        case FT_Err_Unknown_File_Format: return CRP_FT_UNKNOWN_FORMAT;
        case FT_Err_Out_Of_Memory: return CRP_FT_OUT_OF_MEMORY;
        default: return CRP_FT_FONT_ERROR;
    }
}

crp_ft_status crp_ft_face_open(const char *path, int32_t face_index, crp_ft_face **out, char *message,
                               size_t message_capacity) {
    if (!out) return CRP_FT_MISUSE;
    *out = NULL;
    if (!path || face_index < 0 || face_index > 0xFFFF) {
        crp_ft_set_message(message, message_capacity, "no path, or a face index outside 0-65535");
        return CRP_FT_MISUSE;
    }
    crp_ft_library_report report;
    const crp_ft_functions *api = crp_ft_functions_load(&report);
    if (!api) {
        if (message && message_capacity > 0) {
            snprintf(message, message_capacity, "%s could not be loaded (Debian package %s): %s", report.library,
                     report.package, report.reason);
        }
        return CRP_FT_LIBRARY_UNAVAILABLE;
    }
    crp_ft_face *handle = calloc(1, sizeof *handle);
    if (!handle) {
        crp_ft_set_message(message, message_capacity, "out of memory for the face");
        return CRP_FT_OUT_OF_MEMORY;
    }
    handle->api = api;
    FT_Error error = api->FT_Init_FreeType(&handle->library);
    if (error) {
        crp_ft_describe(api, message, message_capacity, "FreeType did not start", error);
        free(handle);
        return crp_ft_status_for(error) == CRP_FT_OUT_OF_MEMORY ? CRP_FT_OUT_OF_MEMORY : CRP_FT_FONT_ERROR;
    }
    /* Index -1 only counts the faces, so that an index past them is told apart from a bad file. */
    FT_Face probe = NULL;
    error = api->FT_New_Face(handle->library, path, -1, &probe);
    if (error) {
        crp_ft_describe(api, message, message_capacity, "FreeType could not open the font file", error);
        api->FT_Done_FreeType(handle->library);
        free(handle);
        return crp_ft_status_for(error);
    }
    FT_Long faces = probe->num_faces;
    api->FT_Done_Face(probe);
    if (face_index >= faces) {
        snprintf(message, message_capacity, "face %d asked for, the file has %ld", face_index, (long)faces);
        api->FT_Done_FreeType(handle->library);
        free(handle);
        return CRP_FT_NO_SUCH_FACE;
    }
    error = api->FT_New_Face(handle->library, path, face_index, &handle->face);
    if (error) {
        crp_ft_describe(api, message, message_capacity, "FreeType could not open the face", error);
        api->FT_Done_FreeType(handle->library);
        free(handle);
        return crp_ft_status_for(error);
    }
    if (!FT_IS_SCALABLE(handle->face) && handle->face->num_fixed_sizes <= 0) {
        crp_ft_set_message(message, message_capacity, "the face has neither outlines nor bitmap strikes");
        crp_ft_face_destroy(handle);
        return CRP_FT_FONT_ERROR;
    }
    handle->uses_color = FT_HAS_COLOR(handle->face) || !FT_IS_SCALABLE(handle->face);

    /* HarfBuzz reads the tables through FreeType (hb-ft) and shapes with its own OpenType
       functions at a scale of one unit per font unit, so results do not depend on the size. */
    hb_face_t *hb_face = api->hb_ft_face_create_referenced(handle->face);
    handle->font = api->hb_font_create(hb_face);
    api->hb_face_destroy(hb_face);
    handle->buffer = api->hb_buffer_create();
    if (!api->hb_buffer_allocation_successful(handle->buffer) || handle->font == api->hb_font_get_empty()) {
        crp_ft_set_message(message, message_capacity, "out of memory for HarfBuzz");
        crp_ft_face_destroy(handle);
        return CRP_FT_OUT_OF_MEMORY;
    }
    unsigned int upem = api->hb_face_get_upem(api->hb_font_get_face(handle->font));
    api->hb_font_set_scale(handle->font, (int)upem, (int)upem);
    crp_ft_set_message(handle->message, sizeof handle->message, "no error");
    *out = handle;
    return CRP_FT_OK;
}

void crp_ft_face_destroy(crp_ft_face *face) {
    if (!face) return;
    const crp_ft_functions *api = face->api;
    if (face->buffer) api->hb_buffer_destroy(face->buffer);
    if (face->font) api->hb_font_destroy(face->font);
    if (face->face) api->FT_Done_Face(face->face);
    if (face->library) api->FT_Done_FreeType(face->library);
    free(face);
}

const char *crp_ft_face_message(const crp_ft_face *face) {
    return face ? face->message : "no face";
}

crp_ft_status crp_ft_face_get_info(const crp_ft_face *face, crp_ft_face_info *info) {
    if (!face || !info) return CRP_FT_MISUSE;
    memset(info, 0, sizeof *info);
    const crp_ft_functions *api = face->api;
    FT_Face ft = face->face;
    info->units_per_em = api->hb_face_get_upem(api->hb_font_get_face(face->font));
    hb_position_t value = 0;
    info->ascender = api->hb_ot_metrics_get_position(face->font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &value)
                         ? value : ft->ascender;
    info->descender = api->hb_ot_metrics_get_position(face->font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &value)
                          ? value : ft->descender;
    if (api->hb_ot_metrics_get_position(face->font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP, &value)) {
        info->line_gap = value;
    } else {
        long gap = (long)ft->height - (long)ft->ascender + (long)ft->descender;
        info->line_gap = gap > 0 ? (int32_t)gap : 0;
    }
    if (api->hb_ot_metrics_get_position(face->font, HB_OT_METRICS_TAG_CAP_HEIGHT, &value) && value > 0) {
        info->cap_height = value;
    }
    info->glyph_count = ft->num_glyphs > 0 ? (uint32_t)ft->num_glyphs : 0;
    info->face_count = ft->num_faces > 0 ? (uint32_t)ft->num_faces : 0;
    info->is_scalable = FT_IS_SCALABLE(ft) ? 1 : 0;
    info->has_color = FT_HAS_COLOR(ft) ? 1 : 0;
    info->strike_count = ft->num_fixed_sizes > 255 ? 255 : (uint8_t)(ft->num_fixed_sizes > 0 ? ft->num_fixed_sizes : 0);
    crp_ft_set_message(info->family_name, sizeof info->family_name, ft->family_name ? ft->family_name : "");
    crp_ft_set_message(info->style_name, sizeof info->style_name, ft->style_name ? ft->style_name : "");
    return CRP_FT_OK;
}

uint32_t crp_ft_face_glyph_index(crp_ft_face *face, uint32_t code_point) {
    if (!face || code_point > 0x10FFFF) return 0;
    return (uint32_t)face->api->FT_Get_Char_Index(face->face, code_point);
}

static const hb_feature_t crp_ft_literal_features[] = {
    {HB_TAG('c', 'a', 'l', 't'), 0, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
    {HB_TAG('l', 'i', 'g', 'a'), 0, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
    {HB_TAG('c', 'l', 'i', 'g'), 0, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
    {HB_TAG('d', 'l', 'i', 'g'), 0, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
};

crp_ft_status crp_ft_face_shape(crp_ft_face *face, const uint32_t *text, uint32_t length, crp_ft_direction direction,
                                const char *language, crp_ft_substitutions substitutions, uint32_t *glyph_count) {
    if (!face || !glyph_count || (!text && length > 0)) return CRP_FT_MISUSE;
    *glyph_count = 0;
    face->shaped_count = 0;
    if (length > CRP_FT_MAX_TEXT_LENGTH) {
        snprintf(face->message, sizeof face->message, "%u code points to shape, at most %d in one run", length,
                 CRP_FT_MAX_TEXT_LENGTH);
        return CRP_FT_OVER_LIMIT;
    }
    const crp_ft_functions *api = face->api;
    api->hb_buffer_clear_contents(face->buffer);
    if (length == 0) return CRP_FT_OK;
    api->hb_buffer_add_utf32(face->buffer, text, (int)length, 0, (int)length);
    api->hb_buffer_guess_segment_properties(face->buffer);
    if (direction != CRP_FT_DIRECTION_GUESSED) {
        api->hb_buffer_set_direction(face->buffer,
                                     direction == CRP_FT_DIRECTION_RTL ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    }
    if (language && language[0]) {
        api->hb_buffer_set_language(face->buffer, api->hb_language_from_string(language, -1));
    }
    if (substitutions == CRP_FT_SUBSTITUTIONS_LITERAL) {
        api->hb_shape(face->font, face->buffer, crp_ft_literal_features,
                      sizeof crp_ft_literal_features / sizeof crp_ft_literal_features[0]);
    } else {
        api->hb_shape(face->font, face->buffer, NULL, 0);
    }
    if (!api->hb_buffer_allocation_successful(face->buffer)) {
        crp_ft_set_message(face->message, sizeof face->message, "HarfBuzz ran out of memory shaping the run");
        return CRP_FT_OUT_OF_MEMORY;
    }
    face->shaped_count = api->hb_buffer_get_length(face->buffer);
    *glyph_count = face->shaped_count;
    return CRP_FT_OK;
}

crp_ft_status crp_ft_face_copy_glyphs(const crp_ft_face *face, crp_ft_shaped_glyph *glyphs, uint32_t capacity) {
    if (!face || (!glyphs && face->shaped_count > 0)) return CRP_FT_MISUSE;
    if (capacity < face->shaped_count) return CRP_FT_MISUSE;
    const crp_ft_functions *api = face->api;
    unsigned int count = 0;
    hb_glyph_info_t *infos = api->hb_buffer_get_glyph_infos(face->buffer, &count);
    hb_glyph_position_t *positions = api->hb_buffer_get_glyph_positions(face->buffer, &count);
    if (count != face->shaped_count || (count > 0 && (!infos || !positions))) return CRP_FT_MISUSE;
    for (unsigned int index = 0; index < count; index++) {
        glyphs[index].glyph = infos[index].codepoint;
        glyphs[index].cluster = infos[index].cluster;
        glyphs[index].x_advance = positions[index].x_advance;
        glyphs[index].y_advance = positions[index].y_advance;
        glyphs[index].x_offset = positions[index].x_offset;
        glyphs[index].y_offset = positions[index].y_offset;
    }
    return CRP_FT_OK;
}

crp_ft_status crp_ft_face_set_pixel_size(crp_ft_face *face, double pixels, double *bitmap_scale) {
    if (!face || !bitmap_scale) return CRP_FT_MISUSE;
    *bitmap_scale = 1;
    face->bitmap_ready = 0;
    if (!isfinite(pixels) || pixels <= 0 || pixels > CRP_FT_MAX_PIXEL_SIZE) {
        snprintf(face->message, sizeof face->message, "pixel size %g outside 0-%d", pixels, CRP_FT_MAX_PIXEL_SIZE);
        return CRP_FT_OVER_LIMIT;
    }
    const crp_ft_functions *api = face->api;
    FT_Face ft = face->face;
    FT_Error error;
    if (FT_IS_SCALABLE(ft)) {
        FT_F26Dot6 size = (FT_F26Dot6)lround(pixels * 64);
        error = api->FT_Set_Char_Size(ft, 0, size > 0 ? size : 1, 72, 72);
    } else {
        FT_Pos wanted = (FT_Pos)lround(pixels * 64);
        int chosen = -1;
        for (int index = 0; index < ft->num_fixed_sizes; index++) {
            FT_Pos ppem = ft->available_sizes[index].y_ppem;
            if (ppem <= 0) continue;
            int larger = ppem >= wanted;
            if (chosen < 0) {
                chosen = index;
                continue;
            }
            FT_Pos best = ft->available_sizes[chosen].y_ppem;
            int best_larger = best >= wanted;
            if ((larger && (!best_larger || ppem < best)) || (!larger && !best_larger && ppem > best)) chosen = index;
        }
        if (chosen < 0) {
            crp_ft_set_message(face->message, sizeof face->message, "the face has no usable bitmap strike");
            return CRP_FT_FONT_ERROR;
        }
        error = api->FT_Select_Size(ft, chosen);
        if (!error) *bitmap_scale = pixels * 64.0 / (double)ft->available_sizes[chosen].y_ppem;
    }
    if (error) {
        crp_ft_describe(api, face->message, sizeof face->message, "FreeType could not set the size", error);
        face->size_set = 0;
        return crp_ft_status_for(error) == CRP_FT_OUT_OF_MEMORY ? CRP_FT_OUT_OF_MEMORY : CRP_FT_FONT_ERROR;
    }
    face->size_set = 1;
    return CRP_FT_OK;
}

crp_ft_status crp_ft_face_render_glyph(crp_ft_face *face, uint32_t glyph, int32_t x_offset,
                                       crp_ft_glyph_bitmap *bitmap) {
    if (!face || !bitmap || !face->size_set || x_offset < 0 || x_offset > 63) return CRP_FT_MISUSE;
    memset(bitmap, 0, sizeof *bitmap);
    face->bitmap_ready = 0;
    const crp_ft_functions *api = face->api;
    FT_Face ft = face->face;
    if (ft->num_glyphs <= 0 || glyph >= (uint32_t)ft->num_glyphs) {
        snprintf(face->message, sizeof face->message, "glyph %u asked for, the face has %ld", glyph,
                 (long)ft->num_glyphs);
        return CRP_FT_MISUSE;
    }
    FT_Vector delta = {x_offset, 0};
    api->FT_Set_Transform(ft, NULL, &delta);
    FT_Int32 flags = FT_LOAD_NO_HINTING | (face->uses_color ? FT_LOAD_COLOR : FT_LOAD_NO_BITMAP);
    FT_Error error = api->FT_Load_Glyph(ft, glyph, flags);
    api->FT_Set_Transform(ft, NULL, NULL);
    if (error) {
        crp_ft_describe(api, face->message, sizeof face->message, "FreeType could not load the glyph", error);
        return crp_ft_status_for(error) == CRP_FT_OUT_OF_MEMORY ? CRP_FT_OUT_OF_MEMORY : CRP_FT_FONT_ERROR;
    }
    FT_GlyphSlot slot = ft->glyph;
    if (slot->format != FT_GLYPH_FORMAT_BITMAP) {
        /* Outline bounds are checked before rendering allocates. */
        if (slot->format == FT_GLYPH_FORMAT_OUTLINE) {
            FT_BBox box;
            api->FT_Outline_Get_CBox(&slot->outline, &box);
            if ((box.xMax - box.xMin) / 64 > CRP_FT_MAX_BITMAP_SIDE ||
                (box.yMax - box.yMin) / 64 > CRP_FT_MAX_BITMAP_SIDE) {
                crp_ft_set_message(face->message, sizeof face->message, "the glyph outline is over the bitmap limit");
                return CRP_FT_OVER_LIMIT;
            }
        }
        error = api->FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
        if (error) {
            crp_ft_describe(api, face->message, sizeof face->message, "FreeType could not render the glyph", error);
            return crp_ft_status_for(error) == CRP_FT_OUT_OF_MEMORY ? CRP_FT_OUT_OF_MEMORY : CRP_FT_FONT_ERROR;
        }
    }
    FT_Bitmap *source = &slot->bitmap;
    if (source->width > CRP_FT_MAX_BITMAP_SIDE || source->rows > CRP_FT_MAX_BITMAP_SIDE) {
        crp_ft_set_message(face->message, sizeof face->message, "the glyph bitmap is over the size limit");
        return CRP_FT_OVER_LIMIT;
    }
    switch (source->pixel_mode) {
        case FT_PIXEL_MODE_MONO:
        case FT_PIXEL_MODE_GRAY:
        case FT_PIXEL_MODE_GRAY2:
        case FT_PIXEL_MODE_GRAY4:
        case FT_PIXEL_MODE_BGRA:
            break;
        default:
            if (source->width == 0 || source->rows == 0) break;
            snprintf(face->message, sizeof face->message, "glyph bitmap pixel mode %d is not supported",
                     (int)source->pixel_mode);
            return CRP_FT_FONT_ERROR;
    }
    bitmap->width = source->width;
    bitmap->rows = source->rows;
    bitmap->left = slot->bitmap_left;
    bitmap->top = slot->bitmap_top;
    bitmap->is_color = source->pixel_mode == FT_PIXEL_MODE_BGRA ? 1 : 0;
    face->bitmap_ready = 1;
    return CRP_FT_OK;
}

/* The sample at column x of one source row, scaled to 0-255. */
static uint8_t crp_ft_coverage(const unsigned char *row, unsigned int x, unsigned char mode, unsigned short grays) {
    switch (mode) {
        case FT_PIXEL_MODE_MONO: return (row[x >> 3] & (0x80 >> (x & 7))) ? 255 : 0;
        case FT_PIXEL_MODE_GRAY2: return (uint8_t)(((row[x >> 2] >> (6 - 2 * (x & 3))) & 3) * 85);
        case FT_PIXEL_MODE_GRAY4: return (uint8_t)(((row[x >> 1] >> (4 - 4 * (x & 1))) & 15) * 17);
        default:
            if (grays > 1 && grays != 256) return (uint8_t)((row[x] * 255u + (grays - 1) / 2) / (grays - 1u));
            return row[x];
    }
}

crp_ft_status crp_ft_face_copy_bitmap(const crp_ft_face *face, uint8_t *pixels, size_t capacity) {
    if (!face || !face->bitmap_ready) return CRP_FT_MISUSE;
    const FT_Bitmap *source = &face->face->glyph->bitmap;
    size_t channels = source->pixel_mode == FT_PIXEL_MODE_BGRA ? 4 : 1;
    size_t needed = (size_t)source->width * source->rows * channels;
    if (needed == 0) return CRP_FT_OK;
    if (!pixels || capacity < needed || !source->buffer) return CRP_FT_MISUSE;
    size_t pitch = (size_t)(source->pitch < 0 ? -source->pitch : source->pitch);
    for (unsigned int y = 0; y < source->rows; y++) {
        /* A negative pitch stores the rows bottom to top. */
        unsigned int stored = source->pitch < 0 ? source->rows - 1 - y : y;
        const unsigned char *row = source->buffer + (size_t)stored * pitch;
        uint8_t *target = pixels + (size_t)y * source->width * channels;
        if (channels == 4) {
            for (unsigned int x = 0; x < source->width; x++) {
                /* Premultiplied: no colour sample may exceed alpha, whatever the font holds. */
                unsigned char alpha = row[4 * x + 3];
                target[4 * x] = row[4 * x + 2] < alpha ? row[4 * x + 2] : alpha;
                target[4 * x + 1] = row[4 * x + 1] < alpha ? row[4 * x + 1] : alpha;
                target[4 * x + 2] = row[4 * x] < alpha ? row[4 * x] : alpha;
                target[4 * x + 3] = alpha;
            }
        } else {
            for (unsigned int x = 0; x < source->width; x++) {
                target[x] = crp_ft_coverage(row, x, source->pixel_mode, source->num_grays);
            }
        }
    }
    return CRP_FT_OK;
}
