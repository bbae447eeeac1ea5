#include "CRichPreviewJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if !__has_include(<jpeglib.h>)
#error "the headers of libjpeg are missing: install the Debian package libjpeg-dev (Scripts/debian-packages.txt lists them all)"
#endif
#include <jpeglib.h>
#include <jerror.h>

/* A progressive file with more scans than this is treated as hostile (each scan re-walks every block). */
#define CRP_JPEG_MAX_SCANS 1000

/* The most bytes of the file libjpeg is handed at a time. When the bytes are a file mapping
   whose read pages are released, the mapping's resident part is about this much (plus the
   kernel's 64 KiB fault-around) instead of the whole file. A fuzzing build may define a smaller
   one, so that its small inputs cross windows too. */
#ifndef CRP_JPEG_WINDOW
#define CRP_JPEG_WINDOW ((size_t)64 * 1024)
#endif

/* libjpeg's source: the stream in windows of at most CRP_JPEG_WINDOW bytes, straight from memory
   (no copy), with the end of the data treated as libjpeg's memory source treats it (a warning,
   then a fake EOI). With `release_pages` set, the whole pages of the file mapping `mapping`
   before the window being served are dropped from the process as the decode moves on. */
typedef struct {
    struct jpeg_source_mgr base;
    const uint8_t *stream; /* the bytes served: the decoder's data, or the copy without skipped scans */
    size_t length;
    size_t served; /* bytes of `stream` handed to libjpeg so far */
    int release_pages;
    const uint8_t *mapping; /* the decoder's data */
    size_t mapping_length;
    uintptr_t released_end; /* the mapping's pages below this address have been dropped */
    uintptr_t page_size;
} crp_jpeg_source;

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t capacity;
    int unsupported;
    int over_memory;
} crp_jpeg_error_manager;

struct crp_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    crp_jpeg_error_manager error;
    struct jpeg_progress_mgr progress;
    const uint8_t *data;
    size_t size;
    int header_read;
    int started;
    int convert_cmyk;
    int inverted_cmyk;
    /* Whether a 1/4 or 1/8 decode of a progressive file may skip the AC scans it does not use (on
       unless turned off), and how many the decode started skips, reading `filtered_stream`: a copy
       of the stream without them, owned by the decoder. */
    int skipping_allowed;
    int scale_denominator;
    /* Whether libjpeg may smooth the blocks of an incomplete progression (on unless turned off). */
    int block_smoothing;
    int skipped_scans;
    uint8_t *filtered_stream;
    /* The ICC profile assembled from the APP2 ICC_PROFILE markers by read_header (malloc'd by
       jpeg_read_icc_profile, owned by the decoder), or why such markers gave none. */
    uint8_t *icc;
    size_t icc_length;
    const char *icc_problem;
    crp_jpeg_source source;
    char message[JMSG_LENGTH_MAX + 64];
};

static void crp_jpeg_format(j_common_ptr cinfo, char *buffer, size_t capacity) {
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(buffer, capacity, "%s", text);
}

static void crp_jpeg_error_exit(j_common_ptr cinfo) {
    crp_jpeg_error_manager *error = (crp_jpeg_error_manager *)cinfo->err;
    int code = error->base.msg_code;
    if (code == JERR_BAD_PRECISION) {
        error->unsupported = 1;
        snprintf(error->message, error->capacity, "unsupported precision: %d-bit samples (only 8-bit JPEGs are decoded)",
                 error->base.msg_parm.i[0]);
    } else if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) {
        /* With max_memory_to_use set, libjpeg asks for backing store once its whole-image
           buffers (a progressive file's coefficients) would pass the limit. */
        error->over_memory = 1;
        snprintf(error->message, error->capacity, "its buffers need more memory than the limit allows");
    } else {
        crp_jpeg_format(cinfo, error->message, error->capacity);
    }
    longjmp(error->jump, 1);
}

/* Corrupt-data warnings end the decode: an image is valid only if it decodes whole. Other
   warnings (extraneous bytes before a marker, an unknown JFIF revision) are tolerated. Nothing is printed. */
static void crp_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    crp_jpeg_error_manager *error = (crp_jpeg_error_manager *)cinfo->err;
    error->base.num_warnings++;
    switch (error->base.msg_code) {
    case JWRN_JPEG_EOF:
        snprintf(error->message, error->capacity, "premature end of JPEG file (truncated)");
        longjmp(error->jump, 1);
    case JWRN_HIT_MARKER:
    case JWRN_MUST_RESYNC:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_PROGRESSION:
        crp_jpeg_format(cinfo, error->message, error->capacity);
        longjmp(error->jump, 1);
    default:
        break;
    }
}

static void crp_jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
        if (dinfo->input_scan_number > CRP_JPEG_MAX_SCANS) {
            crp_jpeg_error_manager *error = (crp_jpeg_error_manager *)cinfo->err;
            snprintf(error->message, error->capacity, "more than %d progressive scans", CRP_JPEG_MAX_SCANS);
            longjmp(error->jump, 1);
        }
    }
}

/* Drops the whole pages of the mapping from its start through `offset` bytes into it (the bytes
   libjpeg is done with): madvise(MADV_DONTNEED) on a private file mapping that was never written
   unmaps them, and reading them again maps them back from the file. A failure leaves them mapped. */
static void crp_jpeg_release_pages(crp_jpeg_source *source, size_t offset) {
    if (!source->release_pages || source->page_size == 0 || offset > source->mapping_length) return;
    uintptr_t end = ((uintptr_t)source->mapping + offset) & ~(source->page_size - 1);
    if (end <= source->released_end) return;
    (void)madvise((void *)source->released_end, end - source->released_end, MADV_DONTNEED);
    source->released_end = end;
}

static void crp_jpeg_source_init(j_decompress_ptr cinfo) { (void)cinfo; }

static void crp_jpeg_source_term(j_decompress_ptr cinfo) { (void)cinfo; }

/* Called once libjpeg has read every byte it was handed: hands it the next window. */
static boolean crp_jpeg_source_fill(j_decompress_ptr cinfo) {
    static const JOCTET fake_eoi[2] = {0xFF, JPEG_EOI};
    crp_jpeg_source *source = (crp_jpeg_source *)cinfo->src;
    if (source->stream == source->mapping) crp_jpeg_release_pages(source, source->served);
    if (source->served >= source->length) {
        WARNMS(cinfo, JWRN_JPEG_EOF);
        source->base.next_input_byte = fake_eoi;
        source->base.bytes_in_buffer = sizeof fake_eoi;
        return TRUE;
    }
    size_t window = source->length - source->served;
    if (window > CRP_JPEG_WINDOW) window = CRP_JPEG_WINDOW;
    source->base.next_input_byte = source->stream + source->served;
    source->base.bytes_in_buffer = window;
    source->served += window;
    return TRUE;
}

/* Skips `count` bytes (a marker segment libjpeg does not keep), across windows; past the end of
   the data the next read meets the end. */
static void crp_jpeg_source_skip(j_decompress_ptr cinfo, long count) {
    crp_jpeg_source *source = (crp_jpeg_source *)cinfo->src;
    if (count <= 0) return;
    size_t skip = (size_t)count;
    if (skip <= source->base.bytes_in_buffer) {
        source->base.next_input_byte += skip;
        source->base.bytes_in_buffer -= skip;
        return;
    }
    skip -= source->base.bytes_in_buffer;
    source->base.bytes_in_buffer = 0;
    size_t left = source->served < source->length ? source->length - source->served : 0;
    source->served += skip < left ? skip : left;
}

static void crp_jpeg_source_start(crp_jpeg_decoder *decoder) {
    crp_jpeg_source *source = &decoder->source;
    source->base.init_source = crp_jpeg_source_init;
    source->base.fill_input_buffer = crp_jpeg_source_fill;
    source->base.skip_input_data = crp_jpeg_source_skip;
    source->base.resync_to_restart = jpeg_resync_to_restart;
    source->base.term_source = crp_jpeg_source_term;
    source->base.next_input_byte = NULL;
    source->base.bytes_in_buffer = 0;
    source->stream = decoder->data;
    source->length = decoder->size;
    source->served = 0;
    source->mapping = decoder->data;
    source->mapping_length = decoder->size;
    decoder->cinfo.src = &source->base;
}

crp_jpeg_decoder *crp_jpeg_decoder_create(const uint8_t *data, size_t size) {
    crp_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->skipping_allowed = 1;
    decoder->block_smoothing = 1;
    decoder->cinfo.err = jpeg_std_error(&decoder->error.base);
    decoder->error.base.error_exit = crp_jpeg_error_exit;
    decoder->error.base.emit_message = crp_jpeg_emit_message;
    decoder->error.message = decoder->message;
    decoder->error.capacity = sizeof decoder->message;
    snprintf(decoder->message, sizeof decoder->message, "no error");
    if (setjmp(decoder->error.jump)) {
        jpeg_destroy_decompress(&decoder->cinfo);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->progress.progress_monitor = crp_jpeg_progress;
    decoder->cinfo.progress = &decoder->progress;
    return decoder;
}

void crp_jpeg_decoder_destroy(crp_jpeg_decoder *decoder) {
    if (!decoder) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->filtered_stream);
    free(decoder->icc);
    free(decoder);
}

const char *crp_jpeg_decoder_message(const crp_jpeg_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

static crp_jpeg_status crp_jpeg_failure(crp_jpeg_decoder *decoder) {
    if (decoder->error.over_memory) return CRP_JPEG_OVER_MEMORY_LIMIT;
    return decoder->error.unsupported ? CRP_JPEG_UNSUPPORTED : CRP_JPEG_ERROR;
}

void crp_jpeg_decoder_set_ac_scan_skipping(crp_jpeg_decoder *decoder, int allowed) {
    if (decoder) decoder->skipping_allowed = allowed ? 1 : 0;
}

void crp_jpeg_decoder_set_block_smoothing(crp_jpeg_decoder *decoder, int allowed) {
    if (decoder) decoder->block_smoothing = allowed ? 1 : 0;
}

int crp_jpeg_decoder_skipped_scans(const crp_jpeg_decoder *decoder) { return decoder ? decoder->skipped_scans : 0; }

void crp_jpeg_decoder_release_read_pages(crp_jpeg_decoder *decoder) {
    if (!decoder || decoder->header_read) return;
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)decoder->data;
    if (page <= 0 || (page & (page - 1)) != 0 || start > UINTPTR_MAX - (uintptr_t)page) return;
    crp_jpeg_source *source = &decoder->source;
    source->page_size = (uintptr_t)page;
    source->released_end = (start + source->page_size - 1) & ~(source->page_size - 1);
    source->release_pages = 1;
}

void crp_jpeg_decoder_set_memory_limit(crp_jpeg_decoder *decoder, size_t bytes) {
    if (decoder) decoder->cinfo.mem->max_memory_to_use = (long)(bytes > (size_t)LONG_MAX ? LONG_MAX : bytes);
}

/* The 14 bytes before each chunk of an ICC profile in an APP2 marker: "ICC_PROFILE\0", the chunk's
   number from 1 and the number of chunks. */
#define CRP_JPEG_ICC_OVERHEAD 14

/* Assembles the ICC profile from the saved APP2 markers with jpeg_read_icc_profile (which checks
   the chunk numbering and warns, without failing, when it is broken) and keeps it until destroy,
   as the markers are freed when decoding finishes. No profile, a broken one or memory running out
   leave none, never failing the header read; the error jump is set here for the last. */
static void crp_jpeg_keep_icc(crp_jpeg_decoder *decoder) {
    int markers = 0;
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 2 && marker->data_length >= CRP_JPEG_ICC_OVERHEAD &&
            memcmp(marker->data, "ICC_PROFILE", 12) == 0)
            markers++;
    }
    if (markers == 0) return;
    if (setjmp(decoder->error.jump)) {
        /* Only malloc failing gets here: jpeg_read_icc_profile has then allocated nothing. */
        decoder->error.over_memory = 0;
        decoder->icc_problem = "out of memory for the ICC profile: it is ignored";
        snprintf(decoder->message, sizeof decoder->message, "no error");
        return;
    }
    JOCTET *data = NULL;
    unsigned int length = 0;
    if (jpeg_read_icc_profile(&decoder->cinfo, &data, &length) && data && length > 0) {
        decoder->icc = (uint8_t *)data;
        decoder->icc_length = length;
    } else {
        free(data);
        decoder->icc_problem = "the ICC_PROFILE markers do not assemble into a profile (a chunk is missing or "
                               "repeated, or the chunks disagree on their count): it is ignored";
    }
}

crp_jpeg_status crp_jpeg_decoder_read_header(crp_jpeg_decoder *decoder, crp_jpeg_header *header) {
    if (!decoder || decoder->header_read) return CRP_JPEG_MISUSE;
    if (decoder->size < 3 || decoder->data[0] != 0xFF || decoder->data[1] != 0xD8) {
        snprintf(decoder->message, sizeof decoder->message, "not a JPEG file (no SOI marker)");
        return CRP_JPEG_NOT_JPEG;
    }
    if (setjmp(decoder->error.jump)) return crp_jpeg_failure(decoder);
    crp_jpeg_source_start(decoder);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
    /* APP2 holds the ICC profile in chunks (and FlashPix or MPF data, kept too but unused). */
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&decoder->cinfo, TRUE);
    decoder->header_read = 1;

    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    memset(header, 0, sizeof *header);
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->components = (uint8_t)cinfo->num_components;
    header->progressive = cinfo->progressive_mode ? 1 : 0;
    header->arithmetic = cinfo->arith_code ? 1 : 0;
    header->precision = (uint8_t)cinfo->data_precision;
    header->adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    if (jpeg_has_multiple_scans(cinfo)) {
        /* As jdcoefct.c sizes its virtual arrays: each component's blocks, rounded up to whole
           sampling units, 64 two-byte coefficients each. */
        uint64_t bytes = 0;
        for (int index = 0; index < cinfo->num_components; index++) {
            jpeg_component_info *component = &cinfo->comp_info[index];
            uint64_t columns = ((uint64_t)component->width_in_blocks + component->h_samp_factor - 1) /
                               component->h_samp_factor * component->h_samp_factor;
            uint64_t rows = ((uint64_t)component->height_in_blocks + component->v_samp_factor - 1) /
                            component->v_samp_factor * component->v_samp_factor;
            bytes += columns * rows * sizeof(JBLOCK);
        }
        header->coefficient_bytes = bytes;
    }
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: header->color_space = CRP_JPEG_SPACE_GRAY; break;
    case JCS_RGB: header->color_space = CRP_JPEG_SPACE_RGB; break;
    case JCS_YCbCr: header->color_space = CRP_JPEG_SPACE_YCBCR; break;
    case JCS_CMYK: header->color_space = CRP_JPEG_SPACE_CMYK; break;
    case JCS_YCCK: header->color_space = CRP_JPEG_SPACE_YCCK; break;
    default: header->color_space = CRP_JPEG_SPACE_UNKNOWN; break;
    }
    /* Last: it sets the error jump for itself, so nothing that may fail follows it here. */
    crp_jpeg_keep_icc(decoder);
    return CRP_JPEG_OK;
}

int crp_jpeg_decoder_exif(const crp_jpeg_decoder *decoder, const uint8_t **data, size_t *length) {
    *data = NULL;
    *length = 0;
    if (!decoder || !decoder->header_read) return 0;
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
            *data = marker->data + 6;
            *length = marker->data_length - 6;
            return 1;
        }
    }
    return 0;
}

int crp_jpeg_decoder_icc(const crp_jpeg_decoder *decoder, const uint8_t **data, size_t *length) {
    *data = NULL;
    *length = 0;
    if (!decoder || !decoder->header_read || !decoder->icc) return 0;
    *data = decoder->icc;
    *length = decoder->icc_length;
    return 1;
}

const char *crp_jpeg_decoder_icc_problem(const crp_jpeg_decoder *decoder) {
    return decoder && decoder->header_read ? decoder->icc_problem : NULL;
}

/* At 1/8 scale libjpeg-turbo turns each block of a component sampled at the frame's highest
   factors into one pixel from its DC coefficient alone (jpeg_idct_1x1); a subsampled component
   (4:2:0 chroma) gets a larger IDCT (2x2) instead of upsampling. At 1/4 the full-resolution
   components get the 2x2 IDCT, which reads the coefficients in rows and columns 0, 1, 3, 5 and 7
   of each block. Yet libjpeg Huffman-decodes every scan of a progressive file, and the AC
   refinement scans are most of its bytes. The functions below copy the stream after the first
   scan header without the scans a component's output does not use (exact: the pixels are those
   of reading every scan) or, at 1/4, barely uses (coarse: see CRP_JPEG_AC_COARSE), so that
   libjpeg never reads them. */

#define CRP_JPEG_MARKER_SOS 0xDA
#define CRP_JPEG_MARKER_EOI 0xD9

/* The zigzag index of the last coefficient of the 2x2 low-frequency corner (row 1, column 1). */
#define CRP_JPEG_CORNER_LAST 4
/* The coarsest point transform (Al) the corner's first scans may have for a component to be
   read coarse: two low bits short, as in libjpeg's default script (luma 1-5 sent with Al = 2). */
#define CRP_JPEG_COARSE_MAX_LOW 2

/* Which AC scans of a component a decode reads. */
typedef enum {
    /* Every one. */
    CRP_JPEG_AC_ALL,
    /* None: the component's IDCT is 1x1 and uses the DC coefficient alone. */
    CRP_JPEG_AC_NONE,
    /* At 1/4, for a component whose IDCT is 2x2: only first scans (Ah = 0) that start inside the
       2x2 corner (Ss <= 4), at the precision they send. Refinement scans and first scans of
       higher bands are dropped: the coefficients they would add or refine reach the 2x2 output
       weakly, and the output is then reduced further. On the benchmark photos made progressive,
       a picture scaled from it by 1.6 to 3 scores from 0.9 dB below to 1.5 dB above the same
       picture from every scan, never under 45 dB (Benchmarks/shrink-thresholds.md). Only for a
       component whose every corner coefficient arrives in a first scan with Al <=
       CRP_JPEG_COARSE_MAX_LOW. */
    CRP_JPEG_AC_COARSE,
} crp_jpeg_ac_reading;

/* A scan header's parameters (T.81 B.2.3), with its components as indexes into the frame's. */
typedef struct {
    int count;
    int components[MAX_COMPS_IN_SCAN];
    unsigned start, end, high, low;
} crp_jpeg_scan;

/* The point transform Al each coefficient (in zigzag order) of each component was last sent
   with; -1 before its first scan. */
typedef signed char crp_jpeg_progression[MAX_COMPONENTS][DCTSIZE2];

/* The side of the component's square scaled IDCT (1, 2, 4 or 8); 0 when it is not square.
   Valid once the output dimensions are calculated. */
static int crp_jpeg_idct_side(const jpeg_component_info *component) {
#if JPEG_LIB_VERSION >= 70
    return component->DCT_h_scaled_size == component->DCT_v_scaled_size ? component->DCT_h_scaled_size : 0;
#else
    return component->DCT_scaled_size;
#endif
}

/* T.81 B.1.1.2 and B.1.1.3 (Table B.1): SOI, EOI, RST0-7 and TEM stand alone; every other
   marker begins a segment whose two-byte length counts itself and its parameters. */
static int crp_jpeg_marker_stands_alone(uint8_t code) { return code == 0x01 || (code >= 0xD0 && code <= 0xD9); }

/* The offset of the marker that ends the entropy-coded data starting at `at` (the first of any
   fill bytes before it), or `size` when the data runs to the end. Inside entropy-coded data
   0xFF 0x00 is a stuffed 0xFF byte and RST0-7 separate restart intervals (B.1.1.5, F.1.2.3);
   0xFF followed by any other code, after optional 0xFF fill bytes, is a marker. */
static size_t crp_jpeg_entropy_end(const uint8_t *data, size_t size, size_t at) {
    while (at < size) {
        const uint8_t *found = memchr(data + at, 0xFF, size - at);
        if (!found) return size;
        size_t marker = (size_t)(found - data);
        size_t code = marker + 1;
        while (code < size && data[code] == 0xFF) code++;
        if (code >= size) return size;
        if (data[code] != 0x00 && (data[code] < 0xD0 || data[code] > 0xD7)) return marker;
        at = code + 1;
    }
    return size;
}

/* Reads the SOS parameters at `header` (`length` bytes from the length field on) into `scan`;
   returns 0 unless they are ones libjpeg accepts before it reads the scan. T.81 B.2.3: Ls, Ns
   (1-4; Ls = 6 + 2 * Ns), then per component Cs (one of the frame's) and Td/Ta (0-3 each), then
   Ss, Se and Ah/Al. G.1.1.1: in a progressive frame a DC scan has Ss = Se = 0, an AC scan
   1 <= Ss <= Se <= 63 and one component; a refinement scan (Ah > 0) has Al = Ah - 1; Al <= 13. */
static int crp_jpeg_read_scan_header(const struct jpeg_decompress_struct *cinfo, const uint8_t *header,
                                     size_t length, crp_jpeg_scan *scan) {
    if (length < 3) return 0;
    size_t count = header[2];
    if (count < 1 || count > MAX_COMPS_IN_SCAN || length != 6 + 2 * count) return 0;
    scan->count = (int)count;
    for (size_t i = 0; i < count; i++) {
        int selector = header[3 + 2 * i], tables = header[4 + 2 * i], index = -1;
        for (int c = 0; c < cinfo->num_components && index < 0; c++)
            if (cinfo->comp_info[c].component_id == selector) index = c;
        if (index < 0 || (tables >> 4) > 3 || (tables & 0x0F) > 3) return 0;
        scan->components[i] = index;
    }
    const uint8_t *spectral = header + 3 + 2 * count;
    scan->start = spectral[0];
    scan->end = spectral[1];
    scan->high = spectral[2] >> 4;
    scan->low = spectral[2] & 0x0F;
    if (scan->start == 0 ? scan->end != 0 : (scan->end < scan->start || scan->end > 63 || count != 1)) return 0;
    return (scan->high == 0 || scan->low == scan->high - 1) && scan->low <= 13;
}

/* Notes that `scan` sent its coefficients with point transform Al. */
static void crp_jpeg_progression_record(crp_jpeg_progression progression, const crp_jpeg_scan *scan) {
    for (int i = 0; i < scan->count; i++)
        for (unsigned k = scan->start; k <= scan->end; k++)
            progression[scan->components[i]][k] = (signed char)scan->low;
}

/* Whether libjpeg accepts `scan` after the scans that `sent` describes (G.1.1.1.2, as jdphuff.c and
   jdarith.c check it: an AC scan needs its component's DC first; a first scan (Ah = 0) may follow
   only coefficients not sent or fully refined, a refinement only the point transform it refines),
   and if so notes it in `sent`. A stream that is consistent whole can stop being so when scans are
   dropped: a second first scan after a dropped refinement then follows a coarse coefficient. */
static int crp_jpeg_progression_accepts(crp_jpeg_progression sent, const crp_jpeg_scan *scan) {
    for (int i = 0; i < scan->count; i++) {
        const signed char *bits = sent[scan->components[i]];
        if (scan->start > 0 && bits[0] < 0) return 0;
        for (unsigned k = scan->start; k <= scan->end; k++)
            if (scan->high != (unsigned)(bits[k] < 0 ? 0 : bits[k])) return 0;
    }
    crp_jpeg_progression_record(sent, scan);
    return 1;
}

/* Notes the point transform of the corner coefficients an AC first scan sends, in `corner`
   (per component, zigzag index 1-4; -1 before their first scan). */
static void crp_jpeg_corner_record(crp_jpeg_progression corner, const crp_jpeg_scan *scan) {
    if (scan->start == 0 || scan->high != 0) return;
    for (unsigned k = scan->start; k <= scan->end && k <= CRP_JPEG_CORNER_LAST; k++)
        corner[scan->components[0]][k] = (signed char)scan->low;
}

/* Whether every coefficient of every component ended fully refined (Al = 0). Only then does a
   decode of the whole stream skip block smoothing, which estimates the coefficients still
   missing or coarse; so only then may the copy drop scans and turn smoothing off. */
static int crp_jpeg_progression_complete(crp_jpeg_progression progression, int components) {
    for (int c = 0; c < components; c++)
        for (int k = 0; k < DCTSIZE2; k++)
            if (progression[c][k] != 0) return 0;
    return 1;
}

/* Whether a decode reading `reading` keeps `scan`. */
static int crp_jpeg_scan_kept(const crp_jpeg_scan *scan, const crp_jpeg_ac_reading reading[MAX_COMPONENTS]) {
    if (scan->start == 0) return 1;
    switch (reading[scan->components[0]]) {
    case CRP_JPEG_AC_NONE: return 0;
    case CRP_JPEG_AC_COARSE: return scan->high == 0 && scan->start <= CRP_JPEG_CORNER_LAST;
    default: return 1;
    }
}

/* Walks `data` (the stream from the entropy-coded data of the first scan, `first`, through EOI),
   copying to `out` (at least `size` bytes; NULL to walk only) every marker segment and every scan
   that `reading` keeps, and counting the dropped ones in `*skipped`; records the corner
   coefficients' first point transforms in `corner`. Returns the bytes kept; 0 when the stream
   is not one the walk can vouch for (it ends before EOI, a segment's length is short or runs past
   the end, bytes stand between segments, a scan header is malformed, there are too many scans,
   the progression is incomplete, or the kept scans would not make a progression libjpeg accepts):
   the caller then keeps the whole stream, so that libjpeg meets the stream exactly as before. */
static size_t crp_jpeg_filter_scans(const struct jpeg_decompress_struct *cinfo, const crp_jpeg_scan *first,
                                    const uint8_t *data, size_t size,
                                    const crp_jpeg_ac_reading reading[MAX_COMPONENTS], uint8_t *out,
                                    int *skipped, crp_jpeg_progression corner) {
    crp_jpeg_progression progression, kept;
    memset(progression, -1, sizeof progression);
    memset(kept, -1, sizeof kept);
    memset(corner, -1, sizeof(crp_jpeg_progression));
    crp_jpeg_progression_record(progression, first);
    crp_jpeg_progression_record(kept, first);
    size_t at = 0, written = 0;
    int keep = 1, scans = 1;
    *skipped = 0;
    for (;;) {
        size_t end = crp_jpeg_entropy_end(data, size, at);
        if (end >= size) return 0;
        if (keep) {
            if (out) memcpy(out + written, data + at, end - at);
            written += end - at;
        }
        at = end;
        /* Marker segments up to the next scan header or EOI; each pass moves `at` forward. */
        for (;;) {
            size_t start = at;
            while (at < size && data[at] == 0xFF) at++;
            if (at == start || at >= size || data[at] == 0x00) return 0;
            uint8_t code = data[at++];
            size_t length = 0;
            if (!crp_jpeg_marker_stands_alone(code)) {
                if (size - at < 2) return 0;
                length = (size_t)data[at] << 8 | data[at + 1];
                if (length < 2 || length > size - at) return 0;
            }
            if (code == CRP_JPEG_MARKER_SOS) {
                crp_jpeg_scan scan;
                if (++scans > CRP_JPEG_MAX_SCANS) return 0;
                if (!crp_jpeg_read_scan_header(cinfo, data + at, length, &scan)) return 0;
                crp_jpeg_progression_record(progression, &scan);
                crp_jpeg_corner_record(corner, &scan);
                keep = crp_jpeg_scan_kept(&scan, reading);
                if (!keep)
                    ++*skipped;
                else if (!crp_jpeg_progression_accepts(kept, &scan))
                    return 0;
            }
            at += length;
            if (code != CRP_JPEG_MARKER_SOS || keep) {
                if (out) memcpy(out + written, data + start, at - start);
                written += at - start;
            }
            if (code == CRP_JPEG_MARKER_EOI)
                return crp_jpeg_progression_complete(progression, cinfo->num_components) ? written : 0;
            if (code == CRP_JPEG_MARKER_SOS) break;
        }
    }
}

/* Before a 1/4 or 1/8 decode of a progressive file starts, points libjpeg's source at a copy of
   the rest of the stream without the AC scans it would not use (see crp_jpeg_ac_reading), and
   turns block smoothing off: with AC coefficients missing it would change the output (it
   estimates them, and since libjpeg-turbo 2.1 also from the DC of more neighbours), and with them
   all present it does nothing. Leaves the stream whole when the first scan is not a DC scan, no
   scan would be dropped, the copy cannot be allocated or the walk cannot vouch for the stream.
   Call inside the caller's setjmp. */
static void crp_jpeg_drop_unused_ac_scans(crp_jpeg_decoder *decoder) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    struct jpeg_source_mgr *source = cinfo->src;
    if (cinfo->Ss != 0 || cinfo->unread_marker != 0 || !source || cinfo->num_components > MAX_COMPONENTS ||
        cinfo->comps_in_scan < 1 || cinfo->comps_in_scan > MAX_COMPS_IN_SCAN)
        return;
    crp_jpeg_source *stream = &decoder->source;
    const uint8_t *rest = source->next_input_byte;
    if (source != &stream->base || stream->stream != decoder->data || !rest || rest < decoder->data ||
        (size_t)(rest - decoder->data) >= decoder->size)
        return;
    size_t size = decoder->size - (size_t)(rest - decoder->data);
    crp_jpeg_scan first = {
        .count = cinfo->comps_in_scan, .start = 0, .end = (unsigned)cinfo->Se, .high = (unsigned)cinfo->Ah,
        .low = (unsigned)cinfo->Al};
    for (int i = 0; i < first.count; i++) first.components[i] = cinfo->cur_comp_info[i]->component_index;
    if (first.end != 0 || first.low > 13) return;
    jpeg_calc_output_dimensions(cinfo);
    crp_jpeg_ac_reading reading[MAX_COMPONENTS];
    int dropping = 0, coarse = 0;
    for (int c = 0; c < cinfo->num_components; c++) {
        int side = crp_jpeg_idct_side(&cinfo->comp_info[c]);
        if (side == 1)
            reading[c] = CRP_JPEG_AC_NONE;
        else if (side == 2 && decoder->scale_denominator == 4)
            reading[c] = CRP_JPEG_AC_COARSE;
        else
            reading[c] = CRP_JPEG_AC_ALL;
        dropping |= reading[c] != CRP_JPEG_AC_ALL;
        coarse |= reading[c] == CRP_JPEG_AC_COARSE;
    }
    if (!dropping) return;
    int skipped = 0;
    crp_jpeg_progression corner;
    if (coarse) {
        /* A first walk finds the components whose corner arrives coarse enough to read so. */
        if (crp_jpeg_filter_scans(cinfo, &first, rest, size, reading, NULL, &skipped, corner) == 0) return;
        for (int c = 0; c < cinfo->num_components; c++) {
            if (reading[c] != CRP_JPEG_AC_COARSE) continue;
            for (int k = 1; k <= CRP_JPEG_CORNER_LAST; k++)
                if (corner[c][k] < 0 || corner[c][k] > CRP_JPEG_COARSE_MAX_LOW) reading[c] = CRP_JPEG_AC_ALL;
        }
    }
    uint8_t *copy = malloc(size);
    if (!copy) return;
    size_t length = crp_jpeg_filter_scans(cinfo, &first, rest, size, reading, copy, &skipped, corner);
    if (length == 0 || skipped == 0) {
        free(copy);
        return;
    }
    decoder->filtered_stream = copy;
    decoder->skipped_scans = skipped;
    /* The walk read the file to its end: the copy is all libjpeg reads from now on. */
    crp_jpeg_release_pages(stream, decoder->size);
    stream->stream = copy;
    stream->length = length;
    stream->served = length;
    source->next_input_byte = copy;
    source->bytes_in_buffer = length;
    cinfo->do_block_smoothing = FALSE;
}

crp_jpeg_status crp_jpeg_decoder_start_rgba8(crp_jpeg_decoder *decoder, uint32_t scale_denominator, int fast,
                                             uint32_t *output_width, uint32_t *output_height) {
    if (!decoder || !decoder->header_read || decoder->started) return CRP_JPEG_MISUSE;
    if (scale_denominator != 1 && scale_denominator != 2 && scale_denominator != 4 && scale_denominator != 8) {
        snprintf(decoder->message, sizeof decoder->message, "scale denominator must be 1, 2, 4 or 8");
        return CRP_JPEG_MISUSE;
    }
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (setjmp(decoder->error.jump)) return crp_jpeg_failure(decoder);
    decoder->started = 1;
    cinfo->scale_num = 1;
    cinfo->scale_denom = scale_denominator;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        cinfo->out_color_space = JCS_CMYK;
        decoder->convert_cmyk = 1;
        decoder->inverted_cmyk = cinfo->saw_Adobe_marker ? 1 : 0;
    } else {
        cinfo->out_color_space = JCS_EXT_RGBA;
    }
    if (fast) {
        cinfo->do_fancy_upsampling = FALSE;
        cinfo->dct_method = JDCT_IFAST;
    } else {
        cinfo->dct_method = JDCT_ISLOW;
    }
    decoder->scale_denominator = (int)scale_denominator;
    cinfo->do_block_smoothing = decoder->block_smoothing ? TRUE : FALSE;
    if (scale_denominator >= 4 && cinfo->progressive_mode && decoder->skipping_allowed)
        crp_jpeg_drop_unused_ac_scans(decoder);
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 4) {
        snprintf(decoder->message, sizeof decoder->message, "could not set up RGBA output");
        return CRP_JPEG_ERROR;
    }
    *output_width = cinfo->output_width;
    *output_height = cinfo->output_height;
    return CRP_JPEG_OK;
}

static void crp_jpeg_cmyk_to_rgba(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        /* Stored values are then "amount of white": R = C * K / 255, rounded. */
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

crp_jpeg_status crp_jpeg_decoder_read_rows(crp_jpeg_decoder *decoder, uint8_t *rows, uint32_t count, size_t stride) {
    if (!decoder || !decoder->started) return CRP_JPEG_MISUSE;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (count > cinfo->output_height - cinfo->output_scanline) return CRP_JPEG_MISUSE;
    if (setjmp(decoder->error.jump)) return crp_jpeg_failure(decoder);
    uint32_t done = 0;
    while (done < count) {
        JSAMPROW pointers[16];
        uint32_t batch = count - done < 16 ? count - done : 16;
        for (uint32_t i = 0; i < batch; i++) pointers[i] = rows + (size_t)(done + i) * stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, pointers, batch);
        if (got == 0) {
            snprintf(decoder->message, sizeof decoder->message, "premature end of JPEG file (truncated)");
            return CRP_JPEG_ERROR;
        }
        if (decoder->convert_cmyk) {
            for (JDIMENSION i = 0; i < got; i++) crp_jpeg_cmyk_to_rgba(pointers[i], cinfo->output_width, decoder->inverted_cmyk);
        }
        done += got;
    }
    return CRP_JPEG_OK;
}

crp_jpeg_status crp_jpeg_decoder_finish(crp_jpeg_decoder *decoder) {
    if (!decoder || !decoder->started) return CRP_JPEG_MISUSE;
    if (setjmp(decoder->error.jump)) return crp_jpeg_failure(decoder);
    jpeg_finish_decompress(&decoder->cinfo);
    return CRP_JPEG_OK;
}

/* The most profile bytes the APP2 markers hold: 255 chunks of 65519 bytes (a marker's 65533 data
   bytes less the 14 that number the chunk). */
#define CRP_JPEG_MAX_ICC_BYTES ((size_t)255 * 65519)

/* Whether `icc` is a profile an RGB JPEG may carry, checked from its header; 0 with `message` set. */
static int crp_jpeg_check_icc(const uint8_t *icc, size_t icc_size, char *message, size_t message_capacity) {
    const char *problem = NULL;
    if (!icc || icc_size < 132) {
        problem = "the ICC profile is shorter than a profile's header and tag count (132 bytes)";
    } else if (icc_size > CRP_JPEG_MAX_ICC_BYTES) {
        problem = "the ICC profile is larger than the 16,707,345 bytes a JPEG's APP2 markers hold";
    } else if (memcmp(icc + 36, "acsp", 4) != 0) {
        problem = "not an ICC profile (no 'acsp' signature at byte 36)";
    } else if (((size_t)icc[0] << 24 | (size_t)icc[1] << 16 | (size_t)icc[2] << 8 | icc[3]) != icc_size) {
        problem = "the ICC profile's header declares another length than the bytes given";
    } else if (memcmp(icc + 16, "RGB ", 4) != 0) {
        problem = "the ICC profile is not an RGB profile, as a colour JPEG's must be";
    }
    if (!problem) return 1;
    if (message_capacity) snprintf(message, message_capacity, "%s", problem);
    return 0;
}

crp_jpeg_status crp_jpeg_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                      int quality, uint8_t **output, size_t *output_size, char *message,
                                      size_t message_capacity) {
    return crp_jpeg_encode_rgba8_icc(pixels, width, height, stride, quality, NULL, 0, output, output_size, message,
                                     message_capacity);
}

crp_jpeg_status crp_jpeg_encode_rgba8_icc(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                          int quality, const uint8_t *icc, size_t icc_size, uint8_t **output,
                                          size_t *output_size, char *message, size_t message_capacity) {
    *output = NULL;
    *output_size = 0;
    if (icc && !crp_jpeg_check_icc(icc, icc_size, message, message_capacity)) return CRP_JPEG_MISUSE;
    struct jpeg_compress_struct cinfo;
    crp_jpeg_error_manager error;
    memset(&error, 0, sizeof error);
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = crp_jpeg_error_exit;
    error.base.emit_message = crp_jpeg_emit_message;
    error.message = message;
    error.capacity = message_capacity;
    /* libjpeg's memory destination grows this buffer with malloc; it is ours once compression ends. */
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return CRP_JPEG_ERROR;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    /* The standard Huffman tables: optimised tables make the file about 1.5 % smaller but cost a
       second pass over every coefficient (twice the encoding time) and a whole-image buffer. */
    cinfo.optimize_coding = FALSE;
    jpeg_start_compress(&cinfo, TRUE);
    /* After the JFIF APP0 marker jpeg_start_compress wrote, before the frame: APP2 markers of
       at most 65519 profile bytes each. */
    if (icc) jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_size);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = buffer;
    *output_size = (size_t)buffer_size;
    return CRP_JPEG_OK;
}

void crp_jpeg_free(void *buffer) { free(buffer); }
