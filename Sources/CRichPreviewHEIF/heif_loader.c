/* Loads libheif with dlopen the first time a HEIF or AVIF file is read, so that commands that read
   none never map it (nor libde265, dav1d, libaom and x265, which Debian's libheif links). */
#define _GNU_SOURCE /* secure_getenv */

#include "heif_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The soname of libheif since 1.0, and the Debian package that installs it. */
#define CRP_HEIF_FILE "libheif.so.1"
#define CRP_HEIF_PACKAGE "libheif1"
#define CRP_HEIF_VARIABLE "RICHPREVIEW_HEIF_LIBRARY"

static pthread_once_t crp_heif_once = PTHREAD_ONCE_INIT;
static crp_heif_functions crp_heif_table;
static int crp_heif_loaded;
static crp_heif_library_report crp_heif_failure;

static void crp_heif_fail(const char *file, const char *reason) {
    snprintf(crp_heif_failure.library, sizeof crp_heif_failure.library, "%s", file);
    snprintf(crp_heif_failure.package, sizeof crp_heif_failure.package, "%s", CRP_HEIF_PACKAGE);
    snprintf(crp_heif_failure.reason, sizeof crp_heif_failure.reason, "%s", reason ? reason : "unknown dlopen error");
}

/* 0 with the failure recorded when a function is missing. */
static int crp_heif_resolve(void *library, const char *file) {
    void *symbol;
#define CRP_HEIF_RESOLVE(name)                                                              \
    symbol = dlsym(library, #name);                                                         \
    if (!symbol) {                                                                          \
        crp_heif_fail(file, "the library has no function " #name " (too old a version?)"); \
        return 0;                                                                           \
    }                                                                                       \
    crp_heif_table.name = (__typeof__(crp_heif_table.name))symbol;
    CRP_HEIF_FUNCTIONS(CRP_HEIF_RESOLVE)
#undef CRP_HEIF_RESOLVE
#define CRP_HEIF_RESOLVE_OPTIONAL(name) crp_heif_table.name = (__typeof__(crp_heif_table.name))dlsym(library, #name);
    CRP_HEIF_OPTIONAL_FUNCTIONS(CRP_HEIF_RESOLVE_OPTIONAL)
#undef CRP_HEIF_RESOLVE_OPTIONAL
    return 1;
}

static void crp_heif_load_once(void) {
    /* The variable's value when set (and the process is not setuid), else the soname. */
    const char *value = secure_getenv(CRP_HEIF_VARIABLE);
    const char *file = value && value[0] ? value : CRP_HEIF_FILE;
    /* RTLD_LOCAL keeps libheif's symbols (and its codecs') out of the global scope. */
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        crp_heif_fail(file, dlerror());
        return;
    }
    if (!crp_heif_resolve(library, file)) {
        dlclose(library);
        return;
    }
    /* Its error is ignored: it only reports a plugin directory that could not be read, and the
       built-in decoders are registered whatever it says. Never matched by heif_deinit: the
       library stays loaded for the life of the process. */
    if (crp_heif_table.heif_init) crp_heif_table.heif_init(NULL);
    crp_heif_loaded = 1;
}

const crp_heif_functions *crp_heif_functions_load(crp_heif_library_report *report) {
    pthread_once(&crp_heif_once, crp_heif_load_once);
    if (crp_heif_loaded) return &crp_heif_table;
    if (report) *report = crp_heif_failure;
    return NULL;
}

crp_heif_status crp_heif_load(crp_heif_library_report *report) {
    if (report) memset(report, 0, sizeof *report);
    return crp_heif_functions_load(report) ? CRP_HEIF_OK : CRP_HEIF_LIBRARY_UNAVAILABLE;
}
