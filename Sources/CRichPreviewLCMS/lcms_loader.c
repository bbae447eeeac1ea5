/* Loads Little CMS with dlopen the first time a picture with an ICC profile is converted, so that
   commands that convert none never map it. */
#define _GNU_SOURCE /* secure_getenv */

#include "lcms_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The soname of Little CMS 2 (every 2.x release), and the Debian package that installs it. */
#define CRP_LCMS_FILE "liblcms2.so.2"
#define CRP_LCMS_PACKAGE "liblcms2-2"
#define CRP_LCMS_VARIABLE "RICHPREVIEW_LCMS_LIBRARY"

static pthread_once_t crp_lcms_once = PTHREAD_ONCE_INIT;
static crp_lcms_functions crp_lcms_table;
static int crp_lcms_loaded;
static crp_lcms_library_report crp_lcms_failure;

static void crp_lcms_fail(const char *file, const char *reason) {
    snprintf(crp_lcms_failure.library, sizeof crp_lcms_failure.library, "%s", file);
    snprintf(crp_lcms_failure.package, sizeof crp_lcms_failure.package, "%s", CRP_LCMS_PACKAGE);
    snprintf(crp_lcms_failure.reason, sizeof crp_lcms_failure.reason, "%s", reason ? reason : "unknown dlopen error");
}

/* 0 with the failure recorded when a function is missing. */
static int crp_lcms_resolve(void *library, const char *file) {
    void *symbol;
#define CRP_LCMS_RESOLVE(name)                                                              \
    symbol = dlsym(library, #name);                                                         \
    if (!symbol) {                                                                          \
        crp_lcms_fail(file, "the library has no function " #name " (too old a version?)"); \
        return 0;                                                                           \
    }                                                                                       \
    crp_lcms_table.name = (__typeof__(crp_lcms_table.name))symbol;
    CRP_LCMS_FUNCTIONS(CRP_LCMS_RESOLVE)
#undef CRP_LCMS_RESOLVE
    return 1;
}

static void crp_lcms_load_once(void) {
    /* The variable's value when set (and the process is not setuid), else the soname. */
    const char *value = secure_getenv(CRP_LCMS_VARIABLE);
    const char *file = value && value[0] ? value : CRP_LCMS_FILE;
    /* RTLD_LOCAL keeps lcms's symbols out of the global scope. */
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        crp_lcms_fail(file, dlerror());
        return;
    }
    if (!crp_lcms_resolve(library, file)) {
        dlclose(library);
        return;
    }
    int version = crp_lcms_table.cmsGetEncodedCMMversion();
    if (version < CRP_LCMS_MINIMUM_VERSION) {
        char reason[sizeof crp_lcms_failure.reason];
        snprintf(reason, sizeof reason, "Little CMS %d.%d is older than the %d.%d the shim needs", version / 1000,
                 version / 10 % 100, CRP_LCMS_MINIMUM_VERSION / 1000, CRP_LCMS_MINIMUM_VERSION / 10 % 100);
        crp_lcms_fail(file, reason);
        dlclose(library);
        return;
    }
    /* No global state is set (no cmsSetLogErrorHandler, no plug-in): each call makes its own
       context. Loaded for the life of the process, like the table that points into it. */
    crp_lcms_loaded = 1;
}

const crp_lcms_functions *crp_lcms_functions_load(crp_lcms_library_report *report) {
    pthread_once(&crp_lcms_once, crp_lcms_load_once);
    if (crp_lcms_loaded) return &crp_lcms_table;
    if (report) *report = crp_lcms_failure;
    return NULL;
}

crp_lcms_status crp_lcms_load(crp_lcms_library_report *report) {
    if (report) memset(report, 0, sizeof *report);
    return crp_lcms_functions_load(report) ? CRP_LCMS_OK : CRP_LCMS_LIBRARY_UNAVAILABLE;
}
