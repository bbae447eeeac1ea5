/* libmicrohttpd, loaded when `serve` starts its server, so that every other command neither maps
   it nor the GnuTLS, nettle and p11-kit it links against. */
#include "http_functions.h"

static crp_http_functions crp_http_table;
#define CRP_LOADER_TABLE crp_http_table
static const crp_loader_symbol crp_http_symbols[] = {CRP_HTTP_FUNCTIONS(CRP_LOADER_FUNCTION)};

/* The soname of libmicrohttpd 0.9.x, and the Debian package that installs it. */
static const crp_loader_library crp_http_library[] = {
    CRP_LOADER_LIBRARY("RICHPREVIEW_HTTP_LIBRARY", "libmicrohttpd12", crp_http_symbols, "libmicrohttpd.so.12"),
};

static crp_loader crp_http_loader = CRP_LOADER(crp_http_library, NULL);

const crp_http_functions *crp_http_functions_load(crp_library_report *report) {
    return crp_loader_load(&crp_http_loader, report) ? &crp_http_table : NULL;
}
