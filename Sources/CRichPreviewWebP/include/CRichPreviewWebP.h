#ifndef CRICHPREVIEWWEBP_H
#define CRICHPREVIEWWEBP_H

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the decoder.
typedef enum {
    CRP_WEBP_OK = 0,
    CRP_WEBP_CORRUPT = 1,            /* not a whole WebP: bad RIFF, truncated, bitstream error */
    CRP_WEBP_UNSUPPORTED = 2,        /* valid but not decodable here */
    CRP_WEBP_OUT_OF_MEMORY = 3,
    CRP_WEBP_LIBRARY_UNAVAILABLE = 4,
    CRP_WEBP_MISUSE = 5              /* a bad argument or a call out of order */
} crp_webp_status;

/// Why libwebp (libwebp.so.7, Debian package libwebp7) or libwebpdemux (libwebpdemux.so.2,
/// libwebpdemux2) could not be loaded: dlerror's message, the function the library lacks, or the
/// ABI it refuses.
typedef crp_library_report crp_webp_library_report;

/// Loads libwebp.so.7 and libwebpdemux.so.2 with dlopen and resolves the functions the shim calls,
/// once per process, whichever thread asks first; every later call returns the first outcome.
/// crp_webp_decoder_read_header calls it itself; call it to learn why loading failed. Returns
/// CRP_WEBP_OK, or CRP_WEBP_LIBRARY_UNAVAILABLE with `report` (may be NULL) filled: a library is
/// missing, lacks a function, or refuses the ABI versions of the headers the shim was built with.
///
/// The environment variables RICHPREVIEW_WEBP_LIBRARY and RICHPREVIEW_WEBPDEMUX_LIBRARY, when set
/// (and the process is not setuid), replace the file names; they exist to test the failure path.
/// libwebpdemux finds the libwebp it links against by itself, whatever the first variable names.
crp_webp_status crp_webp_load(crp_webp_library_report *report);

/// What read_header learns from the container and the bitstream headers, without decoding pixels.
typedef struct {
    uint32_t width, height;   /* the canvas (for an animation, the canvas size) */
    uint8_t has_alpha;        /* any alpha in the file (VP8X alpha flag or ALPH chunk or lossless with alpha);
                                 for an animation also when its first frame leaves part of the canvas
                                 transparent. 0 guarantees decode_rgba's alpha is 255 throughout */
    uint8_t animated;
    uint8_t lossless;         /* the first frame is VP8L */
    uint32_t frame_count;     /* 1 for a still image */
} crp_webp_header;

/// One WebP file's decoder; not for use by two threads at once.
typedef struct crp_webp_decoder crp_webp_decoder;

/// Creates a decoder over `size` bytes at `data` (must outlive the decoder; NULL only with size 0).
/// Returns NULL only when out of memory.
crp_webp_decoder *crp_webp_decoder_create(const uint8_t *data, size_t size);

/// Frees the decoder (NULL is ignored); the ICC and EXIF pointers it gave are no longer valid.
void crp_webp_decoder_destroy(crp_webp_decoder *decoder);

/// Lets a still image's decode use a thread of libwebp's own for a lossy picture's filtering when
/// `threads` is above 1 (WebPDecoderOptions.use_threads); one thread by default.
void crp_webp_decoder_set_threads(crp_webp_decoder *decoder, unsigned threads);

/// The last error message, never NULL.
const char *crp_webp_decoder_message(const crp_webp_decoder *decoder);

/// Loads the libraries if needed, then checks the RIFF container and every top-level chunk against
/// the file's length, parses the chunks with libwebp's demuxer and reads the first frame's bitstream
/// header, WITHOUT decoding pixels or allocating from a declared size. Bytes after the RIFF chunk are
/// ignored. Calling it again returns the first outcome (header and message included).
crp_webp_status crp_webp_decoder_read_header(crp_webp_decoder *decoder, crp_webp_header *header);

/// The ICCP chunk's bytes (the first such chunk, only when the VP8X ICC flag is set, as libwebp's
/// demuxer reads it), pointing into the data given to create, valid until destroy. Returns 1 with
/// `*data` and `*length` set, or 0 (both cleared) when there is none or read_header has not succeeded.
int crp_webp_decoder_icc(const crp_webp_decoder *decoder, const uint8_t **data, size_t *length);

/// The EXIF chunk's TIFF bytes (a leading "Exif\0\0" skipped if present; only when the VP8X EXIF flag
/// is set), as crp_webp_decoder_icc. Returns 0 when there is none, or nothing after the prefix.
int crp_webp_decoder_exif(const crp_webp_decoder *decoder, const uint8_t **data, size_t *length);

/// Decodes into `out` (height rows of `stride` bytes, stride >= width*4, top row first): 8-bit RGBA,
/// non-premultiplied, alpha 255 when the header's has_alpha is 0. A still image: WebPDecode into the
/// caller's buffer (external memory, no copy). An animation: its FIRST frame as shown (composited on
/// the transparent canvas with WebPAnimDecoder, which allocates two canvases of width*height*4 bytes
/// and is copied from), nothing after it decoded. After a successful read_header (else MISUSE, or
/// read_header's own failure again); a NULL `out` or a short stride is MISUSE. A truncated or damaged
/// bitstream is CORRUPT, never a partial image; on any failure the contents of `out` are unspecified.
crp_webp_status crp_webp_decoder_decode_rgba(crp_webp_decoder *decoder, uint8_t *out, size_t stride);

/// decode_rgba at `width` x `height` (each at least 1 and at most the image's): a still image is
/// scaled by libwebp as it decodes (its rescaler averages the pixels each output pixel covers), so
/// no full-size buffer is made; `out` holds `height` rows of `stride` bytes. An animation is
/// decoded at its own size only (anything else is CRP_WEBP_MISUSE).
crp_webp_status crp_webp_decoder_decode_rgba_scaled(crp_webp_decoder *decoder, uint8_t *out, size_t stride,
                                                    uint32_t width, uint32_t height);

/// What crp_webp_encode_rgba writes: the file's bytes (free them with crp_webp_encoded_free), or
/// on failure a message.
typedef struct {
    uint8_t *data;
    size_t size;
    char message[160];
} crp_webp_encoded;

/// Encodes `width`×`height` RGBA pixels (`stride` bytes a row, non-premultiplied) as a still WebP,
/// lossless when `lossless` is non-zero (`quality` 0…100 is then the effort), else lossy at
/// `quality` 0…100; `method` 0…6 trades speed for size. An opaque image gets no alpha channel
/// (libwebp looks). Returns CRP_WEBP_OK with `out->data` set, or a failure with
/// `out->message`: CRP_WEBP_MISUSE for bad arguments, CRP_WEBP_OUT_OF_MEMORY,
/// CRP_WEBP_UNSUPPORTED (beyond WebP's 16383-pixel sides, libwebp's other refusals),
/// CRP_WEBP_LIBRARY_UNAVAILABLE.
crp_webp_status crp_webp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                                     int lossless, float quality, int method, crp_webp_encoded *out);

/// Frees what crp_webp_encode_rgba wrote into `encoded` (nothing when it failed); safe on NULL.
void crp_webp_encoded_free(crp_webp_encoded *encoded);

#ifdef __cplusplus
}
#endif

#endif
