/* The shim as built without libwebp's headers (webp_functions.h): loading says libwebp is not
   built in, a decoder refuses every call with that reason, and nothing is encoded. */
#include "CRichPreviewWebP.h"
#include "webp_functions.h"

#if !CRP_WEBP_BUILT

#include <stdio.h>
#include <stdlib.h>

struct crp_webp_decoder {
    char message[256];
};

/* The report of the library the shim would load first. */
static void crp_webp_not_built(crp_library_report *report) {
    crp_loader_not_built(report, "libwebp.so.7", "libwebp7", "libwebp-dev");
}

crp_webp_status crp_webp_load(crp_webp_library_report *report) {
    crp_webp_not_built(report);
    return CRP_WEBP_LIBRARY_UNAVAILABLE;
}

crp_webp_decoder *crp_webp_decoder_create(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    crp_webp_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    crp_library_report report;
    crp_webp_not_built(&report);
    snprintf(decoder->message, sizeof decoder->message, "%s", report.reason);
    return decoder;
}

void crp_webp_decoder_destroy(crp_webp_decoder *decoder) { free(decoder); }

void crp_webp_decoder_set_threads(crp_webp_decoder *decoder, unsigned threads) {
    (void)decoder;
    (void)threads;
}

const char *crp_webp_decoder_message(const crp_webp_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

crp_webp_status crp_webp_decoder_read_header(crp_webp_decoder *decoder, crp_webp_header *header) {
    (void)decoder;
    if (header) *header = (crp_webp_header){0};
    return CRP_WEBP_LIBRARY_UNAVAILABLE;
}

int crp_webp_decoder_icc(const crp_webp_decoder *decoder, const uint8_t **data, size_t *length) {
    (void)decoder;
    if (data) *data = NULL;
    if (length) *length = 0;
    return 0;
}

int crp_webp_decoder_exif(const crp_webp_decoder *decoder, const uint8_t **data, size_t *length) {
    return crp_webp_decoder_icc(decoder, data, length);
}

crp_webp_status crp_webp_decoder_decode_rgba(crp_webp_decoder *decoder, uint8_t *out, size_t stride) {
    (void)decoder;
    (void)out;
    (void)stride;
    return CRP_WEBP_LIBRARY_UNAVAILABLE;
}

crp_webp_status crp_webp_decoder_decode_rgba_scaled(crp_webp_decoder *decoder, uint8_t *out, size_t stride,
                                                    uint32_t width, uint32_t height) {
    (void)width;
    (void)height;
    return crp_webp_decoder_decode_rgba(decoder, out, stride);
}

crp_webp_status crp_webp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                                     int lossless, float quality, int method, crp_webp_encoded *out) {
    (void)rgba;
    (void)width;
    (void)height;
    (void)stride;
    (void)lossless;
    (void)quality;
    (void)method;
    if (!out) return CRP_WEBP_MISUSE;
    *out = (crp_webp_encoded){0};
    crp_library_report report;
    crp_webp_not_built(&report);
    snprintf(out->message, sizeof out->message, "%s", report.reason);
    return CRP_WEBP_LIBRARY_UNAVAILABLE;
}

void crp_webp_encoded_free(crp_webp_encoded *encoded) {
    if (!encoded) return;
    free(encoded->data);
    encoded->data = NULL;
    encoded->size = 0;
}

#endif /* !CRP_WEBP_BUILT */
