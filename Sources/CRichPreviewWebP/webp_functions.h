#ifndef CRICHPREVIEWWEBP_FUNCTIONS_H
#define CRICHPREVIEWWEBP_FUNCTIONS_H

/* The libwebp functions the shim calls, resolved with dlopen/dlsym on first use (webp_loader.c),
   so that the executable does not link libwebp. Private to the shim. */

#include "CRichPreviewWebP.h"

/* Built with the library only when its headers are there (and RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS
   is not defined); without them every call of the shim says the library is unavailable
   (webp_not_built.c), so that a build needing none of its formats needs none of its packages. */
#if defined(RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS)
#define CRP_WEBP_BUILT 0
#elif __has_include(<webp/decode.h>) && __has_include(<webp/demux.h>)
#define CRP_WEBP_BUILT 1
#else
#define CRP_WEBP_BUILT 0
#endif
#if CRP_WEBP_BUILT
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

/* Every function the shim calls, by library (libwebp decodes and encodes). Many of the headers' functions (WebPGetFeatures,
   WebPInitDecoderConfig, WebPDemux, WebPAnimDecoderNew, WebPAnimDecoderOptionsInit) are static
   inline wrappers that pass the headers' ABI version to an exported ...Internal function: the shim
   resolves and calls those itself, with WEBP_DECODER_ABI_VERSION or WEBP_DEMUX_ABI_VERSION. The
   type of each table entry comes from the library's own header through __typeof__, which names the
   declaration without referencing the symbol. */
#define CRP_WEBP_DECODE_FUNCTIONS(X)   \
    X(WebPGetDecoderVersion)           \
    X(WebPGetFeaturesInternal)         \
    X(WebPInitDecoderConfigInternal)   \
    X(WebPDecode)                      \
    X(WebPFreeDecBuffer)               \
    X(WebPConfigInitInternal)          \
    X(WebPValidateConfig)              \
    X(WebPPictureInitInternal)         \
    X(WebPPictureImportRGBA)           \
    X(WebPPictureFree)                 \
    X(WebPMemoryWriterInit)            \
    X(WebPMemoryWrite)                 \
    X(WebPMemoryWriterClear)           \
    X(WebPEncode)                      \
    X(WebPFree)

#define CRP_WEBP_DEMUX_FUNCTIONS(X)         \
    X(WebPGetDemuxVersion)                  \
    X(WebPDemuxInternal)                    \
    X(WebPDemuxDelete)                      \
    X(WebPDemuxGetI)                        \
    X(WebPDemuxGetFrame)                    \
    X(WebPDemuxReleaseIterator)             \
    X(WebPDemuxGetChunk)                    \
    X(WebPDemuxReleaseChunkIterator)        \
    X(WebPAnimDecoderOptionsInitInternal)   \
    X(WebPAnimDecoderNewInternal)           \
    X(WebPAnimDecoderGetInfo)               \
    X(WebPAnimDecoderGetNext)               \
    X(WebPAnimDecoderDelete)

/* One pointer per function, named after it: `api->WebPDecode(...)`. */
typedef struct {
#define CRP_WEBP_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_WEBP_DECODE_FUNCTIONS(CRP_WEBP_FUNCTION_POINTER)
    CRP_WEBP_DEMUX_FUNCTIONS(CRP_WEBP_FUNCTION_POINTER)
#undef CRP_WEBP_FUNCTION_POINTER
} crp_webp_functions;

/* The table, loading both libraries the first time any thread asks (once per process); NULL when a
   library or one of its functions is missing or it refuses the headers' ABI, with `report` (may be
   NULL) saying which. */
const crp_webp_functions *crp_webp_functions_load(crp_webp_library_report *report);

#endif /* CRP_WEBP_BUILT */

#endif
