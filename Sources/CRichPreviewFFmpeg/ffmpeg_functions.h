#ifndef CRICHPREVIEWFFMPEG_FUNCTIONS_H
#define CRICHPREVIEWFFMPEG_FUNCTIONS_H

/* The FFmpeg functions the shim calls, resolved with dlopen/dlsym on first use (ffmpeg_loader.c),
   so that the executable does not link FFmpeg. Private to the shim. */

#include "CRichPreviewFFmpeg.h"

/* Built with the library only when its headers are there (and RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS
   is not defined); without them every call of the shim says the library is unavailable
   (ffmpeg_not_built.c), so that a build needing none of its formats needs none of its packages. */
#if defined(RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS)
#define CRP_AV_BUILT 0
#elif __has_include(<libavcodec/avcodec.h>) && __has_include(<libavformat/avformat.h>) && __has_include(<libavutil/frame.h>) && __has_include(<libswscale/swscale.h>)
#define CRP_AV_BUILT 1
#else
#define CRP_AV_BUILT 0
#endif
#if CRP_AV_BUILT
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/buffer.h>
#include <libavutil/display.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/macros.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <stdarg.h>

/* The display matrix moved from the stream's side data (av_stream_get_side_data, removed in
   libavformat 61) to the codec parameters' (av_packet_side_data_get, libavcodec 60.29). */
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
#define CRP_AV_CODED_SIDE_DATA 1
#define CRP_AV_SIDE_DATA_AVCODEC_FUNCTIONS(X) X(av_packet_side_data_get)
#define CRP_AV_SIDE_DATA_AVFORMAT_FUNCTIONS(X)
#else
#define CRP_AV_CODED_SIDE_DATA 0
#define CRP_AV_SIDE_DATA_AVCODEC_FUNCTIONS(X)
#define CRP_AV_SIDE_DATA_AVFORMAT_FUNCTIONS(X) X(av_stream_get_side_data)
#endif

/* Every function the shim calls, by library. Adding a call means adding its name here; the type
   of each table entry comes from the library's own header through __typeof__, which names the
   declaration without referencing the symbol. */
#define CRP_AV_AVUTIL_FUNCTIONS(X) \
    X(av_malloc)                   \
    X(av_free)                     \
    X(av_strdup)                   \
    X(av_strerror)                 \
    X(av_log_set_level)            \
    X(av_log_set_callback)         \
    X(av_dict_set)                 \
    X(av_dict_free)                \
    X(av_frame_alloc)              \
    X(av_frame_free)               \
    X(av_frame_unref)              \
    X(av_frame_move_ref)           \
    X(av_get_pix_fmt_name)         \
    X(av_image_get_buffer_size)    \
    X(av_buffer_create)            \
    X(av_buffer_unref)             \
    X(av_display_rotation_get)

#define CRP_AV_SWSCALE_FUNCTIONS(X) \
    X(sws_isSupportedInput)         \
    X(sws_getContext)               \
    X(sws_freeContext)              \
    X(sws_getCoefficients)          \
    X(sws_getColorspaceDetails)     \
    X(sws_setColorspaceDetails)     \
    X(sws_scale)

#define CRP_AV_AVCODEC_FUNCTIONS(X)      \
    X(avcodec_find_decoder_by_name)      \
    X(avcodec_get_name)                  \
    X(avcodec_alloc_context3)            \
    X(avcodec_free_context)              \
    X(avcodec_parameters_to_context)     \
    X(avcodec_open2)                     \
    X(avcodec_send_packet)               \
    X(avcodec_receive_frame)             \
    X(avcodec_flush_buffers)             \
    X(avcodec_default_get_buffer2)       \
    X(av_packet_alloc)                   \
    X(av_packet_free)                    \
    X(av_packet_unref)                   \
    CRP_AV_SIDE_DATA_AVCODEC_FUNCTIONS(X)

#define CRP_AV_AVFORMAT_FUNCTIONS(X)      \
    X(avio_alloc_context)                 \
    X(avio_context_free)                  \
    X(av_probe_input_buffer2)             \
    X(avformat_alloc_context)             \
    X(avformat_free_context)              \
    X(avformat_open_input)                \
    X(avformat_close_input)               \
    X(avformat_find_stream_info)          \
    X(av_read_frame)                      \
    X(av_seek_frame)                      \
    CRP_AV_SIDE_DATA_AVFORMAT_FUNCTIONS(X)

/* One pointer per function, named after it: `api->avcodec_send_packet(...)`. */
typedef struct {
#define CRP_AV_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_AV_AVUTIL_FUNCTIONS(CRP_AV_FUNCTION_POINTER)
    CRP_AV_SWSCALE_FUNCTIONS(CRP_AV_FUNCTION_POINTER)
    CRP_AV_AVCODEC_FUNCTIONS(CRP_AV_FUNCTION_POINTER)
    CRP_AV_AVFORMAT_FUNCTIONS(CRP_AV_FUNCTION_POINTER)
#undef CRP_AV_FUNCTION_POINTER
} crp_av_functions;

/* av_log's callback (ffmpeg_shim.c): prints nothing; notes a decoder's refusal of a picture over
   its max_pixels for the decode running on the calling thread. */
void crp_av_log(void *context, int level, const char *format, va_list arguments);

/* The table, loading the four libraries the first time any thread asks (once per process); NULL
   when a library or one of its functions is missing, with `report` (may be NULL) saying which. */
const crp_av_functions *crp_av_functions_load(crp_av_library_report *report);

/* The same for libavutil, libswscale and libavcodec alone (a table of its own, its libavformat
   functions NULL): all that still pictures need. */
const crp_av_functions *crp_av_codec_functions_load(crp_av_library_report *report);

#endif /* CRP_AV_BUILT */

#endif
