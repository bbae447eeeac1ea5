/* Little CMS, loaded the first time a picture with an ICC profile is converted, so that commands
   that convert none never map it. */
#include "lcms_functions.h"

#include <stdio.h>

#if CRP_LCMS_BUILT

static crp_lcms_functions crp_lcms_table;
#define CRP_LOADER_TABLE crp_lcms_table
static const crp_loader_symbol crp_lcms_symbols[] = {CRP_LCMS_FUNCTIONS(CRP_LOADER_FUNCTION)};

/* The soname of Little CMS 2 (every 2.x release), and the Debian package that installs it. */
static const crp_loader_library crp_lcms_library[] = {
    CRP_LOADER_LIBRARY("RICHPREVIEW_LCMS_LIBRARY", "liblcms2-2", crp_lcms_symbols, "liblcms2.so.2"),
};

/* Refuses a library older than the shim needs. No global state is set (no cmsSetLogErrorHandler,
   no plug-in): each call makes its own context. */
static int crp_lcms_prepare(char *reason, size_t reason_size) {
    int version = crp_lcms_table.cmsGetEncodedCMMversion();
    if (version >= CRP_LCMS_MINIMUM_VERSION) return CRP_LOADER_ACCEPTED;
    snprintf(reason, reason_size, "Little CMS %d.%d is older than the %d.%d the shim needs", version / 1000,
             version / 10 % 100, CRP_LCMS_MINIMUM_VERSION / 1000, CRP_LCMS_MINIMUM_VERSION / 10 % 100);
    return 0;
}

static crp_loader crp_lcms_loader = CRP_LOADER(crp_lcms_library, crp_lcms_prepare);

const crp_lcms_functions *crp_lcms_functions_load(crp_lcms_library_report *report) {
    return crp_loader_load(&crp_lcms_loader, report) ? &crp_lcms_table : NULL;
}

crp_lcms_status crp_lcms_load(crp_lcms_library_report *report) {
    return crp_lcms_functions_load(report) ? CRP_LCMS_OK : CRP_LCMS_LIBRARY_UNAVAILABLE;
}

#endif /* CRP_LCMS_BUILT */
