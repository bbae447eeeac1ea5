/* Loads FreeType and HarfBuzz with dlopen the first time a face is opened, so that commands that
   draw no text never map them (nor glib, graphite2, pcre2 and brotli, which they pull in). */
#define _GNU_SOURCE /* secure_getenv */

#include "freetype_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file names dlopen is given, and the Debian packages that install them. */
#define CRP_FT_FREETYPE_FILE "libfreetype.so.6"
#define CRP_FT_FREETYPE_PACKAGE "libfreetype6"
#define CRP_FT_HARFBUZZ_FILE "libharfbuzz.so.0"
#define CRP_FT_HARFBUZZ_PACKAGE "libharfbuzz0b"

static pthread_once_t crp_ft_once = PTHREAD_ONCE_INIT;
static crp_ft_functions crp_ft_table;
static int crp_ft_loaded;
static crp_ft_library_report crp_ft_failure;

/* The file to open: the environment variable's value when set (and the process is not setuid),
   else the default. */
static const char *crp_ft_library_file(const char *variable, const char *fallback) {
    const char *value = secure_getenv(variable);
    return value && value[0] ? value : fallback;
}

static void crp_ft_fail(const char *file, const char *package, const char *reason) {
    snprintf(crp_ft_failure.library, sizeof crp_ft_failure.library, "%s", file);
    snprintf(crp_ft_failure.package, sizeof crp_ft_failure.package, "%s", package);
    snprintf(crp_ft_failure.reason, sizeof crp_ft_failure.reason, "%s", reason ? reason : "unknown dlopen error");
}

/* dlopen's RTLD_LOCAL keeps the libraries' symbols out of the global scope; HarfBuzz finds the
   FreeType it was linked against (the same libfreetype.so.6, already loaded) by its own DT_NEEDED. */
static void *crp_ft_open(const char *file, const char *package) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) crp_ft_fail(file, package, dlerror());
    return library;
}

/* Fills one library's entries of the table; 0 with the failure recorded when a function is missing. */
#define CRP_FT_RESOLVE(name)                                                                      \
    symbol = dlsym(library, #name);                                                               \
    if (!symbol) {                                                                                \
        crp_ft_fail(file, package, "the library has no function " #name " (too old a version?)"); \
        return 0;                                                                                 \
    }                                                                                             \
    crp_ft_table.name = (__typeof__(crp_ft_table.name))symbol;

static int crp_ft_resolve_freetype(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_FT_FREETYPE_FUNCTIONS(CRP_FT_RESOLVE)
    return 1;
}

static int crp_ft_resolve_harfbuzz(void *library, const char *file, const char *package) {
    void *symbol;
    CRP_FT_HARFBUZZ_FUNCTIONS(CRP_FT_RESOLVE)
    return 1;
}

#undef CRP_FT_RESOLVE

static void crp_ft_load_once(void) {
    const char *freetype_file = crp_ft_library_file("RICHPREVIEW_FREETYPE_LIBRARY", CRP_FT_FREETYPE_FILE);
    const char *harfbuzz_file = crp_ft_library_file("RICHPREVIEW_HARFBUZZ_LIBRARY", CRP_FT_HARFBUZZ_FILE);
    void *freetype = crp_ft_open(freetype_file, CRP_FT_FREETYPE_PACKAGE);
    if (!freetype) return;
    if (!crp_ft_resolve_freetype(freetype, freetype_file, CRP_FT_FREETYPE_PACKAGE)) {
        dlclose(freetype);
        return;
    }
    void *harfbuzz = crp_ft_open(harfbuzz_file, CRP_FT_HARFBUZZ_PACKAGE);
    if (!harfbuzz) {
        dlclose(freetype);
        return;
    }
    if (!crp_ft_resolve_harfbuzz(harfbuzz, harfbuzz_file, CRP_FT_HARFBUZZ_PACKAGE)) {
        dlclose(harfbuzz);
        dlclose(freetype);
        return;
    }
    /* Loaded for the life of the process: faces may be open until exit. */
    crp_ft_loaded = 1;
}

const crp_ft_functions *crp_ft_functions_load(crp_ft_library_report *report) {
    pthread_once(&crp_ft_once, crp_ft_load_once);
    if (crp_ft_loaded) return &crp_ft_table;
    if (report) *report = crp_ft_failure;
    return NULL;
}

crp_ft_status crp_ft_libraries_load(crp_ft_library_report *report) {
    if (report) memset(report, 0, sizeof *report);
    return crp_ft_functions_load(report) ? CRP_FT_OK : CRP_FT_LIBRARY_UNAVAILABLE;
}
