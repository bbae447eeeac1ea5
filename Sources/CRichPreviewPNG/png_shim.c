#include "CRichPreviewPNG.h"
#include "png_idat.h"

#if !__has_include(<png.h>)
#error "the headers of libpng are missing: install the Debian package libpng-dev (Scripts/debian-packages.txt lists them all)"
#endif
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How rows reach 8-bit RGBA: through libpng's transformations, or read as stored and expanded
   here in one pass (libpng's palette, gray and filler steps are a pass each, backwards per byte). */
typedef enum {
    CRP_PNG_EXPAND_LIBPNG = 0, /* libpng's transformations, or none needed (8-bit RGBA) */
    CRP_PNG_EXPAND_PALETTE8,   /* 8-bit palette indices through a 256-entry RGBA table */
    CRP_PNG_EXPAND_GRAY8,      /* 8-bit gray without tRNS */
    CRP_PNG_EXPAND_GRAY_ALPHA8,
    CRP_PNG_EXPAND_RGB8,       /* 8-bit RGB without tRNS */
    CRP_PNG_EXPAND_RGBA8       /* 8-bit RGBA, copied */
} crp_png_expansion;

struct crp_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int header_read;
    int started;
    uint32_t rows_read;
    crp_png_expansion expansion;
    crp_png_idat idat;    /* the image data of an expansion done here, read without libpng */
    int idat_active;
    uint32_t table[256];  /* palette entries as RGBA bytes in memory order */
    char message[256];
    char warning[192];
    /* An iCCP chunk stands before the first IDAT (seen by the walk over the chunk headers), and
       libpng's first warning about it: why it discarded the profile, when it did. */
    int iccp_seen;
    char iccp_warning[192];
    char icc_problem[256];
};

static void crp_png_set_message(char *buffer, size_t capacity, const char *text) {
    if (capacity == 0) return;
    snprintf(buffer, capacity, "%s", text ? text : "unknown error");
}

static void crp_png_error(png_structp png, png_const_charp text) {
    crp_png_decoder *decoder = (crp_png_decoder *)png_get_error_ptr(png);
    if (decoder->warning[0]) {
        /* libpng often explains a generic error ("Invalid IHDR data") in the warning before it. */
        snprintf(decoder->message, sizeof decoder->message, "%s (%s)", text ? text : "error", decoder->warning);
    } else {
        crp_png_set_message(decoder->message, sizeof decoder->message, text);
    }
    png_longjmp(png, 1);
}

/* Warnings never reach stderr; a decoder keeps the last one to explain an error that follows. */
static void crp_png_warning(png_structp png, png_const_charp text) {
    crp_png_decoder *decoder = (crp_png_decoder *)png_get_error_ptr(png);
    if (!decoder) return;
    crp_png_set_message(decoder->warning, sizeof decoder->warning, text);
    /* libpng names the chunk first ("iCCP: ..."): its profile checks are benign errors, which a
       reader reports as warnings before discarding the chunk. */
    if (text && strncmp(text, "iCCP", 4) == 0 && !decoder->iccp_warning[0])
        crp_png_set_message(decoder->iccp_warning, sizeof decoder->iccp_warning, text);
}

static void crp_png_read(png_structp png, png_bytep out, size_t length) {
    crp_png_decoder *decoder = (crp_png_decoder *)png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) {
        png_error(png, "unexpected end of file (truncated)");
    }
    memcpy(out, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

crp_png_decoder *crp_png_decoder_create(const uint8_t *data, size_t size) {
    crp_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, crp_png_error, crp_png_warning);
    if (!decoder->png) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->info) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, crp_png_read);
    /* A bad checksum on any chunk, critical or ancillary, is an error: the file is damaged. */
    png_set_crc_action(decoder->png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    /* Text chunks are not needed: skipped (their CRCs still checked) rather than read, so that a
       zTXt or iTXt stream cannot make libpng inflate megabytes of text. */
    static const png_byte text_chunks[] = {'t', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0};
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
    /* The caller checks its own pixel budget; libpng's default 1e6 x 1e6 limit stays as a backstop. */
    crp_png_set_message(decoder->message, sizeof decoder->message, "no error");
    return decoder;
}

void crp_png_decoder_destroy(crp_png_decoder *decoder) {
    if (!decoder) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    if (decoder->idat_active) crp_png_idat_free(&decoder->idat);
    free(decoder);
}

const char *crp_png_decoder_message(const crp_png_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

int crp_png_decoder_exif(const crp_png_decoder *decoder, const uint8_t **data, size_t *length) {
    *data = NULL;
    *length = 0;
#ifdef PNG_eXIf_SUPPORTED
    png_uint_32 size = 0;
    png_bytep exif = NULL;
    if (!decoder || !decoder->header_read) return 0;
    if (!png_get_eXIf_1(decoder->png, decoder->info, &size, &exif) || !exif) return 0;
    *data = exif;
    *length = size;
    return 1;
#else
    (void)decoder;
    return 0;
#endif
}

/* Walks the chunk headers up to IEND and fails on the first chunk whose length field says more than
   PNG allows (2^31 - 1) or than the file has left, before libpng sees it: libpng allocates a text
   chunk's whole declared length before reading it, so a 44-byte file claiming 2 GiB of tEXt would
   cost 2 GiB. Only the 8-byte headers are read. Notes an iCCP chunk before the image data. */
static int crp_png_check_chunk_lengths(crp_png_decoder *decoder) {
    size_t offset = 8;
    int idat_seen = 0;
    while (decoder->size - offset >= 8) {
        const uint8_t *at = decoder->data + offset;
        uint32_t length = (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
        char type[5] = {0};
        for (int index = 0; index < 4; index++) {
            uint8_t byte = at[4 + index];
            type[index] = (byte >= 0x21 && byte < 0x7F) ? (char)byte : '?';
        }
        size_t left = decoder->size - offset - 8;
        if (length > 0x7FFFFFFFu || (size_t)length + 4 > left) {
            snprintf(decoder->message, sizeof decoder->message,
                "truncated or damaged: the %s chunk at byte %zu claims %u bytes, but the file has %zu left", type,
                offset, length, left < 4 ? 0 : left - 4);
            return 0;
        }
        if (memcmp(at + 4, "IEND", 4) == 0) return 1;
        if (memcmp(at + 4, "iCCP", 4) == 0 && !idat_seen) decoder->iccp_seen = 1;
        if (memcmp(at + 4, "IDAT", 4) == 0) idat_seen = 1;
        offset += 12 + (size_t)length;
    }
    /* No IEND: libpng reports the file as truncated where it runs out. */
    return 1;
}

crp_png_status crp_png_decoder_read_header(crp_png_decoder *decoder, crp_png_header *header) {
    if (!decoder || decoder->header_read) return CRP_PNG_MISUSE;
    if (decoder->size < 8 || png_sig_cmp(decoder->data, 0, 8) != 0) {
        crp_png_set_message(decoder->message, sizeof decoder->message, "not a PNG signature");
        return CRP_PNG_NOT_PNG;
    }
    if (!crp_png_check_chunk_lengths(decoder)) return CRP_PNG_ERROR;
    if (setjmp(png_jmpbuf(decoder->png))) return CRP_PNG_ERROR;
    png_read_info(decoder->png, decoder->info);
    decoder->header_read = 1;

    memset(header, 0, sizeof *header);
    header->width = png_get_image_width(decoder->png, decoder->info);
    header->height = png_get_image_height(decoder->png, decoder->info);
    header->bit_depth = png_get_bit_depth(decoder->png, decoder->info);
    header->color_type = png_get_color_type(decoder->png, decoder->info);
    header->interlaced = png_get_interlace_type(decoder->png, decoder->info) == PNG_INTERLACE_ADAM7;
    header->has_trns = png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS) != 0;
    header->has_iccp = png_get_valid(decoder->png, decoder->info, PNG_INFO_iCCP) != 0;
    header->has_srgb = png_get_valid(decoder->png, decoder->info, PNG_INFO_sRGB) != 0;
    double gamma = 0;
    if (png_get_gAMA(decoder->png, decoder->info, &gamma)) {
        header->has_gamma = 1;
        header->gamma = gamma;
    }
    double *xy = header->chromaticities;
    if (png_get_cHRM(decoder->png, decoder->info, &xy[0], &xy[1], &xy[2], &xy[3], &xy[4], &xy[5], &xy[6], &xy[7]))
        header->has_chrm = 1;
    if (decoder->iccp_seen && !header->has_iccp) {
        if (decoder->iccp_warning[0])
            snprintf(decoder->icc_problem, sizeof decoder->icc_problem, "libpng discarded the iCCP chunk (%s)",
                     decoder->iccp_warning);
        else
            crp_png_set_message(decoder->icc_problem, sizeof decoder->icc_problem,
                                "libpng discarded the iCCP chunk");
    }
    return CRP_PNG_OK;
}

int crp_png_decoder_icc(crp_png_decoder *decoder, const uint8_t **data, size_t *length) {
    *data = NULL;
    *length = 0;
    if (!decoder || !decoder->header_read) return 0;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 size = 0;
    if (!png_get_iCCP(decoder->png, decoder->info, &name, &compression, &profile, &size) || !profile || size == 0)
        return 0;
    *data = profile;
    *length = size;
    return 1;
}

const char *crp_png_decoder_icc_problem(const crp_png_decoder *decoder) {
    return decoder && decoder->header_read && decoder->icc_problem[0] ? decoder->icc_problem : NULL;
}

crp_png_status crp_png_decoder_validate(crp_png_decoder *decoder) {
    if (!decoder || !decoder->header_read || decoder->started) return CRP_PNG_MISUSE;
    decoder->started = 1;
    png_bytep volatile row = NULL;
    if (setjmp(png_jmpbuf(decoder->png))) {
        free(row);
        return CRP_PNG_ERROR;
    }
    png_uint_32 width = png_get_image_width(decoder->png, decoder->info);
    png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
    int interlaced = png_get_interlace_type(decoder->png, decoder->info) == PNG_INTERLACE_ADAM7;
    /* Without interlace handling each call returns one row of the current reduced pass image. */
    size_t rowbytes = png_get_rowbytes(decoder->png, decoder->info);
    row = malloc(rowbytes ? rowbytes : 1);
    if (!row) {
        crp_png_set_message(decoder->message, sizeof decoder->message, "out of memory for one row");
        return CRP_PNG_OUT_OF_MEMORY;
    }
    if (interlaced) {
        for (int pass = 0; pass < 7; pass++) {
            if (PNG_PASS_COLS(width, pass) == 0) continue;
            png_uint_32 rows = PNG_PASS_ROWS(height, pass);
            for (png_uint_32 y = 0; y < rows; y++) png_read_row(decoder->png, row, NULL);
        }
    } else {
        for (png_uint_32 y = 0; y < height; y++) png_read_row(decoder->png, row, NULL);
    }
    free(row);
    row = NULL;
    png_read_end(decoder->png, NULL);
    return CRP_PNG_OK;
}

/* Builds the RGBA table of an 8-bit palette image: PLTE colours, tRNS alphas (255 past them), and
   opaque black for indices past the palette, as libpng's own expansion gives. */
static void crp_png_build_palette_table(crp_png_decoder *decoder) {
    png_colorp palette = NULL;
    int count = 0;
    png_bytep alphas = NULL;
    int alpha_count = 0;
    png_get_PLTE(decoder->png, decoder->info, &palette, &count);
    if (png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS)) {
        png_get_tRNS(decoder->png, decoder->info, &alphas, &alpha_count, NULL);
    }
    for (int index = 0; index < 256; index++) {
        uint8_t entry[4] = {0, 0, 0, 255};
        if (palette && index < count) {
            entry[0] = palette[index].red;
            entry[1] = palette[index].green;
            entry[2] = palette[index].blue;
        }
        if (alphas && index < alpha_count) entry[3] = alphas[index];
        memcpy(&decoder->table[index], entry, 4);
    }
}

crp_png_status crp_png_decoder_start_rgba8(crp_png_decoder *decoder) {
    if (!decoder || !decoder->header_read || decoder->started) return CRP_PNG_MISUSE;
    decoder->started = 1;
    if (setjmp(png_jmpbuf(decoder->png))) return CRP_PNG_ERROR;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    int interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
#ifdef PNG_IGNORE_ADLER32
    /* Every IDAT byte is already checked by its chunk's CRC-32; the zlib Adler-32 over the inflated
       rows would only catch a writer that computed it wrong, at about 5 % of the decode. The
       validator (crp_png_decoder_validate) still checks it. */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    crp_png_expansion expansion = CRP_PNG_EXPAND_LIBPNG;
    if (bit_depth == 8 && !interlaced) {
        if (color_type == PNG_COLOR_TYPE_PALETTE) expansion = CRP_PNG_EXPAND_PALETTE8;
        if (color_type == PNG_COLOR_TYPE_GRAY && !has_trns) expansion = CRP_PNG_EXPAND_GRAY8;
        if (color_type == PNG_COLOR_TYPE_GRAY_ALPHA) expansion = CRP_PNG_EXPAND_GRAY_ALPHA8;
        if (color_type == PNG_COLOR_TYPE_RGB && !has_trns) expansion = CRP_PNG_EXPAND_RGB8;
        if (color_type == PNG_COLOR_TYPE_RGB_ALPHA) expansion = CRP_PNG_EXPAND_RGBA8;
    }
    if (expansion != CRP_PNG_EXPAND_LIBPNG) {
        if (expansion == CRP_PNG_EXPAND_PALETTE8) crp_png_build_palette_table(decoder);
        png_read_update_info(png, info);
        /* The rows as stored, read from the IDAT chunks here (png_idat.h): libpng has read up to
           the first IDAT's data and reads nothing more but in crp_png_decoder_validate. */
        if (crp_png_idat_start(&decoder->idat, decoder->data, decoder->size, decoder->offset,
                               png_get_rowbytes(png, info), png_get_channels(png, info), 1) != 0) {
            crp_png_set_message(decoder->message, sizeof decoder->message, decoder->idat.message);
            crp_png_idat_free(&decoder->idat);
            return CRP_PNG_ERROR;
        }
        decoder->idat_active = 1;
        decoder->expansion = expansion;
        return CRP_PNG_OK;
    }
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) {
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)png_get_image_width(png, info) * 4) {
        crp_png_set_message(decoder->message, sizeof decoder->message, "could not set up RGBA output");
        return CRP_PNG_ERROR;
    }
    return CRP_PNG_OK;
}

/* A 32-bit word whose fourth byte in memory is 255 and the others 0. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CRP_PNG_OPAQUE_FOURTH_BYTE 0x000000ffu
#else
#define CRP_PNG_OPAQUE_FOURTH_BYTE 0xff000000u
#endif

/* Expands one stored row (`width` pixels) into 8-bit RGBA at `out`. */
static void crp_png_expand_row(const crp_png_decoder *decoder, uint8_t *restrict out, const uint8_t *restrict row,
                               uint32_t width) {
    switch (decoder->expansion) {
    case CRP_PNG_EXPAND_PALETTE8:
        for (uint32_t x = 0; x < width; x++) memcpy(out + (size_t)x * 4, &decoder->table[row[x]], 4);
        break;
    case CRP_PNG_EXPAND_GRAY8:
        for (uint32_t x = 0; x < width; x++) {
            uint8_t *p = out + (size_t)x * 4;
            p[0] = p[1] = p[2] = row[x];
            p[3] = 255;
        }
        break;
    case CRP_PNG_EXPAND_GRAY_ALPHA8:
        for (uint32_t x = 0; x < width; x++) {
            uint8_t *p = out + (size_t)x * 4;
            p[0] = p[1] = p[2] = row[(size_t)x * 2];
            p[3] = row[(size_t)x * 2 + 1];
        }
        break;
    case CRP_PNG_EXPAND_RGB8: {
        /* Each pixel but the last is read as four bytes (its own and the next pixel's red) and
           written with the fourth set opaque: a third of the work of copying byte by byte. */
        uint32_t x = 0;
        for (; x + 1 < width; x++) {
            uint32_t pixel;
            memcpy(&pixel, row + (size_t)x * 3, 4);
            pixel |= CRP_PNG_OPAQUE_FOURTH_BYTE;
            memcpy(out + (size_t)x * 4, &pixel, 4);
        }
        for (; x < width; x++) {
            uint8_t *p = out + (size_t)x * 4;
            memcpy(p, row + (size_t)x * 3, 3);
            p[3] = 255;
        }
        break;
    }
    case CRP_PNG_EXPAND_RGBA8: memcpy(out, row, (size_t)width * 4); break;
    case CRP_PNG_EXPAND_LIBPNG: break;
    }
}

crp_png_status crp_png_decoder_read_rows(crp_png_decoder *decoder, uint8_t *rows, uint32_t count, size_t stride) {
    if (!decoder || !decoder->started) return CRP_PNG_MISUSE;
    if (png_get_interlace_type(decoder->png, decoder->info) == PNG_INTERLACE_ADAM7) {
        crp_png_set_message(decoder->message, sizeof decoder->message, "interlaced images are read whole");
        return CRP_PNG_MISUSE;
    }
    png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
    if (count > height - decoder->rows_read) return CRP_PNG_MISUSE;
    if (setjmp(png_jmpbuf(decoder->png))) return CRP_PNG_ERROR;
    png_uint_32 width = png_get_image_width(decoder->png, decoder->info);
    for (uint32_t i = 0; i < count; i++) {
        if (decoder->idat_active) {
            const uint8_t *row = crp_png_idat_next_row(&decoder->idat);
            if (!row) {
                crp_png_set_message(decoder->message, sizeof decoder->message, decoder->idat.message);
                return CRP_PNG_ERROR;
            }
            crp_png_expand_row(decoder, rows + (size_t)i * stride, row, width);
        } else {
            png_read_row(decoder->png, rows + (size_t)i * stride, NULL);
        }
        decoder->rows_read++;
    }
    return CRP_PNG_OK;
}

crp_png_status crp_png_decoder_read_image(crp_png_decoder *decoder, uint8_t *pixels, size_t stride) {
    if (!decoder || !decoder->started || decoder->rows_read != 0) return CRP_PNG_MISUSE;
    if (decoder->expansion != CRP_PNG_EXPAND_LIBPNG) {
        return crp_png_decoder_read_rows(decoder, pixels, png_get_image_height(decoder->png, decoder->info), stride);
    }
    png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
    png_bytepp rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) {
        crp_png_set_message(decoder->message, sizeof decoder->message, "out of memory for row pointers");
        return CRP_PNG_OUT_OF_MEMORY;
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
    if (setjmp(png_jmpbuf(decoder->png))) {
        free(rows);
        return CRP_PNG_ERROR;
    }
    png_read_image(decoder->png, rows);
    decoder->rows_read = height;
    free(rows);
    return CRP_PNG_OK;
}

crp_png_status crp_png_decoder_finish(crp_png_decoder *decoder) {
    if (!decoder || !decoder->started) return CRP_PNG_MISUSE;
    if (decoder->idat_active) {
        if (crp_png_idat_finish(&decoder->idat) == 0) return CRP_PNG_OK;
        crp_png_set_message(decoder->message, sizeof decoder->message, decoder->idat.message);
        return CRP_PNG_ERROR;
    }
    if (setjmp(png_jmpbuf(decoder->png))) return CRP_PNG_ERROR;
    png_read_end(decoder->png, NULL);
    return CRP_PNG_OK;
}
