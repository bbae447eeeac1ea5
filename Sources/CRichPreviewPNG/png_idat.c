#include "png_idat.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Room past each row for the 4-byte loads and stores of the last pixel. */
enum { CRP_IDAT_SLACK = 16 };

static uint32_t crp_idat_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static int crp_idat_fail(crp_png_idat *reader, const char *text) {
    snprintf(reader->message, sizeof reader->message, "%s", text);
    return -1;
}

/* The chunk whose data starts at `offset`: checks that it fits in the file and that its CRC (over
   its type and data) is right, as libpng's PNG_CRC_ERROR_QUIT does. Its length goes to `length`. */
static int crp_idat_check_chunk(crp_png_idat *reader, size_t offset, uint32_t *length) {
    if (offset < 8 || offset > reader->size) return crp_idat_fail(reader, "unexpected end of file (truncated)");
    uint32_t declared = crp_idat_be32(reader->data + offset - 8);
    if (declared > 0x7fffffffu) return crp_idat_fail(reader, "PNG unsigned integer out of range");
    if (declared > reader->size - offset || reader->size - offset - declared < 4) {
        return crp_idat_fail(reader, "unexpected end of file (truncated)");
    }
    uint32_t computed = (uint32_t)libdeflate_crc32(0, reader->data + offset - 4, (size_t)declared + 4);
    if (computed != crp_idat_be32(reader->data + offset + declared)) {
        char text[64];
        snprintf(text, sizeof text, "%.4s: CRC error", (const char *)(reader->data + offset - 4));
        return crp_idat_fail(reader, text);
    }
    *length = declared;
    return 0;
}

int crp_png_idat_start(crp_png_idat *reader, const uint8_t *data, size_t size, size_t offset, size_t rowbytes,
                       unsigned bpp, int allow_isal) {
    memset(reader, 0, sizeof *reader);
    reader->data = data;
    reader->size = size;
    reader->rowbytes = rowbytes;
    reader->bpp = bpp ? bpp : 1;
    if (offset < 8 || offset > size || memcmp(data + offset - 4, "IDAT", 4) != 0) {
        return crp_idat_fail(reader, "the image data does not start where libpng stopped");
    }
    uint32_t length = 0;
    if (crp_idat_check_chunk(reader, offset, &length) != 0) return -1;
    if (rowbytes > (SIZE_MAX - 3 * CRP_IDAT_SLACK) / 3 - 1) return crp_idat_fail(reader, "rows too long");
    size_t stride = rowbytes + 1 + CRP_IDAT_SLACK;
    reader->buffers = calloc(3, stride);
    if (!reader->buffers) return crp_idat_fail(reader, "out of memory for three rows");
    reader->filtered = reader->buffers;
    reader->previous = reader->buffers + stride;
    reader->current = reader->buffers + 2 * stride;
    if (crp_png_inflater_start(&reader->inflater, allow_isal) != 0) {
        return crp_idat_fail(reader, reader->inflater.message);
    }
    reader->inflater_ready = 1;
    reader->input = data + offset;
    reader->input_left = length;
    reader->next_chunk = offset + length + 4;
    return 0;
}

/* Gives the stream the next IDAT's data; -1 when the image data ends there. */
static int crp_idat_feed(crp_png_idat *reader) {
    size_t header = reader->next_chunk;
    if (reader->size - header < 8 || memcmp(reader->data + header + 4, "IDAT", 4) != 0) {
        return crp_idat_fail(reader, "Not enough image data");
    }
    uint32_t length = 0;
    if (crp_idat_check_chunk(reader, header + 8, &length) != 0) return -1;
    reader->input = reader->data + header + 8;
    reader->input_left = length;
    reader->next_chunk = header + 8 + length + 4;
    return 0;
}

static inline uint8_t crp_idat_paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

#if defined(__SSE2__)
/* Paeth for 3- or 4-byte pixels, a pixel at a time in 16-bit lanes (the predictor of each pixel
   needs the one before it unfiltered). Loads and stores 4 bytes: the rows have slack. */
static void crp_idat_paeth_sse2(uint8_t *out, const uint8_t *row, const uint8_t *above, size_t rowbytes,
                                unsigned bpp) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i one = _mm_set1_epi16(1);
    const __m128i low = _mm_set1_epi16(0xff);
    __m128i a = zero, c = zero;
    for (size_t i = 0; i < rowbytes; i += bpp) {
        int32_t up, filtered;
        memcpy(&up, above + i, 4);
        memcpy(&filtered, row + i, 4);
        __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128(up), zero);
        __m128i x = _mm_unpacklo_epi8(_mm_cvtsi32_si128(filtered), zero);
        __m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);
        __m128i pc = _mm_add_epi16(pa, pb);
        pa = _mm_max_epi16(pa, _mm_sub_epi16(zero, pa));
        pb = _mm_max_epi16(pb, _mm_sub_epi16(zero, pb));
        pc = _mm_max_epi16(pc, _mm_sub_epi16(zero, pc));
        /* a when pa <= pb and pa <= pc; else b when pb <= pc; else c. */
        __m128i use_a = _mm_and_si128(_mm_cmplt_epi16(pa, _mm_add_epi16(pb, one)),
                                      _mm_cmplt_epi16(pa, _mm_add_epi16(pc, one)));
        __m128i use_b = _mm_cmplt_epi16(pb, _mm_add_epi16(pc, one));
        __m128i b_or_c = _mm_or_si128(_mm_and_si128(use_b, b), _mm_andnot_si128(use_b, c));
        __m128i nearest = _mm_or_si128(_mm_and_si128(use_a, a), _mm_andnot_si128(use_a, b_or_c));
        a = _mm_and_si128(_mm_add_epi16(x, nearest), low);
        int32_t pixel = _mm_cvtsi128_si32(_mm_packus_epi16(a, a));
        memcpy(out + i, &pixel, 4);
        c = b;
    }
}
#endif

/* `out` = `row` unfiltered with `filter` against `above` (PNG's five filters; `bpp` bytes a pixel). */
static int crp_idat_unfilter(crp_png_idat *reader, uint8_t *out, const uint8_t *row, const uint8_t *above,
                             unsigned filter) {
    size_t n = reader->rowbytes;
    unsigned bpp = reader->bpp;
    size_t first = bpp < n ? bpp : n;
    switch (filter) {
    case 0: memcpy(out, row, n); break;
    case 1:
        memcpy(out, row, first);
        for (size_t i = bpp; i < n; i++) out[i] = (uint8_t)(row[i] + out[i - bpp]);
        break;
    case 2:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] + above[i]);
        break;
    case 3:
        for (size_t i = 0; i < first; i++) out[i] = (uint8_t)(row[i] + (above[i] >> 1));
        for (size_t i = bpp; i < n; i++) out[i] = (uint8_t)(row[i] + ((out[i - bpp] + above[i]) >> 1));
        break;
    case 4:
#if defined(__SSE2__)
        if (bpp == 3 || bpp == 4) {
            crp_idat_paeth_sse2(out, row, above, n, bpp);
            break;
        }
#endif
        for (size_t i = 0; i < first; i++) out[i] = (uint8_t)(row[i] + above[i]);
        for (size_t i = bpp; i < n; i++) {
            out[i] = (uint8_t)(row[i] + crp_idat_paeth(out[i - bpp], above[i], above[i - bpp]));
        }
        break;
    default: return crp_idat_fail(reader, "bad adaptive filter value");
    }
    return 0;
}

const uint8_t *crp_png_idat_next_row(crp_png_idat *reader) {
    if (!reader->inflater_ready) return NULL;
    uint8_t *next = reader->filtered;
    size_t room = reader->rowbytes + 1;
    while (room > 0) {
        if (reader->stream_ended) {
            crp_idat_fail(reader, "Not enough image data");
            return NULL;
        }
        size_t room_before = room, input_before = reader->input_left;
        crp_inflate_result result =
            crp_png_inflater_run(&reader->inflater, &reader->input, &reader->input_left, &next, &room);
        if (result == CRP_INFLATE_ERROR) {
            crp_idat_fail(reader, reader->inflater.message);
            return NULL;
        }
        if (result == CRP_INFLATE_END) reader->stream_ended = 1;
        if (result != CRP_INFLATE_MORE || room == 0) continue;
        if (reader->input_left == 0) {
            /* Stopped short with nothing left to give it: the next IDAT's data. */
            if (crp_idat_feed(reader) != 0) return NULL;
        } else if (room == room_before && reader->input_left == input_before) {
            crp_idat_fail(reader, "IDAT: the compressed data stopped making progress");
            return NULL;
        }
    }
    uint8_t *out = reader->current;
    if (crp_idat_unfilter(reader, out, reader->filtered + 1, reader->previous, reader->filtered[0]) != 0) return NULL;
    reader->current = reader->previous;
    reader->previous = out;
    return out;
}

static int crp_idat_is_critical(const uint8_t *type) { return type[0] >= 'A' && type[0] <= 'Z'; }

int crp_png_idat_finish(crp_png_idat *reader) {
    /* The rest of the image data: the chunks' CRCs, not their bytes, as libpng's reading on. */
    size_t header = reader->next_chunk;
    int after_data = 0;
    for (;;) {
        if (reader->size - header < 8) return crp_idat_fail(reader, "unexpected end of file (truncated)");
        const uint8_t *type = reader->data + header + 4;
        uint32_t length = 0;
        if (crp_idat_check_chunk(reader, header + 8, &length) != 0) return -1;
        if (memcmp(type, "IEND", 4) == 0) return 0;
        if (memcmp(type, "IDAT", 4) == 0) {
            if (after_data) return crp_idat_fail(reader, "Too many IDATs found");
        } else {
            after_data = 1;
            if (crp_idat_is_critical(type)) {
                char text[64];
                snprintf(text, sizeof text, "%.4s: %s", (const char *)type,
                         memcmp(type, "PLTE", 4) == 0 || memcmp(type, "IHDR", 4) == 0 ? "out of place"
                                                                                      : "unknown critical chunk");
                return crp_idat_fail(reader, text);
            }
        }
        header += 8 + (size_t)length + 4;
    }
}

void crp_png_idat_free(crp_png_idat *reader) {
    if (reader->inflater_ready) crp_png_inflater_end(&reader->inflater);
    reader->inflater_ready = 0;
    free(reader->buffers);
    reader->buffers = NULL;
}
