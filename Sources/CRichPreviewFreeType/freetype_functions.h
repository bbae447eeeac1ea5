#ifndef CRICHPREVIEWFREETYPE_FUNCTIONS_H
#define CRICHPREVIEWFREETYPE_FUNCTIONS_H

/* The FreeType and HarfBuzz functions the shim calls, resolved with dlopen/dlsym on first use
   (freetype_loader.c), so that the executable does not link either library. Private to the shim. */

#include "CRichPreviewFreeType.h"

/* `system/` links to the folders Debian installs them in: ft2build.h and freetype/ of
   /usr/include/freetype2, and /usr/include/harfbuzz as harfbuzz/. */
#if !__has_include(<ft2build.h>)
#error "the headers of FreeType are missing: install the Debian package libfreetype-dev (Scripts/debian-packages.txt lists them all)"
#endif
#if !__has_include(<harfbuzz/hb.h>)
#error "the headers of HarfBuzz are missing: install the Debian package libharfbuzz-dev (Scripts/debian-packages.txt lists them all)"
#endif
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <harfbuzz/hb-ot.h>

/* Every function the shim calls, by library. Adding a call means adding its name here; the type
   of each table entry comes from the library's own header through __typeof__, which names the
   declaration without referencing the symbol. */
#define CRP_FT_FREETYPE_FUNCTIONS(X) \
    X(FT_Init_FreeType)              \
    X(FT_Done_FreeType)              \
    X(FT_New_Face)                   \
    X(FT_Done_Face)                  \
    X(FT_Error_String)               \
    X(FT_Get_Char_Index)             \
    X(FT_Set_Char_Size)              \
    X(FT_Select_Size)                \
    X(FT_Set_Transform)              \
    X(FT_Load_Glyph)                 \
    X(FT_Outline_Get_CBox)           \
    X(FT_Render_Glyph)

#define CRP_FT_HARFBUZZ_FUNCTIONS(X)      \
    X(hb_ft_face_create_referenced)       \
    X(hb_face_destroy)                    \
    X(hb_face_get_upem)                   \
    X(hb_font_create)                     \
    X(hb_font_destroy)                    \
    X(hb_font_get_empty)                  \
    X(hb_font_get_face)                   \
    X(hb_font_set_scale)                  \
    X(hb_ot_metrics_get_position)         \
    X(hb_buffer_create)                   \
    X(hb_buffer_destroy)                  \
    X(hb_buffer_allocation_successful)    \
    X(hb_buffer_clear_contents)           \
    X(hb_buffer_add_utf32)                \
    X(hb_buffer_guess_segment_properties) \
    X(hb_buffer_set_language)             \
    X(hb_buffer_set_direction)            \
    X(hb_buffer_get_length)               \
    X(hb_buffer_get_glyph_infos)          \
    X(hb_buffer_get_glyph_positions)      \
    X(hb_language_from_string)            \
    X(hb_shape)

/* One pointer per function, named after it: `api->FT_Load_Glyph(...)`. */
typedef struct {
#define CRP_FT_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_FT_FREETYPE_FUNCTIONS(CRP_FT_FUNCTION_POINTER)
    CRP_FT_HARFBUZZ_FUNCTIONS(CRP_FT_FUNCTION_POINTER)
#undef CRP_FT_FUNCTION_POINTER
} crp_ft_functions;

/* The table, loading both libraries the first time any thread asks (once per process); NULL when
   a library or one of its functions is missing, with `report` (may be NULL) saying which. */
const crp_ft_functions *crp_ft_functions_load(crp_ft_library_report *report);

#endif
