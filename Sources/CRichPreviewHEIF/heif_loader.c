/* libheif, loaded the first time a HEIF or AVIF file is read, so that commands that read none never
   map it (nor libde265, dav1d, libaom and x265, which Debian's libheif links). */
#include "heif_functions.h"

#if CRP_HEIF_BUILT

static crp_heif_functions crp_heif_table;
#define CRP_LOADER_TABLE crp_heif_table
static const crp_loader_symbol crp_heif_symbols[] = {
    CRP_HEIF_FUNCTIONS(CRP_LOADER_FUNCTION) CRP_HEIF_OPTIONAL_FUNCTIONS(CRP_LOADER_OPTIONAL_FUNCTION)};

/* The soname of libheif since 1.0, and the Debian package that installs it. */
static const crp_loader_library crp_heif_library[] = {
    CRP_LOADER_LIBRARY("RICHPREVIEW_HEIF_LIBRARY", "libheif1", crp_heif_symbols, "libheif.so.1"),
};

/* heif_init's error is ignored: it only reports a plugin directory that could not be read, and the
   built-in decoders are registered whatever it says. Never matched by heif_deinit: the library
   stays loaded for the life of the process. */
static int crp_heif_prepare(char *reason, size_t reason_size) {
    (void)reason;
    (void)reason_size;
    if (crp_heif_table.heif_init) crp_heif_table.heif_init(NULL);
    return CRP_LOADER_ACCEPTED;
}

static crp_loader crp_heif_loader = CRP_LOADER(crp_heif_library, crp_heif_prepare);

const crp_heif_functions *crp_heif_functions_load(crp_heif_library_report *report) {
    return crp_loader_load(&crp_heif_loader, report) ? &crp_heif_table : NULL;
}

crp_heif_status crp_heif_load(crp_heif_library_report *report) {
    return crp_heif_functions_load(report) ? CRP_HEIF_OK : CRP_HEIF_LIBRARY_UNAVAILABLE;
}

#endif /* CRP_HEIF_BUILT */
