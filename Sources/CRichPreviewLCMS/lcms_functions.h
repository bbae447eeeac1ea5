#ifndef CRICHPREVIEWLCMS_FUNCTIONS_H
#define CRICHPREVIEWLCMS_FUNCTIONS_H

/* The Little CMS functions the shim calls, resolved with dlopen/dlsym on first use (lcms_loader.c),
   so that the executable does not link liblcms2. Private to the shim. */

#include "CRichPreviewLCMS.h"

/* Built with the library only when its headers are there (and RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS
   is not defined); without them every call of the shim says the library is unavailable
   (lcms_not_built.c), so that a build needing none of its formats needs none of its packages. */
#if defined(RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS)
#define CRP_LCMS_BUILT 0
#elif __has_include(<lcms2.h>)
#define CRP_LCMS_BUILT 1
#else
#define CRP_LCMS_BUILT 0
#endif
#if CRP_LCMS_BUILT
#include <lcms2.h>

/* The oldest library accepted: 2.6 brought the context API (cmsCreateContext and the
   cmsSetLogErrorHandlerTHR that records a context's messages) the shim relies on. */
#define CRP_LCMS_MINIMUM_VERSION 2060

/* Every function the shim calls. Adding a call means adding its name here; the type of each table
   entry comes from lcms's own header through __typeof__, which names the declaration without
   referencing the symbol. */
#define CRP_LCMS_FUNCTIONS(X)       \
    X(cmsGetEncodedCMMversion)      \
    X(cmsCreateContext)             \
    X(cmsDeleteContext)             \
    X(cmsGetContextUserData)        \
    X(cmsSetLogErrorHandlerTHR)     \
    X(cmsOpenProfileFromMemTHR)     \
    X(cmsCloseProfile)              \
    X(cmsGetColorSpace)             \
    X(cmsGetDeviceClass)            \
    X(cmsIsIntentSupported)         \
    X(cmsGetProfileInfoASCII)       \
    X(cmsCreate_sRGBProfileTHR)     \
    X(cmsBuildParametricToneCurve)  \
    X(cmsFreeToneCurve)             \
    X(cmsCreateGrayProfileTHR)      \
    X(cmsCreateRGBProfileTHR)       \
    X(cmsBuildGamma)                \
    X(cmsMLUalloc)                  \
    X(cmsMLUsetASCII)               \
    X(cmsMLUfree)                   \
    X(cmsWriteTag)                  \
    X(cmsSaveProfileToMem)          \
    X(cmsCreateTransformTHR)        \
    X(cmsDeleteTransform)           \
    X(cmsDoTransform)

/* One pointer per function, named after it: `api->cmsDoTransform(...)`. */
typedef struct {
#define CRP_LCMS_FUNCTION_POINTER(name) __typeof__(name) *name;
    CRP_LCMS_FUNCTIONS(CRP_LCMS_FUNCTION_POINTER)
#undef CRP_LCMS_FUNCTION_POINTER
} crp_lcms_functions;

/* The table, loading the library the first time any thread asks (once per process); NULL when it
   is missing, lacks a function or is older than CRP_LCMS_MINIMUM_VERSION, with `report` (may be
   NULL) saying which. */
const crp_lcms_functions *crp_lcms_functions_load(crp_lcms_library_report *report);

#endif /* CRP_LCMS_BUILT */

#endif
