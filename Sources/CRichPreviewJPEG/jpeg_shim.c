#include "CRichPreviewJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* A progressive file with more scans than this is treated as hostile (each scan re-walks every block). */
#define CRP_JPEG_MAX_SCANS 1000

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

crp_jpeg_decoder *crp_jpeg_decoder_create(const uint8_t *data, size_t size) {
    crp_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
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
    free(decoder);
}

const char *crp_jpeg_decoder_message(const crp_jpeg_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

static crp_jpeg_status crp_jpeg_failure(crp_jpeg_decoder *decoder) {
    if (decoder->error.over_memory) return CRP_JPEG_OVER_MEMORY_LIMIT;
    return decoder->error.unsupported ? CRP_JPEG_UNSUPPORTED : CRP_JPEG_ERROR;
}

void crp_jpeg_decoder_set_memory_limit(crp_jpeg_decoder *decoder, size_t bytes) {
    if (decoder) decoder->cinfo.mem->max_memory_to_use = (long)(bytes > (size_t)LONG_MAX ? LONG_MAX : bytes);
}

crp_jpeg_status crp_jpeg_decoder_read_header(crp_jpeg_decoder *decoder, crp_jpeg_header *header) {
    if (!decoder || decoder->header_read) return CRP_JPEG_MISUSE;
    if (decoder->size < 3 || decoder->data[0] != 0xFF || decoder->data[1] != 0xD8) {
        snprintf(decoder->message, sizeof decoder->message, "not a JPEG file (no SOI marker)");
        return CRP_JPEG_NOT_JPEG;
    }
    if (setjmp(decoder->error.jump)) return crp_jpeg_failure(decoder);
    jpeg_mem_src(&decoder->cinfo, decoder->data, (unsigned long)decoder->size);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
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
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: header->color_space = CRP_JPEG_SPACE_GRAY; break;
    case JCS_RGB: header->color_space = CRP_JPEG_SPACE_RGB; break;
    case JCS_YCbCr: header->color_space = CRP_JPEG_SPACE_YCBCR; break;
    case JCS_CMYK: header->color_space = CRP_JPEG_SPACE_CMYK; break;
    case JCS_YCCK: header->color_space = CRP_JPEG_SPACE_YCCK; break;
    default: header->color_space = CRP_JPEG_SPACE_UNKNOWN; break;
    }
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

crp_jpeg_status crp_jpeg_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                      int quality, uint8_t **output, size_t *output_size, char *message,
                                      size_t message_capacity) {
    struct jpeg_compress_struct cinfo;
    crp_jpeg_error_manager error;
    memset(&error, 0, sizeof error);
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = crp_jpeg_error_exit;
    error.base.emit_message = crp_jpeg_emit_message;
    error.message = message;
    error.capacity = message_capacity;
    *output = NULL;
    *output_size = 0;
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
