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

/// Draws the first frame, with its transparency, into `canvas` (width x height RGBA rows `stride`
/// bytes apart, cleared to transparent by the caller). A NULL canvas decodes without drawing.
crp_gif_status crp_gif_decoder_read_first_frame(crp_gif_decoder *decoder, uint8_t *canvas, size_t stride);

/// Decodes the remaining frames without keeping them and reads to the trailer; reports the frame count.
crp_gif_status crp_gif_decoder_finish(crp_gif_decoder *decoder, uint32_t *frame_count);

#ifdef __cplusplus
}
#endif

#endif
