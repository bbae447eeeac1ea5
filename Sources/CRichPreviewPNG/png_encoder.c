/* The PNG writer: filters rows straight from 8-bit RGBA pixels and deflates them with zlib or
 * libdeflate.
 *
 * The container is fixed (signature, IHDR, IDAT..., IEND), so libpng's writer would add only a copy
 * of every row and a scalar filter loop. The image is cut into bands of rows whose count depends on
 * the image alone, and the bands are filtered on up to `threads` threads.
 *
 * With zlib each band is also deflated on its own (a raw deflate stream ending on a byte boundary),
 * and the bands are joined under one zlib header and one Adler-32.
 *
 * libdeflate has no streaming or flush call, so with it the bands are filtered into one buffer
 * holding every row, and that buffer is compressed by one call on the calling thread into the file
 * buffer, after room for the chunk headers; the IDAT chunks are then cut from it in place.
 *
 * Either way the file is the same, byte for byte, whatever the thread count. */
#include "CRichPreviewPNG.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !__has_include(<libdeflate.h>)
#error "the headers of libdeflate are missing: install the Debian package libdeflate-dev (Scripts/debian-packages.txt lists them all)"
#endif
#if !__has_include(<zlib.h>)
#error "the headers of zlib are missing: install the Debian package zlib1g-dev (Scripts/debian-packages.txt lists them all)"
#endif
#include <libdeflate.h>
#include <zlib.h>

/* The most bytes of compressed data in one IDAT chunk. */
#define CRP_PNG_IDAT_CAPACITY (256u * 1024u)
/* About this many filtered bytes per band: small enough to share out between threads, large enough
   that the flush ending each band (a few bytes) and a fresh deflate history cost nothing visible. */
#define CRP_PNG_BAND_BYTES (256u * 1024u)
#define CRP_PNG_MAX_THREADS 16

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} crp_png_buffer;

static void crp_png_encoder_message(char *buffer, size_t capacity, const char *text) {
    if (capacity) snprintf(buffer, capacity, "%s", text);
}

/* Makes room for `more` bytes after the current size, doubling; 0 when memory runs out. */
static int crp_png_reserve(crp_png_buffer *buffer, size_t more) {
    if (more > SIZE_MAX - buffer->size) return 0;
    size_t needed = buffer->size + more;
    if (needed <= buffer->capacity) return 1;
    size_t wanted = buffer->capacity ? buffer->capacity : 4096;
    while (wanted < needed) wanted = wanted > SIZE_MAX / 2 ? needed : wanted * 2;
    uint8_t *grown = realloc(buffer->data, wanted);
    if (!grown) return 0;
    buffer->data = grown;
    buffer->capacity = wanted;
    return 1;
}

static void crp_png_put32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)(value >> 24);
    at[1] = (uint8_t)(value >> 16);
    at[2] = (uint8_t)(value >> 8);
    at[3] = (uint8_t)value;
}

/* ---- Row filters (PNG specification, section 9). Each reads the unfiltered row `row` and the
   unfiltered row above it `above` (zeros for the first row), `bpp` bytes per pixel, and writes
   `count` filtered bytes. No output feeds a later input, so the loops vectorise. ---- */

static void crp_png_filter_sub(uint8_t *restrict out, const uint8_t *restrict row, size_t count, size_t bpp) {
    for (size_t i = 0; i < bpp && i < count; i++) out[i] = row[i];
    for (size_t i = bpp; i < count; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
}

static void crp_png_filter_up(uint8_t *restrict out, const uint8_t *restrict row, const uint8_t *restrict above,
                              size_t count) {
    for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - above[i]);
}

static void crp_png_filter_average(uint8_t *restrict out, const uint8_t *restrict row, const uint8_t *restrict above,
                                   size_t count, size_t bpp) {
    for (size_t i = 0; i < bpp && i < count; i++) out[i] = (uint8_t)(row[i] - (above[i] >> 1));
    for (size_t i = bpp; i < count; i++) out[i] = (uint8_t)(row[i] - ((row[i - bpp] + above[i]) >> 1));
}

static void crp_png_filter_paeth(uint8_t *restrict out, const uint8_t *restrict row, const uint8_t *restrict above,
                                 size_t count, size_t bpp) {
    for (size_t i = 0; i < bpp && i < count; i++) out[i] = (uint8_t)(row[i] - above[i]);
    for (size_t i = bpp; i < count; i++) {
        int a = row[i - bpp], b = above[i], c = above[i - bpp];
        int pa = b - c, pb = a - c, pc = a + b - 2 * c;
        pa = pa < 0 ? -pa : pa;
        pb = pb < 0 ? -pb : pb;
        pc = pc < 0 ? -pc : pc;
        int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        out[i] = (uint8_t)(row[i] - predictor);
    }
}

/* libpng's adaptive heuristic: the sum of the filtered bytes taken as signed magnitudes. */
static uint64_t crp_png_row_cost(const uint8_t *bytes, size_t count) {
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++) sum += bytes[i] < 128 ? bytes[i] : 256u - bytes[i];
    return sum;
}

/* Filters one packed row into `out` (its first byte is the filter type); `scratch` holds a
   second row for the adaptive choice. Returns the buffer that holds the result. */
static uint8_t *crp_png_filter_row(int filters, const uint8_t *row, const uint8_t *above, size_t count, size_t bpp,
                                   uint8_t *out, uint8_t *scratch) {
    switch (filters) {
    case 1: out[0] = 0; memcpy(out + 1, row, count); return out;
    case 2: out[0] = 1; crp_png_filter_sub(out + 1, row, count, bpp); return out;
    case 3: out[0] = 2; crp_png_filter_up(out + 1, row, above, count); return out;
    case 4: out[0] = 3; crp_png_filter_average(out + 1, row, above, count, bpp); return out;
    case 5: out[0] = 4; crp_png_filter_paeth(out + 1, row, above, count, bpp); return out;
    default: break;
    }
    uint8_t *best = out, *trial = scratch;
    best[0] = 0;
    memcpy(best + 1, row, count);
    uint64_t best_cost = crp_png_row_cost(best + 1, count);
    for (int type = 1; type <= 4; type++) {
        trial[0] = (uint8_t)type;
        switch (type) {
        case 1: crp_png_filter_sub(trial + 1, row, count, bpp); break;
        case 2: crp_png_filter_up(trial + 1, row, above, count); break;
        case 3: crp_png_filter_average(trial + 1, row, above, count, bpp); break;
        default: crp_png_filter_paeth(trial + 1, row, above, count, bpp); break;
        }
        uint64_t cost = crp_png_row_cost(trial + 1, count);
        if (cost < best_cost) {
            uint8_t *swap = best;
            best = trial;
            trial = swap;
            best_cost = cost;
        }
    }
    return best;
}

/* Copies the channels written from one RGBA row: gray takes red, gray+alpha red and alpha. */
static void crp_png_pack_row(uint8_t *restrict out, const uint8_t *restrict rgba, uint32_t width, int channels) {
    switch (channels) {
    case 1:
        for (uint32_t x = 0; x < width; x++) out[x] = rgba[(size_t)x * 4];
        break;
    case 2:
        for (uint32_t x = 0; x < width; x++) {
            out[(size_t)x * 2] = rgba[(size_t)x * 4];
            out[(size_t)x * 2 + 1] = rgba[(size_t)x * 4 + 3];
        }
        break;
    case 3:
        for (uint32_t x = 0; x < width; x++) {
            out[(size_t)x * 3] = rgba[(size_t)x * 4];
            out[(size_t)x * 3 + 1] = rgba[(size_t)x * 4 + 1];
            out[(size_t)x * 3 + 2] = rgba[(size_t)x * 4 + 2];
        }
        break;
    default: memcpy(out, rgba, (size_t)width * 4); break;
    }
}

/* ---- Bands ---- */

/* One band's result: its raw deflate bytes and the Adler-32 of its filtered rows. */
typedef struct {
    crp_png_buffer compressed;
    uint32_t adler;
    size_t filtered_bytes;
    int status; /* a zlib status; Z_OK once done */
} crp_png_band;

/* What every worker shares: the image, the settings, the bands and the next band to take. */
typedef struct {
    const uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    size_t stride;
    int channels;
    int level;
    int strategy;
    int filters;
    uint32_t band_rows;
    uint32_t band_count;
    crp_png_band *bands;
    uint8_t *filtered; /* libdeflate: every filtered row, one after another; NULL with zlib */
    atomic_uint next_band;
} crp_png_job;

/* Deflates `count` bytes into `out`, growing it; Z_SYNC_FLUSH or Z_FINISH end the band. */
static int crp_png_deflate_into(z_stream *stream, crp_png_buffer *out, const uint8_t *bytes, size_t count,
                                int flush) {
    stream->next_in = (Bytef *)bytes;
    stream->avail_in = 0;
    for (;;) {
        if (stream->avail_in == 0 && count > 0) {
            uInt piece = count > (1u << 30) ? (1u << 30) : (uInt)count;
            stream->next_in = (Bytef *)bytes;
            stream->avail_in = piece;
            bytes += piece;
            count -= piece;
        }
        if (!crp_png_reserve(out, 64 * 1024)) return Z_MEM_ERROR;
        stream->next_out = out->data + out->size;
        stream->avail_out = (uInt)(out->capacity - out->size > (1u << 30) ? (1u << 30) : out->capacity - out->size);
        uInt room = stream->avail_out;
        int status = deflate(stream, flush);
        out->size += room - stream->avail_out;
        if (status == Z_STREAM_END) return Z_OK;
        if (status != Z_OK && status != Z_BUF_ERROR) return status;
        if (stream->avail_in == 0 && count == 0) {
            /* Without a flush, all input taken is enough; a flush is done when output room is left. */
            if (flush == Z_NO_FLUSH || stream->avail_out != 0) return Z_OK;
        }
    }
}

/* The rows [`*first`, `*end`) of band `index`, with the packed row above the first in `above`
   (zeros for the image's first row, as the filters take it). */
static void crp_png_band_bounds(const crp_png_job *job, uint32_t index, uint8_t *above, uint32_t *first,
                                uint32_t *end) {
    *first = index * job->band_rows;
    *end = job->height - *first < job->band_rows ? job->height : *first + job->band_rows;
    if (*first == 0) {
        memset(above, 0, (size_t)job->width * (size_t)job->channels);
    } else {
        crp_png_pack_row(above, job->pixels + (size_t)(*first - 1) * job->stride, job->width, job->channels);
    }
}

/* Filters band `index` into the job's buffer of every filtered row (the libdeflate path). */
static void crp_png_filter_band(crp_png_job *job, uint32_t index, uint8_t *rows) {
    crp_png_band *band = &job->bands[index];
    size_t bpp = (size_t)job->channels;
    size_t count = (size_t)job->width * bpp;
    uint8_t *current = rows, *above = rows + (count + 1), *scratch = rows + 2 * (count + 1);
    uint32_t first, end;
    crp_png_band_bounds(job, index, above, &first, &end);
    for (uint32_t y = first; y < end; y++) {
        uint8_t *out = job->filtered + (size_t)y * (count + 1);
        crp_png_pack_row(current, job->pixels + (size_t)y * job->stride, job->width, job->channels);
        uint8_t *result = crp_png_filter_row(job->filters, current, above, count, bpp, out, scratch);
        if (result != out) memcpy(out, result, count + 1);
        uint8_t *swap = above;
        above = current;
        current = swap;
    }
    band->filtered_bytes = (size_t)(end - first) * (count + 1);
    band->status = Z_OK;
}

/* Filters and deflates band `index` with the worker's own stream and rows. */
static void crp_png_run_band(crp_png_job *job, uint32_t index, z_stream *stream, uint8_t *rows) {
    crp_png_band *band = &job->bands[index];
    size_t bpp = (size_t)job->channels;
    size_t count = (size_t)job->width * bpp;
    uint8_t *current = rows, *above = rows + (count + 1), *filtered = rows + 2 * (count + 1),
            *scratch = rows + 3 * (count + 1);
    uint32_t first, end;
    crp_png_band_bounds(job, index, above, &first, &end);
    if (deflateReset(stream) != Z_OK) {
        band->status = Z_STREAM_ERROR;
        return;
    }
    uLong adler = adler32(0L, Z_NULL, 0);
    int status = Z_OK;
    for (uint32_t y = first; y < end && status == Z_OK; y++) {
        crp_png_pack_row(current, job->pixels + (size_t)y * job->stride, job->width, job->channels);
        uint8_t *result = crp_png_filter_row(job->filters, current, above, count, bpp, filtered, scratch);
        adler = adler32_z(adler, result, count + 1);
        status = crp_png_deflate_into(stream, &band->compressed, result, count + 1, Z_NO_FLUSH);
        uint8_t *swap = above;
        above = current;
        current = swap;
    }
    if (status == Z_OK) {
        int last = index + 1 == job->band_count;
        status = crp_png_deflate_into(stream, &band->compressed, NULL, 0, last ? Z_FINISH : Z_SYNC_FLUSH);
    }
    band->adler = (uint32_t)adler;
    band->filtered_bytes = (size_t)(end - first) * (count + 1);
    band->status = status;
}

/* Takes bands until none is left; each worker owns four rows and, with zlib, one deflate stream. */
static void *crp_png_worker(void *argument) {
    crp_png_job *job = (crp_png_job *)argument;
    size_t count = (size_t)job->width * (size_t)job->channels;
    uint8_t *rows = malloc(4 * (count + 1));
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    int zlib = job->filtered == NULL;
    int ready = rows && (!zlib || deflateInit2(&stream, job->level, Z_DEFLATED, -15, 9, job->strategy) == Z_OK);
    for (;;) {
        unsigned index = atomic_fetch_add(&job->next_band, 1u);
        if (index >= job->band_count) break;
        if (!ready) {
            job->bands[index].status = Z_MEM_ERROR;
        } else if (zlib) {
            crp_png_run_band(job, index, &stream, rows);
        } else {
            crp_png_filter_band(job, index, rows);
        }
    }
    if (ready && zlib) deflateEnd(&stream);
    free(rows);
    return NULL;
}

/* Runs crp_png_worker on the calling thread and up to `threads - 1` helpers (fewer when a thread
   cannot be started) until every band is done; returns the first band's failure, or Z_OK. */
static int crp_png_run_workers(crp_png_job *job, unsigned threads) {
    pthread_t helpers[CRP_PNG_MAX_THREADS];
    unsigned started = 0;
    while (started + 1 < threads && pthread_create(&helpers[started], NULL, crp_png_worker, job) == 0) started++;
    crp_png_worker(job);
    for (unsigned i = 0; i < started; i++) pthread_join(helpers[i], NULL);
    int status = Z_OK;
    for (uint32_t i = 0; i < job->band_count && status == Z_OK; i++) status = job->bands[i].status;
    return status;
}

/* ---- The file ---- */

/* Appends IDAT data, opening and closing chunks of at most CRP_PNG_IDAT_CAPACITY bytes. */
typedef struct {
    crp_png_buffer *buffer;
    size_t chunk_start; /* where the open chunk's length field is; SIZE_MAX when none is open */
} crp_png_idat_writer;

/* Writes the open chunk's length and CRC; the CRC's four bytes were reserved with its data. */
static void crp_png_close_idat(crp_png_idat_writer *writer) {
    if (writer->chunk_start == SIZE_MAX) return;
    uint8_t *chunk = writer->buffer->data + writer->chunk_start;
    size_t length = writer->buffer->size - writer->chunk_start - 8;
    crp_png_put32(chunk, (uint32_t)length);
    crp_png_put32(chunk + 8 + length, (uint32_t)crc32(0, chunk + 4, (uInt)(length + 4)));
    writer->buffer->size += 4;
    writer->chunk_start = SIZE_MAX;
}

static int crp_png_append_idat(crp_png_idat_writer *writer, const uint8_t *bytes, size_t count) {
    crp_png_buffer *buffer = writer->buffer;
    while (count > 0) {
        if (writer->chunk_start == SIZE_MAX) {
            if (!crp_png_reserve(buffer, 8)) return 0;
            writer->chunk_start = buffer->size;
            memcpy(buffer->data + buffer->size + 4, "IDAT", 4);
            buffer->size += 8;
        }
        size_t used = buffer->size - writer->chunk_start - 8;
        size_t piece = CRP_PNG_IDAT_CAPACITY - used < count ? CRP_PNG_IDAT_CAPACITY - used : count;
        /* Room for the piece and the chunk's CRC after it. */
        if (!crp_png_reserve(buffer, piece + 4)) return 0;
        memcpy(buffer->data + buffer->size, bytes, piece);
        buffer->size += piece;
        bytes += piece;
        count -= piece;
        if (used + piece == CRP_PNG_IDAT_CAPACITY) crp_png_close_idat(writer);
    }
    return 1;
}

/* Appends a whole chunk: length, type, data, CRC of type and data. */
static int crp_png_append_chunk(crp_png_buffer *buffer, const char type[4], const uint8_t *data, uint32_t length) {
    if (!crp_png_reserve(buffer, (size_t)length + 12)) return 0;
    uint8_t *at = buffer->data + buffer->size;
    crp_png_put32(at, length);
    memcpy(at + 4, type, 4);
    if (length) memcpy(at + 8, data, length);
    crp_png_put32(at + 8 + length, (uint32_t)crc32(0, at + 4, length + 4));
    buffer->size += (size_t)length + 12;
    return 1;
}

/* The zlib stream header (RFC 1950) zlib itself would write for this level and strategy. */
static void crp_png_zlib_header(uint8_t header[2], int level, int strategy) {
    unsigned flags = (strategy >= Z_HUFFMAN_ONLY || level < 2) ? 0 : (level < 6 ? 1 : (level == 6 ? 2 : 3));
    unsigned value = (0x78u << 8) | (flags << 6);
    value += 31 - value % 31;
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)value;
}

/* Joins the bands: zlib header, each band's raw deflate bytes, the combined Adler-32. */
static int crp_png_write_idat(crp_png_buffer *buffer, const crp_png_job *job) {
    crp_png_idat_writer writer = {buffer, SIZE_MAX};
    uint8_t header[2];
    crp_png_zlib_header(header, job->level, job->strategy);
    if (!crp_png_append_idat(&writer, header, 2)) return 0;
    uLong adler = adler32(0L, Z_NULL, 0);
    for (uint32_t i = 0; i < job->band_count; i++) {
        const crp_png_band *band = &job->bands[i];
        if (!crp_png_append_idat(&writer, band->compressed.data, band->compressed.size)) return 0;
        adler = adler32_combine(adler, band->adler, (z_off_t)band->filtered_bytes);
    }
    uint8_t trailer[4];
    crp_png_put32(trailer, (uint32_t)adler);
    if (!crp_png_append_idat(&writer, trailer, 4)) return 0;
    crp_png_close_idat(&writer);
    return 1;
}


/* Writes the signature and IHDR (`header` holds its 13 bytes) at the start of `buffer`, which must
   be empty with room for them (33 bytes). */
static void crp_png_write_head(crp_png_buffer *buffer, const uint8_t header[13]) {
    memcpy(buffer->data, "\x89PNG\r\n\x1a\n", 8);
    buffer->size = 8;
    crp_png_append_chunk(buffer, "IHDR", header, 13);
}

/* ---- The iCCP chunk ---- */

/* The profile name written (1-79 Latin-1 characters), as libpng's writers name theirs. */
#define CRP_PNG_ICC_NAME "ICC Profile"

/* The chunks between IHDR and the first IDAT: an iCCP chunk's data when a profile is embedded. */
typedef struct {
    uint8_t *iccp;       /* the name, its NUL, compression method 0 and the zlib-compressed profile */
    uint32_t iccp_size;
} crp_png_extra;

/* The bytes the extra chunks take in the file, headers and CRCs included. */
static size_t crp_png_extra_bytes(const crp_png_extra *extra) {
    return extra->iccp ? (size_t)extra->iccp_size + 12 : 0;
}

/* Whether `icc` is a profile a PNG of `channels` channels may carry, checked from its header as
   libpng's reader checks it (which otherwise discards the chunk): 0 with `message` set. */
static int crp_png_check_icc(const uint8_t *icc, size_t icc_size, int channels, char *message,
                             size_t message_capacity) {
    const char *problem = NULL;
    if (icc_size < 132) {
        problem = "the ICC profile is shorter than a profile's header and tag count (132 bytes)";
    } else if (icc_size > 8000000) {
        problem = "the ICC profile is larger than the 8 MB libpng's readers inflate";
    } else if (memcmp(icc + 36, "acsp", 4) != 0) {
        problem = "not an ICC profile (no 'acsp' signature at byte 36)";
    } else if (((size_t)icc[0] << 24 | (size_t)icc[1] << 16 | (size_t)icc[2] << 8 | icc[3]) != icc_size) {
        problem = "the ICC profile's header declares another length than the bytes given";
    } else if (memcmp(icc + 16, channels <= 2 ? "GRAY" : "RGB ", 4) != 0) {
        problem = channels <= 2 ? "a grey PNG's ICC profile must be a Gray profile"
                                : "a colour PNG's ICC profile must be an RGB profile";
    } else if (memcmp(icc + 20, "XYZ ", 4) != 0 && memcmp(icc + 20, "Lab ", 4) != 0) {
        problem = "the ICC profile's connection space is neither XYZ nor Lab";
    }
    if (!problem) return 1;
    crp_png_encoder_message(message, message_capacity, problem);
    return 0;
}

/* Builds the iCCP chunk's data in `extra`: the profile deflated by zlib at level 9 (the same bytes
   for the same profile and zlib). Returns a zlib status. */
static int crp_png_make_iccp(crp_png_extra *extra, const uint8_t *icc, size_t icc_size) {
    size_t prefix = sizeof CRP_PNG_ICC_NAME + 1; /* the name, its NUL and the compression method */
    uLong bound = compressBound((uLong)icc_size);
    uint8_t *data = malloc(prefix + bound);
    if (!data) return Z_MEM_ERROR;
    memcpy(data, CRP_PNG_ICC_NAME, sizeof CRP_PNG_ICC_NAME);
    data[prefix - 1] = 0;
    uLongf compressed = bound;
    int status = compress2(data + prefix, &compressed, icc, (uLong)icc_size, Z_BEST_COMPRESSION);
    if (status != Z_OK) {
        free(data);
        return status;
    }
    extra->iccp = data;
    extra->iccp_size = (uint32_t)(prefix + compressed);
    return Z_OK;
}

/* Writes the extra chunks after IHDR; room for them must have been reserved. */
static void crp_png_write_extra(crp_png_buffer *buffer, const crp_png_extra *extra) {
    if (extra->iccp) crp_png_append_chunk(buffer, "iCCP", extra->iccp, extra->iccp_size);
}

/* The zlib path: deflates the bands on the job's threads and joins them into `*file`. Returns a
   zlib status. */
static int crp_png_write_zlib(crp_png_job *job, unsigned threads, const uint8_t header[13],
                              const crp_png_extra *extra, crp_png_buffer *file) {
    int status = crp_png_run_workers(job, threads);
    if (status != Z_OK) return status;
    size_t compressed = 0;
    for (uint32_t i = 0; i < job->band_count; i++) compressed += job->bands[i].compressed.size;
    /* Signature, IHDR, the extra chunks, the IDAT chunks' data and their 12 bytes each, IEND. */
    size_t estimate =
        8 + 25 + crp_png_extra_bytes(extra) + compressed + 6 + (compressed / CRP_PNG_IDAT_CAPACITY + 1) * 12 + 12;
    if (!crp_png_reserve(file, estimate)) return Z_MEM_ERROR;
    crp_png_write_head(file, header);
    crp_png_write_extra(file, extra);
    if (!crp_png_write_idat(file, job) || !crp_png_append_chunk(file, "IEND", NULL, 0)) return Z_MEM_ERROR;
    return Z_OK;
}

/* ---- libdeflate: one call over every filtered row ---- */

/* The bytes of every filtered row (a filter byte and `channels` bytes a pixel); 0 on overflow. */
static size_t crp_png_filtered_size(uint32_t width, uint32_t height, int channels) {
    size_t row_bytes, total;
    if (__builtin_mul_overflow((size_t)width, (size_t)channels, &row_bytes) ||
        __builtin_add_overflow(row_bytes, (size_t)1, &row_bytes) ||
        __builtin_mul_overflow(row_bytes, (size_t)height, &total)) {
        return 0;
    }
    return total;
}

/* Where libdeflate writes in the file buffer and how large that buffer is, for `filtered_size` bytes
   of rows. Before the compressed data: the signature, IHDR, `extra_bytes` of chunks between IHDR
   and IDAT, and one chunk header and CRC for every IDAT the data can need, so that cutting it into
   chunks in place only ever moves bytes towards the start. After it: IEND. Returns 0 when a size
   overflows. */
static int crp_png_libdeflate_layout(size_t filtered_size, size_t extra_bytes, size_t *data_offset,
                                     size_t *capacity) {
    if (filtered_size == 0 || filtered_size > SIZE_MAX / 4 || extra_bytes > SIZE_MAX / 4) return 0;
    size_t bound = libdeflate_zlib_compress_bound(NULL, filtered_size);
    if (bound >= SIZE_MAX / 2) return 0;
    size_t chunks = bound / CRP_PNG_IDAT_CAPACITY + 1;
    *data_offset = 8 + 25 + extra_bytes + 12 * chunks;
    *capacity = *data_offset + bound + 12;
    return 1;
}

size_t crp_png_encode_whole_image_bytes(uint32_t width, uint32_t height, crp_png_encode_options options) {
    if (options.compressor != CRP_PNG_LIBDEFLATE) return 0;
    if (options.channels < 1 || options.channels > 4) return SIZE_MAX;
    size_t filtered_size = crp_png_filtered_size(width, height, options.channels);
    size_t data_offset, capacity, total;
    if (!crp_png_libdeflate_layout(filtered_size, 0, &data_offset, &capacity) ||
        __builtin_add_overflow(filtered_size, capacity, &total)) {
        return SIZE_MAX;
    }
    return total;
}

/* Cuts the `compressed` bytes at `data_offset` in `file` (which holds the signature, IHDR and the
   extra chunks) into IDAT chunks right after them, then appends IEND. When chunk k (from 0) is written, the data still
   to move starts 12 * (chunks - k) bytes after the chunk's header (see crp_png_libdeflate_layout):
   room for at least its header and CRC, so no byte is overwritten before it has moved. */
static void crp_png_cut_idat_in_place(crp_png_buffer *file, size_t data_offset, size_t compressed) {
    size_t from = data_offset;
    while (compressed > 0) {
        size_t piece = compressed < CRP_PNG_IDAT_CAPACITY ? compressed : CRP_PNG_IDAT_CAPACITY;
        uint8_t *at = file->data + file->size;
        crp_png_put32(at, (uint32_t)piece);
        memcpy(at + 4, "IDAT", 4);
        memmove(at + 8, file->data + from, piece);
        crp_png_put32(at + 8 + piece, (uint32_t)crc32(0, at + 4, (uInt)(piece + 4)));
        file->size += 12 + piece;
        from += piece;
        compressed -= piece;
    }
    crp_png_append_chunk(file, "IEND", NULL, 0);
}

/* The libdeflate path: filters every row into one buffer on the job's threads, compresses it with one
   call into the file buffer after room for the chunk headers, and cuts the chunks in place. Returns
   a zlib status. */
static int crp_png_write_libdeflate(crp_png_job *job, unsigned threads, const uint8_t header[13],
                                    const crp_png_extra *extra, crp_png_buffer *file) {
    size_t filtered_size = crp_png_filtered_size(job->width, job->height, job->channels);
    size_t data_offset, capacity;
    if (!crp_png_libdeflate_layout(filtered_size, crp_png_extra_bytes(extra), &data_offset, &capacity))
        return Z_MEM_ERROR;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(job->level);
    job->filtered = malloc(filtered_size);
    file->data = malloc(capacity);
    file->size = 0;
    file->capacity = capacity;
    int status = compressor && job->filtered && file->data ? Z_OK : Z_MEM_ERROR;
    if (status == Z_OK) status = crp_png_run_workers(job, threads);
    size_t compressed = 0;
    if (status == Z_OK) {
        compressed = libdeflate_zlib_compress(compressor, job->filtered, filtered_size, file->data + data_offset,
                                              capacity - data_offset - 12);
        /* The room is libdeflate's bound, so nothing but a fault can leave it short. */
        if (compressed == 0) status = Z_STREAM_ERROR;
    }
    free(job->filtered);
    job->filtered = NULL;
    if (compressor) libdeflate_free_compressor(compressor);
    if (status != Z_OK) return status;
    crp_png_write_head(file, header);
    crp_png_write_extra(file, extra);
    crp_png_cut_idat_in_place(file, data_offset, compressed);
    /* Give back the room left for the worst case; keep the larger buffer if that fails. */
    uint8_t *shrunk = realloc(file->data, file->size);
    if (shrunk) {
        file->data = shrunk;
        file->capacity = file->size;
    }
    return Z_OK;
}

crp_png_status crp_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                    crp_png_encode_options options, uint8_t **output, size_t *output_size,
                                    char *message, size_t message_capacity) {
    return crp_png_encode_rgba8_icc(pixels, width, height, stride, options, NULL, 0, output, output_size, message,
                                    message_capacity);
}

crp_png_status crp_png_encode_rgba8_icc(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                        crp_png_encode_options options, const uint8_t *icc, size_t icc_size,
                                        uint8_t **output, size_t *output_size, char *message,
                                        size_t message_capacity) {
    static const uint8_t color_types[] = {0, 4, 2, 6};
    static const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE};
    *output = NULL;
    *output_size = 0;
    if (options.channels < 1 || options.channels > 4) {
        crp_png_encoder_message(message, message_capacity, "channels must be 1 to 4");
        return CRP_PNG_MISUSE;
    }
    if (options.compressor != CRP_PNG_ZLIB && options.compressor != CRP_PNG_LIBDEFLATE) {
        crp_png_encoder_message(message, message_capacity, "the compressor must be zlib or libdeflate");
        return CRP_PNG_MISUSE;
    }
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        crp_png_encoder_message(message, message_capacity, "the size must be 1 to 2^31-1 pixels a side");
        return CRP_PNG_ERROR;
    }
    if (icc && !crp_png_check_icc(icc, icc_size, options.channels, message, message_capacity)) return CRP_PNG_MISUSE;
    crp_png_extra extra = {NULL, 0};
    if (icc) {
        int made = crp_png_make_iccp(&extra, icc, icc_size);
        if (made != Z_OK) {
            crp_png_encoder_message(message, message_capacity,
                                    made == Z_MEM_ERROR ? "out of memory" : "zlib failed on the ICC profile");
            return made == Z_MEM_ERROR ? CRP_PNG_OUT_OF_MEMORY : CRP_PNG_ERROR;
        }
    }
    int libdeflate = options.compressor == CRP_PNG_LIBDEFLATE;
    int highest = libdeflate ? 12 : 9;
    crp_png_job job;
    memset(&job, 0, sizeof job);
    job.pixels = pixels;
    job.width = width;
    job.height = height;
    job.stride = stride;
    job.channels = options.channels;
    job.level = options.compression_level < 0 ? 0
                : options.compression_level > highest ? highest
                                                      : options.compression_level;
    job.strategy = strategies[(options.strategy >= 0 && options.strategy <= 3) ? options.strategy : 0];
    job.filters = (options.filters >= 0 && options.filters <= 5) ? options.filters : 0;
    size_t row_bytes = (size_t)width * options.channels + 1;
    job.band_rows = row_bytes >= CRP_PNG_BAND_BYTES ? 1 : (uint32_t)(CRP_PNG_BAND_BYTES / row_bytes);
    job.band_count = height / job.band_rows + (height % job.band_rows != 0);
    atomic_init(&job.next_band, 0u);
    job.bands = calloc(job.band_count, sizeof *job.bands);
    if (!job.bands) {
        free(extra.iccp);
        crp_png_encoder_message(message, message_capacity, "out of memory");
        return CRP_PNG_OUT_OF_MEMORY;
    }

    unsigned threads = options.threads < 1 ? 1 : options.threads;
    if (threads > CRP_PNG_MAX_THREADS) threads = CRP_PNG_MAX_THREADS;
    if (threads > job.band_count) threads = job.band_count;

    uint8_t header[13];
    crp_png_put32(header, width);
    crp_png_put32(header + 4, height);
    header[8] = 8;
    header[9] = color_types[options.channels - 1];
    header[10] = header[11] = header[12] = 0;
    crp_png_buffer file = {NULL, 0, 0};
    int status = libdeflate ? crp_png_write_libdeflate(&job, threads, header, &extra, &file)
                            : crp_png_write_zlib(&job, threads, header, &extra, &file);
    for (uint32_t i = 0; i < job.band_count; i++) free(job.bands[i].compressed.data);
    free(job.bands);
    free(extra.iccp);
    if (status != Z_OK) {
        free(file.data);
        const char *failed = libdeflate ? "libdeflate failed" : "zlib failed";
        crp_png_encoder_message(message, message_capacity, status == Z_MEM_ERROR ? "out of memory" : failed);
        return status == Z_MEM_ERROR ? CRP_PNG_OUT_OF_MEMORY : CRP_PNG_ERROR;
    }
    *output = file.data;
    *output_size = file.size;
    return CRP_PNG_OK;
}

void crp_png_free(void *buffer) { free(buffer); }
