#ifndef CRICHPREVIEWHTTP_FUNCTIONS_H
#define CRICHPREVIEWHTTP_FUNCTIONS_H

/* The libmicrohttpd functions the shim calls, resolved with dlopen/dlsym when the server starts
   (http_loader.c), so that the executable does not link libmicrohttpd, nor the GnuTLS it links:
   only `serve` maps them. Private to the shim. */

#include <CRichPreviewLoader.h>
#include <microhttpd.h>

/* Every function the shim calls; the type of each table entry comes from libmicrohttpd's own header
   through __typeof__. */
#define CRP_HTTP_FUNCTIONS(X)         \
    X(MHD_start_daemon)               \
    X(MHD_stop_daemon)                \
    X(MHD_quiesce_daemon)             \
    X(MHD_get_daemon_info)            \
    X(MHD_get_connection_info)        \
    X(MHD_get_connection_values)      \
    X(MHD_suspend_connection)         \
    X(MHD_resume_connection)          \
    X(MHD_create_post_processor)      \
    X(MHD_post_process)               \
    X(MHD_destroy_post_processor)     \
    X(MHD_create_response_from_buffer) \
    X(MHD_add_response_header)        \
    X(MHD_queue_response)             \
    X(MHD_destroy_response)

/* One pointer per function, named after it: `api->MHD_start_daemon(...)`. */
typedef struct {
#define CRP_HTTP_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_HTTP_FUNCTIONS(CRP_HTTP_FUNCTION_POINTER)
#undef CRP_HTTP_FUNCTION_POINTER
} crp_http_functions;

/* The table, loading the library the first time any thread asks (once per process); NULL when it
   is missing or lacks a function, with `report` (may be NULL) saying which. */
const crp_http_functions *crp_http_functions_load(crp_library_report *report);

#endif
