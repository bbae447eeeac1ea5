/* GNU FriBidi, loaded with dlopen on first use: the paragraph direction and the levels and
   visual order of a line. */
#include "CRichPreviewFriBidi.h"

#if !__has_include(<fribidi/fribidi.h>)
#error "the headers of GNU FriBidi are missing: install the Debian package libfribidi-dev (Scripts/debian-packages.txt lists them all)"
#endif
#include <fribidi/fribidi.h>

#include <stdlib.h>

/* Every function the shim calls; the type of each entry comes from FriBidi's own header. */
#define CRP_BIDI_FUNCTIONS(X)               \
    X(fribidi_get_bidi_types)               \
    X(fribidi_get_bracket_types)            \
    X(fribidi_get_par_embedding_levels_ex)  \
    X(fribidi_reorder_line)

typedef struct {
#define CRP_BIDI_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_BIDI_FUNCTIONS(CRP_BIDI_FUNCTION_POINTER)
#undef CRP_BIDI_FUNCTION_POINTER
} crp_bidi_functions;

static crp_bidi_functions crp_bidi_table;
#define CRP_LOADER_TABLE crp_bidi_table
static const crp_loader_symbol crp_bidi_symbols[] = {CRP_BIDI_FUNCTIONS(CRP_LOADER_FUNCTION)};

static const crp_loader_library crp_bidi_library[] = {
    CRP_LOADER_LIBRARY("RICHPREVIEW_FRIBIDI_LIBRARY", "libfribidi0", crp_bidi_symbols, "libfribidi.so.0"),
};

static crp_loader crp_bidi_loader = CRP_LOADER(crp_bidi_library, NULL);

static const crp_bidi_functions *crp_bidi_api(void) {
    return crp_loader_load(&crp_bidi_loader, NULL) ? &crp_bidi_table : NULL;
}

crp_bidi_status crp_bidi_library_load(crp_bidi_library_report *report) {
    return crp_loader_load(&crp_bidi_loader, report) ? CRP_BIDI_OK : CRP_BIDI_LIBRARY_UNAVAILABLE;
}

/* One paragraph resolved by rules P2 to I2: the bidi type and the embedding level of each code
   point, in arrays the caller frees with crp_bidi_release. */
typedef struct {
    FriBidiCharType *types;
    FriBidiLevel *levels;
} crp_bidi_resolved;

static void crp_bidi_release(crp_bidi_resolved *resolved) {
    free(resolved->levels);
    free(resolved->types);
}

/* Resolves `text` (1 or more code points) in a paragraph of `*direction` (FRIBIDI_PAR_ON: found
   from its first strong character, and written back); 0 when out of memory or FriBidi fails. */
static int crp_bidi_resolve(const crp_bidi_functions *api, const uint32_t *text, uint32_t length,
                            FriBidiParType *direction, crp_bidi_resolved *resolved) {
    resolved->types = malloc(sizeof *resolved->types * length);
    resolved->levels = malloc(sizeof *resolved->levels * length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * length);
    int ok = 0;
    if (resolved->types && resolved->levels && brackets) {
        const FriBidiChar *chars = (const FriBidiChar *)text;
        api->fribidi_get_bidi_types(chars, (FriBidiStrIndex)length, resolved->types);
        api->fribidi_get_bracket_types(chars, (FriBidiStrIndex)length, resolved->types, brackets);
        ok = api->fribidi_get_par_embedding_levels_ex(resolved->types, brackets, (FriBidiStrIndex)length, direction,
                                                      resolved->levels) > 0;
    }
    free(brackets);
    return ok;
}

/* The paragraph's direction as the levels are resolved with an automatic base: unlike
   fribidi_get_par_direction, this skips text inside isolates (rule P2). */
crp_bidi_status crp_bidi_paragraph_direction(const uint32_t *text, uint32_t length, crp_bidi_direction *direction) {
    if (!direction || (!text && length > 0)) return CRP_BIDI_MISUSE;
    *direction = CRP_BIDI_LTR;
    if (length > CRP_BIDI_MAX_LENGTH) return CRP_BIDI_OVER_LIMIT;
    const crp_bidi_functions *api = crp_bidi_api();
    if (!api) return CRP_BIDI_LIBRARY_UNAVAILABLE;
    if (length == 0) return CRP_BIDI_OK;
    FriBidiParType found = FRIBIDI_PAR_ON;
    crp_bidi_resolved resolved;
    int ok = crp_bidi_resolve(api, text, length, &found, &resolved);
    crp_bidi_release(&resolved);
    if (!ok) return CRP_BIDI_FAILED;
    *direction = found == FRIBIDI_PAR_RTL ? CRP_BIDI_RTL : CRP_BIDI_LTR;
    return CRP_BIDI_OK;
}

crp_bidi_status crp_bidi_resolve_line(const uint32_t *text, uint32_t length, crp_bidi_direction base,
                                      uint8_t *levels, int32_t *visual) {
    if ((!text || !levels || !visual) && length > 0) return CRP_BIDI_MISUSE;
    if (length > CRP_BIDI_MAX_LENGTH) return CRP_BIDI_OVER_LIMIT;
    const crp_bidi_functions *api = crp_bidi_api();
    if (!api) return CRP_BIDI_LIBRARY_UNAVAILABLE;
    if (length == 0) return CRP_BIDI_OK;
    crp_bidi_status status = CRP_BIDI_FAILED;
    FriBidiParType direction = base == CRP_BIDI_RTL ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    crp_bidi_resolved resolved;
    FriBidiStrIndex *map = malloc(sizeof *map * length);
    if (crp_bidi_resolve(api, text, length, &direction, &resolved) && map) {
        for (uint32_t i = 0; i < length; i++) map[i] = (FriBidiStrIndex)i;
        /* The map only (no string, so no mirroring: HarfBuzz mirrors in right-to-left runs);
           marks keep their place after their base, as shaping needs. Rule L1 resets the levels. */
        if (api->fribidi_reorder_line(0, resolved.types, (FriBidiStrIndex)length, 0, direction, resolved.levels, NULL,
                                      map) > 0) {
            for (uint32_t i = 0; i < length; i++) {
                levels[i] = (uint8_t)resolved.levels[i];
                visual[i] = (int32_t)map[i];
            }
            status = CRP_BIDI_OK;
        }
    }
    free(map);
    crp_bidi_release(&resolved);
    return status;
}
