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

/// Reads the remaining frames to the trailer and reports the frame count (every frame of the file,
/// those already read included); after the first frame, or frame by frame after a frame drawn.
/// Frames are decoded (their LZW data checked whole, the pixels dropped) while their pixels fit in
/// `decode_pixels` in all; from the first that does not, the rest are walked block by block, their
/// structure checked but their compressed data not decoded, so the work is bounded whatever the
/// frame count.
crp_gif_status crp_gif_decoder_finish(crp_gif_decoder *decoder, uint64_t decode_pixels, uint32_t *frame_count);

/// How a frame is disposed of before the next is drawn, as browsers read the declared method.
typedef enum {
    CRP_GIF_DISPOSE_NONE = 0,       /* left in place: no graphic control extension, 0, 1, or 5 to 7 */
    CRP_GIF_DISPOSE_BACKGROUND = 2, /* its rectangle cleared to transparent */
    CRP_GIF_DISPOSE_PREVIOUS = 3    /* its rectangle restored to what was there before it (3, or 4) */
} crp_gif_disposal;

/// A frame's image descriptor and graphic control extension, as read by next_frame.
typedef struct {
    uint32_t left, top, width, height; /* on the logical screen; the rectangle may pass its edges */
    uint32_t delay;                    /* hundredths of a second, as declared (0 without an extension) */
    int declared_disposal;             /* the extension's disposal field, 0 to 7 */
    int disposal;                      /* a crp_gif_disposal: declared_disposal as it is played */
    int transparent;                   /* the transparent colour index, or -1 */
    int interlaced;
    int local_color_table;
} crp_gif_frame_info;

/// Frame by frame, instead of the first-frame calls above (which cannot be mixed with these):
/// reads the records up to the next frame's image descriptor (the first frame's at the first
/// call) and describes the frame, with `*found` 1; at the trailer `*found` is 0. A file without a
/// frame, a frame larger than the rest of the file could hold, or an empty frame is an error. Each
/// frame found must be drawn with draw_frame before this is called again.
crp_gif_status crp_gif_decoder_next_frame(crp_gif_decoder *decoder, crp_gif_frame_info *info, int *found);

/// Composites the frame next_frame just described onto `canvas` (the screen's width x height RGBA
/// rows `stride` bytes apart, cleared to transparent by the caller before the first frame and
/// otherwise left as the previous call left it): first the previous frame is disposed of (its
/// rectangle cleared to transparent, or restored from `saved`), then, for a frame to be restored
/// to previous, its rectangle is copied into `saved`, then its pixels are drawn over the canvas,
/// clipped to the screen, with its own colour table or else the global one (a frame with neither is
/// an error, as for the first frame), its transparent pixels leaving what is there, an index past
/// the table opaque black. `saved` is a second buffer like `canvas`, needed (else misuse) when this
/// frame or the previous one is to be restored to previous, and kept between calls.
crp_gif_status crp_gif_decoder_draw_frame(crp_gif_decoder *decoder, uint8_t *canvas, size_t stride, uint8_t *saved);

#ifdef __cplusplus
}
#endif

#endif
