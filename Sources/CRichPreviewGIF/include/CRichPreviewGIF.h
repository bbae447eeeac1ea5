#ifndef CRICHPREVIEWGIF_H
#define CRICHPREVIEWGIF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the decoder.
typedef enum {
    CRP_GIF_OK = 0,
    CRP_GIF_ERROR = 1,      /* corrupt or truncated data */
    CRP_GIF_NOT_GIF = 2,
    CRP_GIF_OUT_OF_MEMORY = 3,
    CRP_GIF_MISUSE = 4
} crp_gif_status;

typedef struct crp_gif_decoder crp_gif_decoder;

/// Creates a decoder over `size` bytes at `data`; the bytes must outlive the decoder.
crp_gif_decoder *crp_gif_decoder_create(const uint8_t *data, size_t size);
void crp_gif_decoder_destroy(crp_gif_decoder *decoder);
/// The last error message, never NULL.
const char *crp_gif_decoder_message(const crp_gif_decoder *decoder);

/// Reads the logical screen descriptor: the canvas size every frame is drawn on.
crp_gif_status crp_gif_decoder_read_header(crp_gif_decoder *decoder, uint32_t *width, uint32_t *height);

/// Reads the records up to the first frame's image descriptor and reports the frame's size. A
/// frame larger than the rest of the file could hold (LZW packs at most 2730 pixels per byte) is an
/// error. Optional: read_first_frame reads the descriptor itself when this was not called.
crp_gif_status crp_gif_decoder_read_first_frame_descriptor(crp_gif_decoder *decoder, uint32_t *width,
                                                           uint32_t *height);

/// Whether the first frame (its descriptor read) starts at the screen's top-left corner and covers
/// the whole logical screen, so that every visible pixel is one of its colour indices.
int crp_gif_decoder_first_frame_covers_screen(const crp_gif_decoder *decoder);

/// Reads the first frame of a frame that covers the screen as colour indices: `indices` holds the
/// screen's width x height bytes, rows `stride` bytes apart. `palette` receives 256 RGBA entries
/// (1024 bytes) that turn an index into the pixel read_first_frame would draw: the transparent
/// index (0, 0, 0, 0), an index past the colour table opaque black. `*transparent_used` is set to
/// 1 when a visible pixel has the transparent index, else 0.
crp_gif_status crp_gif_decoder_read_first_frame_indices(crp_gif_decoder *decoder, uint8_t *indices, size_t stride,
                                                        uint8_t *palette, int *transparent_used);

/// Draws the first frame, with its transparency, into `canvas` (width x height RGBA rows `stride`
/// bytes apart, cleared to transparent by the caller). A NULL canvas decodes without drawing.
crp_gif_status crp_gif_decoder_read_first_frame(crp_gif_decoder *decoder, uint8_t *canvas, size_t stride);

/// Reads the remaining frames to the trailer and reports the frame count. Frames are decoded (their
/// LZW data checked whole, the pixels dropped) while their pixels fit in `decode_pixels` in all;
/// from the first that does not, the rest are walked block by block, their structure checked but
/// their compressed data not decoded, so the work is bounded whatever the frame count.
crp_gif_status crp_gif_decoder_finish(crp_gif_decoder *decoder, uint64_t decode_pixels, uint32_t *frame_count);

#ifdef __cplusplus
}
#endif

#endif
