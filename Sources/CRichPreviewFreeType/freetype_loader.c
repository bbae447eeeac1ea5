/* FreeType and HarfBuzz, loaded the first time a face is opened, so that commands that draw no
   text never map them (nor glib, graphite2, pcre2 and brotli, which they pull in). */
#include "freetype_functions.h"

static crp_ft_functions crp_ft_table;
#define CRP_LOADER_TABLE crp_ft_table
static const crp_loader_symbol crp_ft_freetype_symbols[] = {CRP_FT_FREETYPE_FUNCTIONS(CRP_LOADER_FUNCTION)};
static const crp_loader_symbol crp_ft_harfbuzz_symbols[] = {CRP_FT_HARFBUZZ_FUNCTIONS(CRP_LOADER_FUNCTION)};

/* The sonames and the Debian packages that install them. HarfBuzz finds the FreeType it was linked
   against (the same libfreetype.so.6, already loaded) by its own DT_NEEDED. Loaded for the life of
   the process: faces may be open until exit. */
static const crp_loader_library crp_ft_libraries[] = {
    CRP_LOADER_LIBRARY("RICHPREVIEW_FREETYPE_LIBRARY", "libfreetype6", crp_ft_freetype_symbols, "libfreetype.so.6"),
    CRP_LOADER_LIBRARY("RICHPREVIEW_HARFBUZZ_LIBRARY", "libharfbuzz0b", crp_ft_harfbuzz_symbols, "libharfbuzz.so.0"),
};

static crp_loader crp_ft_loader = CRP_LOADER(crp_ft_libraries, NULL);

const crp_ft_functions *crp_ft_functions_load(crp_ft_library_report *report) {
    return crp_loader_load(&crp_ft_loader, report) ? &crp_ft_table : NULL;
}

crp_ft_status crp_ft_libraries_load(crp_ft_library_report *report) {
    return crp_ft_functions_load(report) ? CRP_FT_OK : CRP_FT_LIBRARY_UNAVAILABLE;
}
