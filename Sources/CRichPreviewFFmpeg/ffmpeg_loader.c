/* Loads FFmpeg's libraries with dlopen the first time a movie frame is decoded, so that commands that
   decode none never map them (nor the dozens of codec libraries Debian's libavcodec pulls in). */
#define _GNU_SOURCE /* secure_getenv */

#include "ffmpeg_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file names dlopen is given and the Debian packages that install them, from the major
   versions of the headers the shim is compiled against: libavformat.so.59 in libavformat59. */
#define CRP_AV_FILE(name, major) "lib" name ".so." AV_STRINGIFY(major)
#define CRP_AV_PACKAGE(name, major) "lib" name AV_STRINGIFY(major)

static pthread_once_t crp_av_once = PTHREAD_ONCE_INIT;
static crp_av_functions crp_av_table;
static int crp_av_loaded;
static crp_av_library_report crp_av_failure;

/* The file to open: the environment variable's value when set (and the process is not setuid),
   else the default. */
static const char *crp_av_library_file(const char *variable, const char *fallback) {
    const char *value = secure_getenv(variable);
    return value && value[0] ? value : fallback;
}

static void crp_av_fail(const char *file, const char *package, const char *reason) {
    snprintf(crp_av_failure.library, sizeof crp_av_failure.library, "%s", file);
    snprintf(crp_av_failure.package, sizeof crp_av_failure.package, "%s", package);
    snprintf(crp_av_failure.reason, sizeof crp_av_failure.reason, "%s", reason ? reason : "unknown dlopen error");
}

/* dlopen's RTLD_LOCAL keeps the libraries' symbols out of the global scope; each library finds the
   ones it was linked against (the same files, already loaded) by its own DT_NEEDED. */
static void *crp_av_open(const char *file, const char *package) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) crp_av_fail(file, package, dlerror());
    return library;
}

/* Fills one library's entries of the table; 0 with the failure recorded when a function is missing. */
#define CRP_AV_RESOLVE(name)                                                                      \
    symbol = dlsym(library, #name);                                                               \
    if (!symbol) {                                                                                \
        crp_av_fail(file, package, "the library has no function " #name " (too old a version?)"); \
        return 0;                                                                                 \
    }                                                                                             \
    crp_av_table.name = (__typeof__(crp_av_table.name))symbol;

static int crp_av_resolve_avutil(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_AV_AVUTIL_FUNCTIONS(CRP_AV_RESOLVE)
    return 1;
}

static int crp_av_resolve_swscale(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_AV_SWSCALE_FUNCTIONS(CRP_AV_RESOLVE)
    return 1;
}

static int crp_av_resolve_avcodec(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_AV_AVCODEC_FUNCTIONS(CRP_AV_RESOLVE)
    return 1;
}

static int crp_av_resolve_avformat(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_AV_AVFORMAT_FUNCTIONS(CRP_AV_RESOLVE)
    return 1;
}

#undef CRP_AV_RESOLVE

/* The libraries in dependency order: each is opened after the ones it links against. */
static const struct {
    const char *variable;
    const char *file;
    const char *package;
    int (*resolve)(void *library, const char *file, const char *package);
} crp_av_libraries[] = {
    {"RICHPREVIEW_AVUTIL_LIBRARY", CRP_AV_FILE("avutil", LIBAVUTIL_VERSION_MAJOR),
     CRP_AV_PACKAGE("avutil", LIBAVUTIL_VERSION_MAJOR), crp_av_resolve_avutil},
    {"RICHPREVIEW_SWSCALE_LIBRARY", CRP_AV_FILE("swscale", LIBSWSCALE_VERSION_MAJOR),
     CRP_AV_PACKAGE("swscale", LIBSWSCALE_VERSION_MAJOR), crp_av_resolve_swscale},
    {"RICHPREVIEW_AVCODEC_LIBRARY", CRP_AV_FILE("avcodec", LIBAVCODEC_VERSION_MAJOR),
     CRP_AV_PACKAGE("avcodec", LIBAVCODEC_VERSION_MAJOR), crp_av_resolve_avcodec},
    {"RICHPREVIEW_AVFORMAT_LIBRARY", CRP_AV_FILE("avformat", LIBAVFORMAT_VERSION_MAJOR),
     CRP_AV_PACKAGE("avformat", LIBAVFORMAT_VERSION_MAJOR), crp_av_resolve_avformat},
};

enum { CRP_AV_LIBRARY_COUNT = sizeof crp_av_libraries / sizeof crp_av_libraries[0] };

static void crp_av_load_once(void) {
    void *opened[CRP_AV_LIBRARY_COUNT] = {NULL};
    for (int index = 0; index < CRP_AV_LIBRARY_COUNT; index++) {
        const char *file = crp_av_library_file(crp_av_libraries[index].variable, crp_av_libraries[index].file);
        const char *package = crp_av_libraries[index].package;
        opened[index] = crp_av_open(file, package);
        if (!opened[index] || !crp_av_libraries[index].resolve(opened[index], file, package)) {
            for (int open = index; open >= 0; open--) {
                if (opened[open]) dlclose(opened[open]);
            }
            return;
        }
    }
    /* FFmpeg logs to stderr by default; the shim reports through its own messages, and its callback
       prints nothing (it notes the one message a decode needs, crp_av_log). The callback is the
       process's, but no other code in it uses this copy of libavutil (RTLD_LOCAL). */
    crp_av_table.av_log_set_level(AV_LOG_QUIET);
    crp_av_table.av_log_set_callback(crp_av_log);
    /* Loaded for the life of the process: a decoded frame may be held until exit. */
    crp_av_loaded = 1;
}

const crp_av_functions *crp_av_functions_load(crp_av_library_report *report) {
    pthread_once(&crp_av_once, crp_av_load_once);
    if (crp_av_loaded) return &crp_av_table;
    if (report) *report = crp_av_failure;
    return NULL;
}

crp_av_status crp_av_libraries_load(crp_av_library_report *report) {
    if (report) memset(report, 0, sizeof *report);
    return crp_av_functions_load(report) ? CRP_AV_OK : CRP_AV_LIBRARY_UNAVAILABLE;
}
