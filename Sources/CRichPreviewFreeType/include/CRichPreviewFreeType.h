#ifndef CRICHPREVIEWFREETYPE_H
#define CRICHPREVIEWFREETYPE_H

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the face (or in the
/// caller's buffer for crp_ft_face_open).
typedef enum {
    CRP_FT_OK = 0,
    CRP_FT_CANNOT_OPEN = 1,     /* the file is missing or cannot be read */
    CRP_FT_UNKNOWN_FORMAT = 2,  /* not a font format FreeType reads */
    CRP_FT_NO_SUCH_FACE = 3,    /* the face index is past the faces of the file (a .ttc collection) */
    CRP_FT_FONT_ERROR = 4,      /* FreeType or HarfBuzz failed: a corrupt table, glyph or bitmap */
    CRP_FT_OUT_OF_MEMORY = 5,
    CRP_FT_OVER_LIMIT = 6,      /* a size, text length or bitmap over the limits below */
    CRP_FT_MISUSE = 7,          /* a call out of order or a bad argument */
    CRP_FT_LIBRARY_UNAVAILABLE = 8  /* FreeType or HarfBuzz is not installed or lacks a function */
} crp_ft_status;

/// The shim's limits, checked before anything is allocated.
enum {
    CRP_FT_MAX_PIXEL_SIZE = 2048,      /* largest pixel size (em height) a face is set to */
    CRP_FT_MAX_TEXT_LENGTH = 65536,    /* most code points shaped in one call */
    CRP_FT_MAX_BITMAP_SIDE = 4096      /* widest or tallest glyph bitmap rendered */
};

/// What a face is: its metrics in font units and what kind of glyphs it has.
typedef struct {
    uint32_t units_per_em;
    int32_t ascender;        /* font units above the baseline (positive) */
    int32_t descender;       /* font units below the baseline (negative) */
    int32_t line_gap;        /* font units between one line's descender and the next one's ascender */
    int32_t cap_height;      /* font units from the baseline to the top of a flat capital (OS/2), 0 if unknown */
    uint32_t glyph_count;
    uint32_t face_count;     /* faces in the file: more than 1 for a collection */
    uint8_t is_scalable;     /* has outlines */
    uint8_t has_color;       /* has colour glyphs (CBDT/sbix bitmaps or COLR layers) */
    uint8_t strike_count;    /* embedded bitmap sizes, at most 255 reported */
    char family_name[96];
    char style_name[64];
} crp_ft_face_info;

/// One glyph of a shaped run, in font units (HarfBuzz at the face's units per em).
typedef struct {
    uint32_t glyph;          /* glyph index in the face; 0 is .notdef */
    uint32_t cluster;        /* index of the first code point of the glyph's cluster in the shaped text */
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;        /* positive up */
} crp_ft_shaped_glyph;

/// The glyph last rendered by crp_ft_face_render_glyph.
typedef struct {
    uint32_t width;          /* pixels */
    uint32_t rows;
    int32_t left;            /* pixels from the pen position to the bitmap's left edge */
    int32_t top;             /* pixels from the baseline up to the bitmap's top row */
    uint8_t is_color;        /* 1: 4 bytes a pixel, RGBA premultiplied; 0: 1 byte of coverage a pixel */
} crp_ft_glyph_bitmap;

/// Why FreeType (libfreetype.so.6, Debian package libfreetype6) or HarfBuzz (libharfbuzz.so.0,
/// libharfbuzz0b) could not be loaded: dlerror's message, or the function the library lacks.
typedef crp_library_report crp_ft_library_report;

typedef struct crp_ft_face crp_ft_face;

/// Loads FreeType (libfreetype.so.6) and HarfBuzz (libharfbuzz.so.0) with dlopen and resolves the
/// functions the shim calls, once per process, whichever thread asks first; every later call
/// returns the first outcome. crp_ft_face_open calls it itself; call it to learn why loading
/// failed. On failure returns CRP_FT_LIBRARY_UNAVAILABLE and fills `report` (may be NULL).
///
/// The environment variables RICHPREVIEW_FREETYPE_LIBRARY and RICHPREVIEW_HARFBUZZ_LIBRARY, when
/// set (and the process is not setuid), replace the file names; they exist to test the failure
/// path. A FreeType other than the one HarfBuzz itself links against must not be named.
crp_ft_status crp_ft_libraries_load(crp_ft_library_report *report);

/// Opens face `face_index` of the font file at `path` (FT_New_Face) with its own FreeType library
/// and a HarfBuzz font over it (hb_ft_face_create_referenced), loading both libraries on first use.
/// On failure `*face` is NULL and `message` says why; CRP_FT_LIBRARY_UNAVAILABLE when a library or
/// one of its functions is missing.
crp_ft_status crp_ft_face_open(const char *path, int32_t face_index, crp_ft_face **face, char *message,
                               size_t message_capacity);
void crp_ft_face_destroy(crp_ft_face *face);
/// The last error message, never NULL.
const char *crp_ft_face_message(const crp_ft_face *face);

/// Fills `info` (metrics from the OS/2 or hhea tables through hb_ot_metrics_get_position).
crp_ft_status crp_ft_face_get_info(const crp_ft_face *face, crp_ft_face_info *info);

/// The glyph index the face's character map gives `code_point` (FT_Get_Char_Index); 0 when missing.
uint32_t crp_ft_face_glyph_index(crp_ft_face *face, uint32_t code_point);

/// The direction a run is shaped in.
typedef enum {
    CRP_FT_DIRECTION_GUESSED = 0, /* from the run's script, as hb_buffer_guess_segment_properties does */
    CRP_FT_DIRECTION_LTR = 1,
    CRP_FT_DIRECTION_RTL = 2, /* glyphs come out in visual order, mirrored where Unicode says so */
} crp_ft_direction;

/// Which of the font's default substitutions a run is shaped with.
typedef enum {
    CRP_FT_SUBSTITUTIONS_FONT_DEFAULTS = 0, /* every feature HarfBuzz applies by default */
    /* none that draws a character the text does not have: contextual alternates (calt, which in
       Inter makes -> an arrow and 3x4 a multiplication sign), standard, contextual and
       discretionary ligatures (liga, clig, dlig) are off; kerning, marks and ccmp stay on */
    CRP_FT_SUBSTITUTIONS_LITERAL = 1,
} crp_ft_substitutions;

/// Shapes `length` code points with HarfBuzz (script guessed, direction as given; `language` a
/// BCP 47 tag or NULL; `substitutions` which default features apply) and keeps the result in the
/// face; `*glyph_count` is the number of glyphs.
crp_ft_status crp_ft_face_shape(crp_ft_face *face, const uint32_t *text, uint32_t length, crp_ft_direction direction,
                                const char *language, crp_ft_substitutions substitutions, uint32_t *glyph_count);

/// Copies the glyphs of the last crp_ft_face_shape; `capacity` must be at least its glyph count.
crp_ft_status crp_ft_face_copy_glyphs(const crp_ft_face *face, crp_ft_shaped_glyph *glyphs, uint32_t capacity);

/// Sets the em size in pixels for rendering. A scalable face is set exactly (FT_Set_Char_Size);
/// a bitmap-only face selects the smallest strike at least that large, else the largest
/// (FT_Select_Size), and `*bitmap_scale` is the factor to apply to its bitmaps (1 for outlines).
crp_ft_status crp_ft_face_set_pixel_size(crp_ft_face *face, double pixels, double *bitmap_scale);

/// Renders `glyph` at the size set last, shifted right by `x_offset` 64ths of a pixel (0-63;
/// ignored for bitmap glyphs), unhinted, with colour glyphs in colour (FT_LOAD_COLOR), and keeps
/// the bitmap in the face.
crp_ft_status crp_ft_face_render_glyph(crp_ft_face *face, uint32_t glyph, int32_t x_offset,
                                       crp_ft_glyph_bitmap *bitmap);

/// Copies the last rendered bitmap, rows top to bottom without padding: `width * rows` coverage
/// bytes, or `width * rows * 4` RGBA premultiplied bytes for a colour glyph.
crp_ft_status crp_ft_face_copy_bitmap(const crp_ft_face *face, uint8_t *pixels, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
