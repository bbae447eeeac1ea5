/* FFmpeg's libraries, loaded the first time a movie frame is decoded, so that commands that decode
   none never map them (nor the dozens of codec libraries Debian's libavcodec pulls in). */
#include "ffmpeg_functions.h"

#if CRP_AV_BUILT

static crp_av_functions crp_av_table;
#define CRP_LOADER_TABLE crp_av_table
static const crp_loader_symbol crp_av_avutil_symbols[] = {CRP_AV_AVUTIL_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_av_swscale_symbols[] = {CRP_AV_SWSCALE_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_av_avcodec_symbols[] = {CRP_AV_AVCODEC_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_av_avformat_symbols[] = {CRP_AV_AVFORMAT_FUNCTIONS(CRP_LOADER_FUNCTION)};

/* The sonames and Debian packages of the major versions of the headers the shim is compiled
   against (libavformat.so.59 in libavformat59), in dependency order: each library is opened after
   the ones it links against. */
#define CRP_AV_LIBRARY(variable, name, major, symbols) \
    CRP_LOADER_LIBRARY(variable, "lib" name AV_STRINGIFY(major), symbols, "lib" name ".so." AV_STRINGIFY(major))
static const crp_loader_library crp_av_libraries[] = {
    CRP_AV_LIBRARY("RICHPREVIEW_AVUTIL_LIBRARY", "avutil", LIBAVUTIL_VERSION_MAJOR, crp_av_avutil_symbols),
    CRP_AV_LIBRARY("RICHPREVIEW_SWSCALE_LIBRARY", "swscale", LIBSWSCALE_VERSION_MAJOR, crp_av_swscale_symbols),
    CRP_AV_LIBRARY("RICHPREVIEW_AVCODEC_LIBRARY", "avcodec", LIBAVCODEC_VERSION_MAJOR, crp_av_avcodec_symbols),
    CRP_AV_LIBRARY("RICHPREVIEW_AVFORMAT_LIBRARY", "avformat", LIBAVFORMAT_VERSION_MAJOR, crp_av_avformat_symbols),
};

/* FFmpeg logs to stderr by default; the shim reports through its own messages, and its callback
   prints nothing (it notes the one message a decode needs, crp_av_log). The callback is the
   process's, but no other code in it uses this copy of libavutil (RTLD_LOCAL). */
static int crp_av_silence(const crp_av_functions *table) {
    table->av_log_set_level(AV_LOG_QUIET);
    table->av_log_set_callback(crp_av_log);
    return CRP_LOADER_ACCEPTED;
}

static int crp_av_prepare(char *reason, size_t reason_size) {
    (void)reason;
    (void)reason_size;
    return crp_av_silence(&crp_av_table);
}

static crp_loader crp_av_loader = CRP_LOADER(crp_av_libraries, crp_av_prepare);

/* The decoding libraries alone, for still pictures (ffmpeg_picture.c): libavformat, which a picture
   does not need, maps some 40 more libraries (15 ms). Their own table, so that the two loaders never
   write one. */
static crp_av_functions crp_av_codec_table;
#undef CRP_LOADER_TABLE
#define CRP_LOADER_TABLE crp_av_codec_table
static const crp_loader_symbol crp_av_codec_avutil_symbols[] = {CRP_AV_AVUTIL_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_av_codec_swscale_symbols[] = {CRP_AV_SWSCALE_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_av_codec_avcodec_symbols[] = {CRP_AV_AVCODEC_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_library crp_av_codec_libraries[] = {
    CRP_AV_LIBRARY("RICHPREVIEW_AVUTIL_LIBRARY", "avutil", LIBAVUTIL_VERSION_MAJOR, crp_av_codec_avutil_symbols),
    CRP_AV_LIBRARY("RICHPREVIEW_SWSCALE_LIBRARY", "swscale", LIBSWSCALE_VERSION_MAJOR, crp_av_codec_swscale_symbols),
    CRP_AV_LIBRARY("RICHPREVIEW_AVCODEC_LIBRARY", "avcodec", LIBAVCODEC_VERSION_MAJOR, crp_av_codec_avcodec_symbols),
};
#undef CRP_AV_LIBRARY

static int crp_av_codec_prepare(char *reason, size_t reason_size) {
    (void)reason;
    (void)reason_size;
    return crp_av_silence(&crp_av_codec_table);
}

static crp_loader crp_av_codec_loader = CRP_LOADER(crp_av_codec_libraries, crp_av_codec_prepare);

const crp_av_functions *crp_av_codec_functions_load(crp_av_library_report *report) {
    return crp_loader_load(&crp_av_codec_loader, report) ? &crp_av_codec_table : NULL;
}

const crp_av_functions *crp_av_functions_load(crp_av_library_report *report) {
    return crp_loader_load(&crp_av_loader, report) ? &crp_av_table : NULL;
}

crp_av_status crp_av_libraries_load(crp_av_library_report *report) {
    return crp_av_functions_load(report) ? CRP_AV_OK : CRP_AV_LIBRARY_UNAVAILABLE;
}

#endif /* CRP_AV_BUILT */
