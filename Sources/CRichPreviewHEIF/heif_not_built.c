/* The shim as built without libheif's headers (heif_functions.h): loading says libheif is not
   built in, and a decoder refuses every call with that reason. The box parser (heif_boxes.c)
   needs no library and is built either way. */
#include "CRichPreviewHEIF.h"
#include "heif_functions.h"

#if !CRP_HEIF_BUILT

#include <stdio.h>
#include <stdlib.h>

struct crp_heif_decoder {
    char message[256];
};

crp_heif_status crp_heif_load(crp_heif_library_report *report) {
    crp_loader_not_built(report, "libheif.so.1", "libheif1", "libheif-dev");
    return CRP_HEIF_LIBRARY_UNAVAILABLE;
}

crp_heif_decoder *crp_heif_decoder_create(const uint8_t *data, size_t size, uint32_t max_side) {
    (void)data;
    (void)size;
    (void)max_side;
    crp_heif_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    crp_library_report report;
    crp_loader_not_built(&report, "libheif.so.1", "libheif1", "libheif-dev");
    snprintf(decoder->message, sizeof decoder->message, "%s", report.reason);
    return decoder;
}

void crp_heif_decoder_destroy(crp_heif_decoder *decoder) { free(decoder); }

void crp_heif_decoder_set_threads(crp_heif_decoder *decoder, unsigned threads) {
    (void)decoder;
    (void)threads;
}

unsigned crp_heif_decoder_threads_used(const crp_heif_decoder *decoder) {
    (void)decoder;
    return 1;
}

const char *crp_heif_decoder_message(const crp_heif_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

crp_heif_status crp_heif_decoder_read_header(crp_heif_decoder *decoder, crp_heif_header *header) {
    (void)decoder;
    if (header) *header = (crp_heif_header){0};
    return CRP_HEIF_LIBRARY_UNAVAILABLE;
}

int crp_heif_decoder_icc(crp_heif_decoder *decoder, const uint8_t **data, size_t *length) {
    (void)decoder;
    if (data) *data = NULL;
    if (length) *length = 0;
    return 0;
}

crp_heif_status crp_heif_decoder_decode(crp_heif_decoder *decoder) {
    (void)decoder;
    return CRP_HEIF_LIBRARY_UNAVAILABLE;
}

crp_heif_status crp_heif_decoder_copy_rgba(crp_heif_decoder *decoder, uint8_t *out, size_t stride) {
    (void)decoder;
    (void)out;
    (void)stride;
    return CRP_HEIF_LIBRARY_UNAVAILABLE;
}

crp_heif_status crp_heif_decoder_decode_rgba(crp_heif_decoder *decoder, uint8_t *out, size_t stride) {
    (void)decoder;
    (void)out;
    (void)stride;
    return CRP_HEIF_LIBRARY_UNAVAILABLE;
}

#endif /* !CRP_HEIF_BUILT */
