/* libwebp and libwebpdemux, loaded the first time a WebP file is read, so that commands that read
   none never map them. */
#include "webp_functions.h"

#include <stdio.h>

#if CRP_WEBP_BUILT

static crp_webp_functions crp_webp_table;
#define CRP_LOADER_TABLE crp_webp_table
static const crp_loader_symbol crp_webp_decode_symbols[] = {CRP_WEBP_DECODE_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_webp_demux_symbols[] = {CRP_WEBP_DEMUX_FUNCTIONS(CRP_LOADER_FUNCTION)};

/* The headers carry no soname: these are libwebp 1.x's (Debian 12 installs 1.2.4 as libwebp7 and
   libwebpdemux2). A library of another major version would refuse the headers' ABI anyway.
   libwebpdemux finds libwebp by itself, whatever RICHPREVIEW_WEBP_LIBRARY names. */
enum { CRP_WEBP_DECODE, CRP_WEBP_DEMUX };
static const crp_loader_library crp_webp_libraries[] = {
    [CRP_WEBP_DECODE] = CRP_LOADER_LIBRARY("RICHPREVIEW_WEBP_LIBRARY", "libwebp7", crp_webp_decode_symbols,
                                           "libwebp.so.7"),
    [CRP_WEBP_DEMUX] = CRP_LOADER_LIBRARY("RICHPREVIEW_WEBPDEMUX_LIBRARY", "libwebpdemux2", crp_webp_demux_symbols,
                                          "libwebpdemux.so.2"),
};

/* The version-checked entry points return 0 (or NULL) for every call when the library's ABI major
   differs from the headers'; checked here once so that a mismatch reads as an unavailable library
   rather than as every file failing to parse. */
static int crp_webp_prepare(char *reason, size_t reason_size) {
    WebPDecoderConfig config;
    if (!crp_webp_table.WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION)) {
        int version = crp_webp_table.WebPGetDecoderVersion();
        snprintf(reason, reason_size, "libwebp %d.%d.%d refuses the decoder ABI 0x%04x the shim was built with",
                 (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff, (unsigned)WEBP_DECODER_ABI_VERSION);
        return CRP_WEBP_DECODE;
    }
    WebPAnimDecoderOptions options;
    if (!crp_webp_table.WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) {
        int version = crp_webp_table.WebPGetDemuxVersion();
        snprintf(reason, reason_size, "libwebpdemux %d.%d.%d refuses the demux ABI 0x%04x the shim was built with",
                 (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff, (unsigned)WEBP_DEMUX_ABI_VERSION);
        return CRP_WEBP_DEMUX;
    }
    return CRP_LOADER_ACCEPTED;
}

static crp_loader crp_webp_loader = CRP_LOADER(crp_webp_libraries, crp_webp_prepare);

const crp_webp_functions *crp_webp_functions_load(crp_webp_library_report *report) {
    return crp_loader_load(&crp_webp_loader, report) ? &crp_webp_table : NULL;
}

crp_webp_status crp_webp_load(crp_webp_library_report *report) {
    return crp_webp_functions_load(report) ? CRP_WEBP_OK : CRP_WEBP_LIBRARY_UNAVAILABLE;
}

#endif /* CRP_WEBP_BUILT */
