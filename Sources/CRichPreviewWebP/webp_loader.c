/* Loads libwebp and libwebpdemux with dlopen the first time a WebP file is read, so that commands
   that read none never map them. */
#define _GNU_SOURCE /* secure_getenv */

#include "webp_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The headers carry no soname: these are libwebp 1.x's (Debian 12 installs 1.2.4 as libwebp7 and
   libwebpdemux2). A library of another major version would refuse the headers' ABI anyway. */
#define CRP_WEBP_DECODE_FILE "libwebp.so.7"
#define CRP_WEBP_DECODE_PACKAGE "libwebp7"
#define CRP_WEBP_DEMUX_FILE "libwebpdemux.so.2"
#define CRP_WEBP_DEMUX_PACKAGE "libwebpdemux2"

static pthread_once_t crp_webp_once = PTHREAD_ONCE_INIT;
static crp_webp_functions crp_webp_table;
static int crp_webp_loaded;
static crp_webp_library_report crp_webp_failure;

/* The file to open: the environment variable's value when set (and the process is not setuid),
   else the default. */
static const char *crp_webp_library_file(const char *variable, const char *fallback) {
    const char *value = secure_getenv(variable);
    return value && value[0] ? value : fallback;
}

static void crp_webp_fail(const char *file, const char *package, const char *reason) {
    snprintf(crp_webp_failure.library, sizeof crp_webp_failure.library, "%s", file);
    snprintf(crp_webp_failure.package, sizeof crp_webp_failure.package, "%s", package);
    snprintf(crp_webp_failure.reason, sizeof crp_webp_failure.reason, "%s", reason ? reason : "unknown dlopen error");
}

/* RTLD_LOCAL keeps the libraries' symbols out of the global scope; libwebpdemux finds libwebp (the
   same file, already loaded) by its own DT_NEEDED. */
static void *crp_webp_open(const char *file, const char *package) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) crp_webp_fail(file, package, dlerror());
    return library;
}

/* Fills one library's entries of the table; 0 with the failure recorded when a function is missing. */
#define CRP_WEBP_RESOLVE(name)                                                                      \
    symbol = dlsym(library, #name);                                                                 \
    if (!symbol) {                                                                                  \
        crp_webp_fail(file, package, "the library has no function " #name " (too old a version?)"); \
        return 0;                                                                                   \
    }                                                                                               \
    crp_webp_table.name = (__typeof__(crp_webp_table.name))symbol;

static int crp_webp_resolve_decode(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_WEBP_DECODE_FUNCTIONS(CRP_WEBP_RESOLVE)
    return 1;
}

static int crp_webp_resolve_demux(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_WEBP_DEMUX_FUNCTIONS(CRP_WEBP_RESOLVE)
    return 1;
}

#undef CRP_WEBP_RESOLVE

/* The version-checked entry points return 0 (or NULL) for every call when the library's ABI major
   differs from the headers'; checked here once so that a mismatch reads as an unavailable library
   rather than as every file failing to parse. */
static int crp_webp_check_abi(const char *decode_file, const char *demux_file) {
    char reason[sizeof crp_webp_failure.reason];
    WebPDecoderConfig config;
    if (!crp_webp_table.WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION)) {
        int version = crp_webp_table.WebPGetDecoderVersion();
        snprintf(reason, sizeof reason, "libwebp %d.%d.%d refuses the decoder ABI 0x%04x the shim was built with",
                 (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff, (unsigned)WEBP_DECODER_ABI_VERSION);
        crp_webp_fail(decode_file, CRP_WEBP_DECODE_PACKAGE, reason);
        return 0;
    }
    WebPAnimDecoderOptions options;
    if (!crp_webp_table.WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) {
        int version = crp_webp_table.WebPGetDemuxVersion();
        snprintf(reason, sizeof reason, "libwebpdemux %d.%d.%d refuses the demux ABI 0x%04x the shim was built with",
                 (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff, (unsigned)WEBP_DEMUX_ABI_VERSION);
        crp_webp_fail(demux_file, CRP_WEBP_DEMUX_PACKAGE, reason);
        return 0;
    }
    return 1;
}

static void crp_webp_load_once(void) {
    const char *decode_file = crp_webp_library_file("RICHPREVIEW_WEBP_LIBRARY", CRP_WEBP_DECODE_FILE);
    const char *demux_file = crp_webp_library_file("RICHPREVIEW_WEBPDEMUX_LIBRARY", CRP_WEBP_DEMUX_FILE);
    void *decode = crp_webp_open(decode_file, CRP_WEBP_DECODE_PACKAGE);
    if (!decode) return;
    void *demux = NULL;
    if (!crp_webp_resolve_decode(decode, decode_file, CRP_WEBP_DECODE_PACKAGE)) goto failed;
    demux = crp_webp_open(demux_file, CRP_WEBP_DEMUX_PACKAGE);
    if (!demux) goto failed;
    if (!crp_webp_resolve_demux(demux, demux_file, CRP_WEBP_DEMUX_PACKAGE)) goto failed;
    if (!crp_webp_check_abi(decode_file, demux_file)) goto failed;
    /* Loaded for the life of the process, like the table that points into them. */
    crp_webp_loaded = 1;
    return;
failed:
    if (demux) dlclose(demux);
    dlclose(decode);
}

const crp_webp_functions *crp_webp_functions_load(crp_webp_library_report *report) {
    pthread_once(&crp_webp_once, crp_webp_load_once);
    if (crp_webp_loaded) return &crp_webp_table;
    if (report) *report = crp_webp_failure;
    return NULL;
}

crp_webp_status crp_webp_load(crp_webp_library_report *report) {
    if (report) memset(report, 0, sizeof *report);
    return crp_webp_functions_load(report) ? CRP_WEBP_OK : CRP_WEBP_LIBRARY_UNAVAILABLE;
}
