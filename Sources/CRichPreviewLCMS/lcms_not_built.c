/* The shim as built without Little CMS's headers (lcms_functions.h): loading says liblcms2 is
   not built in, no transform or profile is made, and a profile has no description. */
#include "CRichPreviewLCMS.h"
#include "lcms_functions.h"

#if !CRP_LCMS_BUILT

#include <stdio.h>

/* Writes why into `message` (may be NULL) and fills `report` (may be NULL). */
static crp_lcms_status crp_lcms_not_built(crp_library_report *report, char *message, size_t message_size) {
    crp_library_report own;
    crp_loader_not_built(report ? report : &own, "liblcms2.so.2", "liblcms2-2", "liblcms2-dev");
    if (message && message_size) snprintf(message, message_size, "%s", (report ? report : &own)->reason);
    return CRP_LCMS_LIBRARY_UNAVAILABLE;
}

crp_lcms_status crp_lcms_load(crp_lcms_library_report *report) { return crp_lcms_not_built(report, NULL, 0); }

crp_lcms_status crp_lcms_transform_create(const uint8_t *icc, size_t size, crp_lcms_transform **out, char *message,
                                          size_t message_size) {
    (void)icc;
    (void)size;
    if (out) *out = NULL;
    return crp_lcms_not_built(NULL, message, message_size);
}

void crp_lcms_transform_apply(const crp_lcms_transform *transform, uint8_t *rgba, size_t count) {
    (void)transform;
    (void)rgba;
    (void)count;
}

void crp_lcms_transform_destroy(crp_lcms_transform *transform) { (void)transform; }

void crp_lcms_profile_description(const uint8_t *icc, size_t size, char *out, size_t out_size) {
    (void)icc;
    (void)size;
    if (out && out_size) out[0] = 0;
}

crp_lcms_status crp_lcms_profile_from_chunks(double file_gamma, const double *chromaticities, int gray,
                                             const char *description, uint8_t **out, size_t *out_size, char *message,
                                             size_t message_size) {
    (void)file_gamma;
    (void)chromaticities;
    (void)gray;
    (void)description;
    if (out) *out = NULL;
    if (out_size) *out_size = 0;
    return crp_lcms_not_built(NULL, message, message_size);
}

void crp_lcms_profile_free(uint8_t *profile) { (void)profile; }

#endif /* !CRP_LCMS_BUILT */
