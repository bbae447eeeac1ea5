#ifndef CRICHPREVIEWHEIF_FUNCTIONS_H
#define CRICHPREVIEWHEIF_FUNCTIONS_H

/* The libheif functions the shim calls, resolved with dlopen/dlsym on first use (heif_loader.c),
   so that the executable does not link libheif (nor the HEVC and AV1 codecs it pulls in). Private
   to the shim. */

#include "CRichPreviewHEIF.h"

/* Built with the library only when its headers are there (and RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS
   is not defined); without them every call of the shim says the library is unavailable
   (heif_not_built.c), so that a build needing none of its formats needs none of its packages. */
#if defined(RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS)
#define CRP_HEIF_BUILT 0
#elif __has_include(<libheif/heif.h>)
#define CRP_HEIF_BUILT 1
#else
#define CRP_HEIF_BUILT 0
#endif
#if CRP_HEIF_BUILT
#include <libheif/heif.h>

/* Every function the shim calls. Adding a call means adding its name here; the type of each table
   entry comes from libheif's own header through __typeof__, which names the declaration without
   referencing the symbol. */
#define CRP_HEIF_FUNCTIONS(X)                       \
    X(heif_read_main_brand)                         \
    X(heif_has_compatible_brand)                    \
    X(heif_context_alloc)                           \
    X(heif_context_free)                            \
    X(heif_context_set_maximum_image_size_limit)    \
    X(heif_context_read_from_memory_without_copy)   \
    X(heif_context_get_primary_image_handle)        \
    X(heif_image_handle_release)                    \
    X(heif_image_handle_get_width)                  \
    X(heif_image_handle_get_height)                 \
    X(heif_image_handle_get_ispe_width)             \
    X(heif_image_handle_get_ispe_height)            \
    X(heif_image_handle_has_alpha_channel)          \
    X(heif_image_handle_is_premultiplied_alpha)     \
    X(heif_image_handle_get_luma_bits_per_pixel)    \
    X(heif_image_handle_get_color_profile_type)     \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_raw_color_profile)      \
    X(heif_decode_image)                            \
    X(heif_image_release)                           \
    X(heif_image_get_colorspace)                    \
    X(heif_image_get_chroma_format)                 \
    X(heif_image_has_channel)                       \
    X(heif_image_get_width)                         \
    X(heif_image_get_height)                        \
    X(heif_image_get_bits_per_pixel_range)          \
    X(heif_image_get_plane_readonly)

/* Resolved when present, NULL otherwise: libheif works without heif_init (its built-in decoders
   are registered when it is loaded), and versions before 1.13 lack it; without
   heif_context_set_max_decoding_threads a grid's tiles are decoded on libheif's own threads. Without
   any one of the others the shim lets libheif apply the transformations, as it did before it applied them itself
   (heif_decoder.c). */
#define CRP_HEIF_OPTIONAL_FUNCTIONS(X)                     \
    X(heif_init)                                           \
    X(heif_context_set_max_decoding_threads)               \
    X(heif_context_get_primary_image_ID)                   \
    X(heif_decoding_options_alloc)                         \
    X(heif_decoding_options_free)                          \
    X(heif_image_handle_get_number_of_auxiliary_images)    \
    X(heif_image_handle_get_list_of_auxiliary_image_IDs)   \
    X(heif_image_handle_get_auxiliary_type)                \
    X(heif_image_handle_free_auxiliary_types)              \
    X(heif_image_handle_get_auxiliary_image_handle)

/* One pointer per function, named after it: `api->heif_decode_image(...)`. */
typedef struct {
#define CRP_HEIF_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_HEIF_FUNCTIONS(CRP_HEIF_FUNCTION_POINTER)
    CRP_HEIF_OPTIONAL_FUNCTIONS(CRP_HEIF_FUNCTION_POINTER)
#undef CRP_HEIF_FUNCTION_POINTER
} crp_heif_functions;

/* The table, loading libheif the first time any thread asks (once per process); NULL when the
   library or one of its functions is missing, with `report` (may be NULL) saying which. */
const crp_heif_functions *crp_heif_functions_load(crp_heif_library_report *report);

#endif /* CRP_HEIF_BUILT */

#endif
