#include "png_inflate.h"

#include "CRichPreviewPNG.h"

#include "CRichPreviewLoader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ISA-L is used only when its headers were there at build time (and
   RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS is not defined); without them zlib inflates every stream. */
#if defined(RICHPREVIEW_WITHOUT_OPTIONAL_HEADERS)
#define CRP_ISAL_BUILT 0
#elif __has_include(<isa-l/igzip_lib.h>)
#define CRP_ISAL_BUILT 1
#else
#define CRP_ISAL_BUILT 0
#endif
#if CRP_ISAL_BUILT
#include <isa-l/igzip_lib.h>

/* ISA-L's two inflate functions, resolved on first use; the type of each entry is its header's. */
static struct {
    __typeof__(isal_inflate_init) *isal_inflate_init;
    __typeof__(isal_inflate) *isal_inflate;
} crp_isal_table;
#define CRP_LOADER_TABLE crp_isal_table
static const crp_loader_symbol crp_isal_symbols[] = {
    CRP_LOADER_FUNCTION(isal_inflate_init) CRP_LOADER_FUNCTION(isal_inflate)};
static const crp_loader_library crp_isal_libraries[] = {
    CRP_LOADER_LIBRARY("RICHPREVIEW_ISAL_LIBRARY", "libisal2", crp_isal_symbols, "libisal.so.2"),
};
static crp_loader crp_isal_loader = CRP_LOADER(crp_isal_libraries, NULL);

int crp_png_isal_available(void) { return crp_loader_load(&crp_isal_loader, NULL); }
#else
int crp_png_isal_available(void) { return 0; }
#endif

static crp_inflate_result crp_inflate_fail(crp_png_inflater *inflater, const char *text) {
    snprintf(inflater->message, sizeof inflater->message, "%s", text);
    return CRP_INFLATE_ERROR;
}

int crp_png_inflater_start(crp_png_inflater *inflater, int allow_isal) {
    memset(inflater, 0, sizeof *inflater);
#if CRP_ISAL_BUILT
    if (allow_isal && crp_png_isal_available()) {
        struct inflate_state *state = malloc(sizeof *state);
        if (!state) {
            snprintf(inflater->message, sizeof inflater->message, "out of memory for the inflater");
            return -1;
        }
        crp_isal_table.isal_inflate_init(state);
        state->crc_flag = ISAL_DEFLATE; /* raw deflate: the header is read here, the trailer never */
        inflater->isal = state;
        return 0;
    }
#else
    (void)allow_isal;
#endif
    /* Negative window bits: raw deflate, as for ISA-L; the header is read here. */
    if (inflateInit2(&inflater->zlib, -15) != Z_OK) {
        snprintf(inflater->message, sizeof inflater->message, "zlib could not start");
        return -1;
    }
    inflater->zlib_ready = 1;
    return 0;
}

/* The zlib header (RFC 1950): deflate with a window of at most 32 KiB, no preset dictionary, and
   a check value that makes the pair a multiple of 31; zlib's own messages for each. */
static crp_inflate_result crp_inflate_header(crp_png_inflater *inflater, const uint8_t **in, size_t *in_left) {
    while (inflater->header_bytes < 2 && *in_left > 0) {
        inflater->header[inflater->header_bytes++] = **in;
        (*in)++;
        (*in_left)--;
    }
    if (inflater->header_bytes < 2) return CRP_INFLATE_MORE;
    unsigned method = inflater->header[0], flags = inflater->header[1];
    if ((method << 8 | flags) % 31 != 0) return crp_inflate_fail(inflater, "IDAT: incorrect header check");
    if ((method & 0x0f) != 8) return crp_inflate_fail(inflater, "IDAT: unknown compression method");
    if ((method >> 4) > 7) return crp_inflate_fail(inflater, "IDAT: invalid window size");
    if (flags & 0x20) return crp_inflate_fail(inflater, "IDAT: needs a preset dictionary");
    inflater->header_bytes = 3; /* read and checked */
    return CRP_INFLATE_MORE;
}

crp_inflate_result crp_png_inflater_run(crp_png_inflater *inflater, const uint8_t **in, size_t *in_left,
                                        uint8_t **out, size_t *out_left) {
    if (inflater->header_bytes < 3) {
        crp_inflate_result header = crp_inflate_header(inflater, in, in_left);
        if (header != CRP_INFLATE_MORE || inflater->header_bytes < 3) return header;
    }
#if CRP_ISAL_BUILT
    if (inflater->isal) {
        struct inflate_state *state = inflater->isal;
        state->next_in = (uint8_t *)*in;
        state->avail_in = (uint32_t)(*in_left > UINT32_MAX ? UINT32_MAX : *in_left);
        state->next_out = *out;
        state->avail_out = (uint32_t)(*out_left > UINT32_MAX ? UINT32_MAX : *out_left);
        uint32_t given_in = state->avail_in, given_out = state->avail_out;
        int status = crp_isal_table.isal_inflate(state);
        *in += given_in - state->avail_in;
        *in_left -= given_in - state->avail_in;
        *out += given_out - state->avail_out;
        *out_left -= given_out - state->avail_out;
        if (status < 0) {
            char text[96];
            snprintf(text, sizeof text, "IDAT: invalid compressed data (ISA-L error %d)", status);
            return crp_inflate_fail(inflater, text);
        }
        /* ISAL_BLOCK_FINISH: the last block is decoded and all of it written out. */
        return state->block_state == ISAL_BLOCK_FINISH ? CRP_INFLATE_END : CRP_INFLATE_MORE;
    }
#endif
    z_stream *stream = &inflater->zlib;
    stream->next_in = (Bytef *)*in;
    stream->avail_in = (uInt)(*in_left > UINT32_MAX ? UINT32_MAX : *in_left);
    stream->next_out = *out;
    stream->avail_out = (uInt)(*out_left > UINT32_MAX ? UINT32_MAX : *out_left);
    uInt given_in = stream->avail_in, given_out = stream->avail_out;
    int status = inflate(stream, Z_SYNC_FLUSH);
    *in += given_in - stream->avail_in;
    *in_left -= given_in - stream->avail_in;
    *out += given_out - stream->avail_out;
    *out_left -= given_out - stream->avail_out;
    if (status == Z_STREAM_END) return CRP_INFLATE_END;
    if (status == Z_OK || status == Z_BUF_ERROR) return CRP_INFLATE_MORE;
    char text[128];
    snprintf(text, sizeof text, "IDAT: %s", stream->msg ? stream->msg : "invalid compressed data");
    return crp_inflate_fail(inflater, text);
}

void crp_png_inflater_end(crp_png_inflater *inflater) {
    free(inflater->isal);
    inflater->isal = NULL;
    if (inflater->zlib_ready) inflateEnd(&inflater->zlib);
    inflater->zlib_ready = 0;
}
