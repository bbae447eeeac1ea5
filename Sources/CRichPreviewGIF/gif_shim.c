#include "CRichPreviewGIF.h"

#if !__has_include(<gif_lib.h>)
#error "the headers of giflib are missing: install the Debian package libgif-dev (Scripts/debian-packages.txt lists them all)"
#endif
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct crp_gif_decoder {
    GifFileType *gif;
    const uint8_t *data;
    size_t size;
    size_t offset;
    uint32_t frames;
    int transparent;
    int delay;    /* of the frame whose descriptor was read: hundredths, as declared */
    int disposal; /* its graphic control extension's disposal method, 0 without one */
    int descriptor_read;
    int first_frame_read;
    int finished;
    /* Frame by frame (crp_gif_decoder_next_frame): whether that mode is in use, whether a frame's
       descriptor was read and its pixels not yet, and how the last frame drawn is to be disposed
       of before the next is drawn: its method and its rectangle clipped to the screen. */
    int animating;
    int frame_pending;
    int last_disposal;
    int last_x0, last_y0, last_x1, last_y1;
    char message[256];
};

static int crp_gif_read(GifFileType *gif, GifByteType *out, int length) {
    crp_gif_decoder *decoder = (crp_gif_decoder *)gif->UserData;
    size_t available = decoder->size - decoder->offset;
    size_t count = (size_t)length < available ? (size_t)length : available;
    memcpy(out, decoder->data + decoder->offset, count);
    decoder->offset += count;
    return (int)count;
}

static crp_gif_status crp_gif_fail(crp_gif_decoder *decoder, int code, const char *context) {
    const char *text = GifErrorString(code);
    if (code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON) text = "unexpected end of file (truncated)";
    snprintf(decoder->message, sizeof decoder->message, "%s%s%s", context, context[0] ? ": " : "",
             text ? text : "unknown GIF error");
    if (code == D_GIF_ERR_NOT_GIF_FILE) return CRP_GIF_NOT_GIF;
    if (code == D_GIF_ERR_NOT_ENOUGH_MEM) return CRP_GIF_OUT_OF_MEMORY;
    return CRP_GIF_ERROR;
}

crp_gif_decoder *crp_gif_decoder_create(const uint8_t *data, size_t size) {
    crp_gif_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    snprintf(decoder->message, sizeof decoder->message, "no error");
    return decoder;
}

void crp_gif_decoder_destroy(crp_gif_decoder *decoder) {
    if (!decoder) return;
    if (decoder->gif) {
        int ignored = 0;
        DGifCloseFile(decoder->gif, &ignored);
    }
    free(decoder);
}

const char *crp_gif_decoder_message(const crp_gif_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

crp_gif_status crp_gif_decoder_read_header(crp_gif_decoder *decoder, uint32_t *width, uint32_t *height) {
    if (!decoder || decoder->gif) return CRP_GIF_MISUSE;
    int error = 0;
    decoder->gif = DGifOpen(decoder, crp_gif_read, &error);
    if (!decoder->gif) return crp_gif_fail(decoder, error, "header");
    *width = (uint32_t)decoder->gif->SWidth;
    *height = (uint32_t)decoder->gif->SHeight;
    return CRP_GIF_OK;
}

/* LZW in GIF emits at most 4096 pixels per 12-bit code, so a frame of N pixels needs at least
   N / 2730 bytes of image data; a frame declaring more than its file can hold is refused before
   anything is allocated for it. */
#define CRP_GIF_MAX_PIXELS_PER_BYTE 2731

/* Reads records up to the next image descriptor (keeping the transparency of a graphic control
   extension before it) and checks the frame against the bytes left; *found is 0 at the trailer. */
static crp_gif_status crp_gif_next_image(crp_gif_decoder *decoder, int *found) {
    GifFileType *gif = decoder->gif;
    decoder->transparent = NO_TRANSPARENT_COLOR;
    decoder->delay = 0;
    decoder->disposal = DISPOSAL_UNSPECIFIED;
    *found = 0;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return crp_gif_fail(decoder, gif->Error, "record");
        switch (type) {
        case IMAGE_DESC_RECORD_TYPE: {
            if (DGifGetImageDesc(gif) == GIF_ERROR) return crp_gif_fail(decoder, gif->Error, "image descriptor");
            GifImageDesc *desc = &gif->Image;
            if (desc->Width <= 0 || desc->Height <= 0) {
                snprintf(decoder->message, sizeof decoder->message, "frame %u has an empty size", decoder->frames + 1);
                return CRP_GIF_ERROR;
            }
            uint64_t pixels = (uint64_t)desc->Width * (uint64_t)desc->Height;
            uint64_t left = decoder->size - decoder->offset;
            if (pixels / CRP_GIF_MAX_PIXELS_PER_BYTE > left) {
                snprintf(decoder->message, sizeof decoder->message,
                         "frame %u declares %dx%d pixels, which need at least %llu bytes of image data; "
                         "the file has %llu bytes left",
                         decoder->frames + 1, desc->Width, desc->Height,
                         (unsigned long long)(pixels / CRP_GIF_MAX_PIXELS_PER_BYTE), (unsigned long long)left);
                return CRP_GIF_ERROR;
            }
            *found = 1;
            return CRP_GIF_OK;
        }
        case EXTENSION_RECORD_TYPE: {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return crp_gif_fail(decoder, gif->Error, "extension");
            if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
                    decoder->transparent = control.TransparentColor;
                    decoder->delay = control.DelayTime;
                    decoder->disposal = control.DisposalMode;
                }
            }
            while (block) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return crp_gif_fail(decoder, gif->Error, "extension");
            }
            break;
        }
        case TERMINATE_RECORD_TYPE:
            if (decoder->frames == 0) {
                snprintf(decoder->message, sizeof decoder->message, "the file has no image");
                return CRP_GIF_ERROR;
            }
            decoder->finished = 1;
            return CRP_GIF_OK;
        default:
            snprintf(decoder->message, sizeof decoder->message, "unexpected record type");
            return CRP_GIF_ERROR;
        }
    }
}

/* Receives each pixel row of a frame as it is read: its row number in the frame and its colour
   indices (the frame's width of them). */
typedef void (*crp_gif_row_sink)(void *context, const GifFileType *gif, int row, const GifPixelType *line);

/* Reads every pixel row of the frame whose descriptor was just read, in file order (interlaced
   passes included), handing each to `sink` when it is not NULL; then counts the frame. */
static crp_gif_status crp_gif_read_rows(crp_gif_decoder *decoder, crp_gif_row_sink sink, void *context) {
    GifFileType *gif = decoder->gif;
    GifImageDesc *desc = &gif->Image;
    GifPixelType *line = malloc((size_t)desc->Width);
    if (!line) return crp_gif_fail(decoder, D_GIF_ERR_NOT_ENOUGH_MEM, "frame");
    static const int starts[] = {0, 4, 2, 1};
    static const int steps[] = {8, 8, 4, 2};
    int passes = desc->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc->Interlace ? starts[pass] : 0;
        int step = desc->Interlace ? steps[pass] : 1;
        for (int row = start; row < desc->Height; row += step) {
            if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) {
                free(line);
                return crp_gif_fail(decoder, gif->Error, "image data");
            }
            if (sink) sink(context, gif, row, line);
        }
    }
    free(line);
    decoder->frames++;
    return CRP_GIF_OK;
}

typedef struct {
    uint8_t *canvas;
    size_t stride;
    const ColorMapObject *map;
    int transparent;
} crp_gif_canvas;

/* Draws one row of the frame onto the RGBA canvas, clipped to the screen; transparent pixels
   leave what is there. */
static void crp_gif_draw_row(void *context, const GifFileType *gif, int row, const GifPixelType *line) {
    const crp_gif_canvas *target = context;
    const GifImageDesc *desc = &gif->Image;
    long y = (long)desc->Top + row;
    if (y >= gif->SHeight) return;
    uint8_t *out = target->canvas + (size_t)y * target->stride;
    const ColorMapObject *map = target->map;
    for (int column = 0; column < desc->Width; column++) {
        long x = (long)desc->Left + column;
        if (x >= gif->SWidth) break;
        int index = line[column];
        if (index == target->transparent) continue;
        uint8_t *pixel = out + (size_t)x * 4;
        if (index < map->ColorCount) {
            pixel[0] = map->Colors[index].Red;
            pixel[1] = map->Colors[index].Green;
            pixel[2] = map->Colors[index].Blue;
        } else {
            pixel[0] = pixel[1] = pixel[2] = 0;
        }
        pixel[3] = 255;
    }
}

typedef struct {
    uint8_t *indices;
    size_t stride;
    size_t visible;
    int transparent;
    int *transparent_used;
} crp_gif_index_rows;

/* Copies one row's colour indices, clipped to the screen's width; rows below the screen are
   dropped. Notes whether the transparent index appears in what is kept. */
static void crp_gif_copy_indices(void *context, const GifFileType *gif, int row, const GifPixelType *line) {
    const crp_gif_index_rows *target = context;
    if (row >= gif->SHeight) return;
    memcpy(target->indices + (size_t)row * target->stride, line, target->visible);
    if (target->transparent >= 0 && !*target->transparent_used && memchr(line, target->transparent, target->visible))
        *target->transparent_used = 1;
}

/* Reads the pixel rows of the frame whose descriptor was just read, drawing them into `canvas`
   when it is not NULL. */
static crp_gif_status crp_gif_read_pixels(crp_gif_decoder *decoder, uint8_t *canvas, size_t stride) {
    GifFileType *gif = decoder->gif;
    ColorMapObject *map = gif->Image.ColorMap ? gif->Image.ColorMap : gif->SColorMap;
    if (canvas && !map) {
        snprintf(decoder->message, sizeof decoder->message, "frame %u has no colour map", decoder->frames + 1);
        return CRP_GIF_ERROR;
    }
    crp_gif_canvas target = {canvas, stride, map, decoder->transparent};
    return crp_gif_read_rows(decoder, canvas ? crp_gif_draw_row : NULL, &target);
}

crp_gif_status crp_gif_decoder_read_first_frame_descriptor(crp_gif_decoder *decoder, uint32_t *width,
                                                           uint32_t *height) {
    if (!decoder || !decoder->gif || decoder->descriptor_read || decoder->animating) return CRP_GIF_MISUSE;
    int found = 0;
    crp_gif_status status = crp_gif_next_image(decoder, &found);
    if (status != CRP_GIF_OK) return status;
    decoder->descriptor_read = 1;
    *width = (uint32_t)decoder->gif->Image.Width;
    *height = (uint32_t)decoder->gif->Image.Height;
    return CRP_GIF_OK;
}

crp_gif_status crp_gif_decoder_read_first_frame(crp_gif_decoder *decoder, uint8_t *canvas, size_t stride) {
    if (!decoder || !decoder->gif || decoder->first_frame_read || decoder->animating) return CRP_GIF_MISUSE;
    if (!decoder->descriptor_read) {
        uint32_t width = 0, height = 0;
        crp_gif_status status = crp_gif_decoder_read_first_frame_descriptor(decoder, &width, &height);
        if (status != CRP_GIF_OK) return status;
    }
    decoder->first_frame_read = 1;
    return crp_gif_read_pixels(decoder, canvas, stride);
}

int crp_gif_decoder_first_frame_covers_screen(const crp_gif_decoder *decoder) {
    if (!decoder || !decoder->gif || !decoder->descriptor_read) return 0;
    const GifImageDesc *desc = &decoder->gif->Image;
    return desc->Left == 0 && desc->Top == 0 && desc->Width >= decoder->gif->SWidth &&
           desc->Height >= decoder->gif->SHeight;
}

crp_gif_status crp_gif_decoder_read_first_frame_indices(crp_gif_decoder *decoder, uint8_t *indices, size_t stride,
                                                        uint8_t *palette, int *transparent_used) {
    if (!decoder || !decoder->gif || !decoder->descriptor_read || decoder->first_frame_read ||
        !crp_gif_decoder_first_frame_covers_screen(decoder)) {
        return CRP_GIF_MISUSE;
    }
    decoder->first_frame_read = 1;
    GifFileType *gif = decoder->gif;
    GifImageDesc *desc = &gif->Image;
    ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
    if (!map) {
        snprintf(decoder->message, sizeof decoder->message, "frame %u has no colour map", decoder->frames + 1);
        return CRP_GIF_ERROR;
    }
    for (int index = 0; index < 256; index++) {
        uint8_t *entry = palette + index * 4;
        int known = index < map->ColorCount;
        entry[0] = known ? map->Colors[index].Red : 0;
        entry[1] = known ? map->Colors[index].Green : 0;
        entry[2] = known ? map->Colors[index].Blue : 0;
        entry[3] = 255;
    }
    int transparent = decoder->transparent;
    if (transparent >= 0 && transparent < 256) memset(palette + transparent * 4, 0, 4);
    *transparent_used = 0;
    /* Lines wider than the screen are read whole and clipped; rows below it are read and dropped. */
    crp_gif_index_rows target = {indices, stride, (size_t)gif->SWidth, transparent, transparent_used};
    return crp_gif_read_rows(decoder, crp_gif_copy_indices, &target);
}

/* Reads the compressed data of the frame whose descriptor was just read, sub-block by sub-block,
   without decompressing it: the chain of blocks is checked to end inside the file, the LZW codes
   are not. Then counts the frame. */
static crp_gif_status crp_gif_skip_rows(crp_gif_decoder *decoder) {
    GifFileType *gif = decoder->gif;
    int code_size = 0;
    GifByteType *block = NULL;
    if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) return crp_gif_fail(decoder, gif->Error, "image data");
    while (block) {
        if (DGifGetCodeNext(gif, &block) == GIF_ERROR) return crp_gif_fail(decoder, gif->Error, "image data");
    }
    decoder->frames++;
    return CRP_GIF_OK;
}

crp_gif_status crp_gif_decoder_finish(crp_gif_decoder *decoder, uint64_t decode_pixels, uint32_t *frame_count) {
    if (!decoder || !decoder->gif || !(decoder->first_frame_read || decoder->animating) || decoder->frame_pending)
        return CRP_GIF_MISUSE;
    while (!decoder->finished) {
        int found = 0;
        crp_gif_status status = crp_gif_next_image(decoder, &found);
        if (status != CRP_GIF_OK) return status;
        if (!found) break;
        uint64_t pixels = (uint64_t)decoder->gif->Image.Width * (uint64_t)decoder->gif->Image.Height;
        if (pixels <= decode_pixels) {
            decode_pixels -= pixels;
            status = crp_gif_read_pixels(decoder, NULL, 0);
        } else {
            decode_pixels = 0;
            status = crp_gif_skip_rows(decoder);
        }
        if (status != CRP_GIF_OK) return status;
    }
    *frame_count = decoder->frames;
    return CRP_GIF_OK;
}

/* ---- Frame by frame ---------------------------------------------------------------------- */

/* The disposal method as browsers read it: 4, which some writers set for "restore to previous"
   (the third bit of the field), is 3; 0, 1 and the undefined 5 to 7 leave the frame in place. */
static int crp_gif_effective_disposal(int declared) {
    switch (declared) {
    case DISPOSE_BACKGROUND: return CRP_GIF_DISPOSE_BACKGROUND;
    case DISPOSE_PREVIOUS:
    case 4: return CRP_GIF_DISPOSE_PREVIOUS;
    default: return CRP_GIF_DISPOSE_NONE;
    }
}

crp_gif_status crp_gif_decoder_next_frame(crp_gif_decoder *decoder, crp_gif_frame_info *info, int *found) {
    if (!decoder || !decoder->gif || !info || !found || decoder->descriptor_read || decoder->first_frame_read ||
        decoder->frame_pending) {
        return CRP_GIF_MISUSE;
    }
    decoder->animating = 1;
    *found = 0;
    if (decoder->finished) return CRP_GIF_OK;
    crp_gif_status status = crp_gif_next_image(decoder, found);
    if (status != CRP_GIF_OK || !*found) return status;
    const GifImageDesc *desc = &decoder->gif->Image;
    decoder->frame_pending = 1;
    info->left = (uint32_t)desc->Left;
    info->top = (uint32_t)desc->Top;
    info->width = (uint32_t)desc->Width;
    info->height = (uint32_t)desc->Height;
    info->delay = decoder->delay < 0 ? 0 : (uint32_t)decoder->delay;
    info->declared_disposal = decoder->disposal;
    info->disposal = crp_gif_effective_disposal(decoder->disposal);
    info->transparent = decoder->transparent;
    info->interlaced = desc->Interlace ? 1 : 0;
    info->local_color_table = desc->ColorMap ? 1 : 0;
    return CRP_GIF_OK;
}

/* Copies the rows of a rectangle from one screen-sized RGBA buffer to another. */
static void crp_gif_copy_rect(uint8_t *to, const uint8_t *from, size_t stride, int x0, int y0, int x1, int y1) {
    for (int y = y0; y < y1; y++) {
        size_t at = (size_t)y * stride + (size_t)x0 * 4;
        memcpy(to + at, from + at, (size_t)(x1 - x0) * 4);
    }
}

crp_gif_status crp_gif_decoder_draw_frame(crp_gif_decoder *decoder, uint8_t *canvas, size_t stride, uint8_t *saved) {
    if (!decoder || !decoder->gif || !decoder->frame_pending || !canvas ||
        stride < (size_t)decoder->gif->SWidth * 4) {
        return CRP_GIF_MISUSE;
    }
    GifFileType *gif = decoder->gif;
    int disposal = crp_gif_effective_disposal(decoder->disposal);
    if ((disposal == CRP_GIF_DISPOSE_PREVIOUS || decoder->last_disposal == CRP_GIF_DISPOSE_PREVIOUS) && !saved)
        return CRP_GIF_MISUSE;
    decoder->frame_pending = 0;
    ColorMapObject *map = gif->Image.ColorMap ? gif->Image.ColorMap : gif->SColorMap;
    if (!map) {
        snprintf(decoder->message, sizeof decoder->message, "frame %u has no colour map", decoder->frames + 1);
        return CRP_GIF_ERROR;
    }

    /* The last frame shown goes as its disposal method says. */
    if (decoder->last_disposal == CRP_GIF_DISPOSE_BACKGROUND) {
        for (int y = decoder->last_y0; y < decoder->last_y1; y++)
            memset(canvas + (size_t)y * stride + (size_t)decoder->last_x0 * 4, 0,
                   (size_t)(decoder->last_x1 - decoder->last_x0) * 4);
    } else if (decoder->last_disposal == CRP_GIF_DISPOSE_PREVIOUS) {
        crp_gif_copy_rect(canvas, saved, stride, decoder->last_x0, decoder->last_y0, decoder->last_x1,
                          decoder->last_y1);
    }

    /* This frame's rectangle on the screen; Left and Top are 16-bit, never negative. */
    const GifImageDesc *desc = &gif->Image;
    long x0 = desc->Left, y0 = desc->Top;
    long x1 = x0 + desc->Width, y1 = y0 + desc->Height;
    if (x1 > gif->SWidth) x1 = gif->SWidth;
    if (y1 > gif->SHeight) y1 = gif->SHeight;
    if (x0 > x1) x0 = x1;
    if (y0 > y1) y0 = y1;
    decoder->last_disposal = disposal;
    decoder->last_x0 = (int)x0;
    decoder->last_y0 = (int)y0;
    decoder->last_x1 = (int)x1;
    decoder->last_y1 = (int)y1;
    if (disposal == CRP_GIF_DISPOSE_PREVIOUS)
        crp_gif_copy_rect(saved, canvas, stride, (int)x0, (int)y0, (int)x1, (int)y1);

    crp_gif_canvas target = {canvas, stride, map, decoder->transparent};
    return crp_gif_read_rows(decoder, crp_gif_draw_row, &target);
}
