/* libFuzzer harness for the three C shims: header, full RGBA decode and validation of any bytes.
   Build and run with Tests/Fuzz/run.sh; it links the shims themselves, with ASan and UBSan. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CRichPreviewGIF.h"
#include "CRichPreviewJPEG.h"
#include "CRichPreviewPNG.h"

#define MAX_PIXELS (4u * 1024u * 1024u)

static void fuzz_png(const uint8_t *data, size_t size, int validate) {
    crp_png_decoder *decoder = crp_png_decoder_create(data, size);
    crp_png_header header;
    if (decoder && crp_png_decoder_read_header(decoder, &header) == CRP_PNG_OK &&
        (uint64_t)header.width * header.height <= MAX_PIXELS) {
        if (validate) {
            crp_png_decoder_validate(decoder);
        } else if (crp_png_decoder_start_rgba8(decoder) == CRP_PNG_OK) {
            size_t stride = (size_t)header.width * 4;
            uint8_t *pixels = malloc(stride * header.height + 1);
            if (pixels && crp_png_decoder_read_image(decoder, pixels, stride) == CRP_PNG_OK) crp_png_decoder_finish(decoder);
            free(pixels);
        }
    }
    crp_png_decoder_destroy(decoder);
}

/* Decodes at 1/denominator, row by row, into a new buffer (NULL when any step fails); `skipping`
   allows the skipping of AC scans a 1/4 or 1/8 decode does not use or reads coarse. */
static uint8_t *decode_jpeg(const uint8_t *data, size_t size, uint32_t denominator, int skipping, size_t *bytes) {
    crp_jpeg_decoder *decoder = crp_jpeg_decoder_create(data, size);
    crp_jpeg_header header;
    uint32_t width = 0, height = 0, y = 0;
    uint8_t *pixels = NULL;
    if (decoder && crp_jpeg_decoder_read_header(decoder, &header) == CRP_JPEG_OK &&
        (uint64_t)header.width * header.height <= MAX_PIXELS) {
        crp_jpeg_decoder_set_ac_scan_skipping(decoder, skipping);
        if (crp_jpeg_decoder_start_rgba8(decoder, denominator, 0, &width, &height) == CRP_JPEG_OK) {
            size_t stride = (size_t)width * 4;
            pixels = malloc(stride * height + 1);
            while (pixels && y < height &&
                   crp_jpeg_decoder_read_rows(decoder, pixels + y * stride, 1, stride) == CRP_JPEG_OK)
                y++;
            if (!pixels || y < height || crp_jpeg_decoder_finish(decoder) != CRP_JPEG_OK) {
                free(pixels);
                pixels = NULL;
            }
            *bytes = stride * height;
        }
    }
    crp_jpeg_decoder_destroy(decoder);
    return pixels;
}

/* Whenever the decode that reads every scan succeeds, the one that skips AC scans must succeed
   too (it may succeed alone: damage in a skipped scan goes unseen), at the same size; at 1/8 with
   the same pixels (at 1/4 it reads some coefficients coarse). */
static void fuzz_jpeg(const uint8_t *data, size_t size, uint32_t denominator) {
    size_t bytes = 0, whole_bytes = 0;
    uint8_t *pixels = decode_jpeg(data, size, denominator, 1, &bytes);
    if (denominator >= 4) {
        uint8_t *whole = decode_jpeg(data, size, denominator, 0, &whole_bytes);
        if (whole && (!pixels || bytes != whole_bytes)) abort();
        if (whole && denominator == 8 && memcmp(pixels, whole, bytes) != 0) abort();
        free(whole);
    }
    free(pixels);
}

static void fuzz_gif(const uint8_t *data, size_t size) {
    crp_gif_decoder *decoder = crp_gif_decoder_create(data, size);
    uint32_t width = 0, height = 0, frames = 0;
    if (decoder && crp_gif_decoder_read_header(decoder, &width, &height) == CRP_GIF_OK && width && height &&
        (uint64_t)width * height <= MAX_PIXELS) {
        uint8_t *canvas = calloc((size_t)width * height, 4);
        if (canvas && crp_gif_decoder_read_first_frame(decoder, canvas, (size_t)width * 4) == CRP_GIF_OK)
            crp_gif_decoder_finish(decoder, 1u << 20, &frames);
        free(canvas);
    }
    crp_gif_decoder_destroy(decoder);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    /* The first byte picks the path, so one corpus exercises them all. */
    uint8_t selector = data[0];
    data++;
    size--;
    switch (selector % 6) {
    case 0: fuzz_png(data, size, 0); break;
    case 1: fuzz_png(data, size, 1); break;
    case 2: fuzz_jpeg(data, size, 1); break;
    case 3: fuzz_jpeg(data, size, 8); break;
    case 4: fuzz_gif(data, size); break;
    /* Selectors 5 and 11 (and so on, alternately) decode at 1/2 and 1/4. */
    default: fuzz_jpeg(data, size, (selector / 6) % 2 ? 4 : 2); break;
    }
    return 0;
}
