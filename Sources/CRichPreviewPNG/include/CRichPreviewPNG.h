#ifndef CRICHPREVIEWPNG_H
#define CRICHPREVIEWPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the decoder.
typedef enum {
    CRP_PNG_OK = 0,
    CRP_PNG_ERROR = 1,        /* libpng reported an error: corrupt or truncated data */
    CRP_PNG_NOT_PNG = 2,      /* the signature is not a PNG signature */
    CRP_PNG_OUT_OF_MEMORY = 3,
    CRP_PNG_MISUSE = 4        /* a call out of order */
} crp_png_status;

/// What the IHDR and the ancillary chunks before IDAT say.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;       /* 1, 2, 4, 8 or 16 */
    uint8_t color_type;      /* 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA */
    uint8_t interlaced;      /* 1 for Adam7 */
    uint8_t has_trns;
    uint8_t has_gamma;
    uint8_t has_iccp;        /* an iCCP chunk libpng accepted: crp_png_decoder_icc gives its profile */
    uint8_t has_srgb;        /* an sRGB chunk libpng kept (libpng 1.6.39 keeps both chunks when the iCCP
                                comes first, and drops both, "too many profiles", when the sRGB does) */
    uint8_t has_chrm;        /* a cHRM chunk libpng accepted (it drops one whose end points are not a
                                possible colour space) */
    double gamma;             /* file gamma when has_gamma */
    double chromaticities[8]; /* when has_chrm, as x, y pairs: white, red, green, blue */
} crp_png_header;

typedef struct crp_png_decoder crp_png_decoder;

/// Creates a decoder over `size` bytes at `data`; the bytes must outlive the decoder.
crp_png_decoder *crp_png_decoder_create(const uint8_t *data, size_t size);
void crp_png_decoder_destroy(crp_png_decoder *decoder);
/// The last error or warning message, never NULL.
const char *crp_png_decoder_message(const crp_png_decoder *decoder);

/// Reads the chunks up to the first IDAT and fills `header`.
crp_png_status crp_png_decoder_read_header(crp_png_decoder *decoder, crp_png_header *header);

/// Points `data` at the eXIf chunk's TIFF bytes, owned by the decoder; returns 0 when there is none.
int crp_png_decoder_exif(const crp_png_decoder *decoder, const uint8_t **data, size_t *length);

/// The ICC profile of the iCCP chunk, inflated by libpng (png_get_iCCP), owned by the decoder and
/// valid until destroy. Returns 1 with `*data` and `*length` set, or 0 (both cleared) when there is
/// none, libpng discarded it (see crp_png_decoder_icc_problem) or read_header has not succeeded.
/// libpng has checked what it accepted: the header's length is the inflated length, the 'acsp'
/// signature, a colour space that fits the colour type (Gray for grey images, RGB for the others),
/// an XYZ or Lab connection space, and a tag table within the profile; not the tags' contents. It
/// inflates no further than the length the profile's header declares (at most its limit on
/// ancillary chunks, 8 MB in Debian's build), so the zlib stream's Adler-32 is not checked: the
/// chunk's CRC-32 is, as for the image data.
int crp_png_decoder_icc(crp_png_decoder *decoder, const uint8_t **data, size_t *length);

/// Why an iCCP chunk before the image data gave no profile, with libpng's first warning about it
/// when it gave one (a profile whose colour space does not fit the colour type, a bad length, a zlib
/// stream that does not inflate, an iCCP after an sRGB chunk, ...), for a message; NULL when
/// there is no such chunk or libpng kept its profile (and before read_header). Owned by the decoder.
const char *crp_png_decoder_icc_problem(const crp_png_decoder *decoder);

/// Decodes every row without keeping them (one row of memory) and reads to IEND, so that
/// checksums, zlib streams and truncation are all checked. Call after read_header.
crp_png_status crp_png_decoder_validate(crp_png_decoder *decoder);

/// Sets up output as 8-bit RGBA (straight alpha): palettes and tRNS expanded, gray copied to
/// RGB, 16-bit samples scaled to 8 with rounding. Non-interlaced 8-bit palette, gray, gray+alpha and
/// RGB rows are read as stored and expanded by the shim in one pass. Chunk CRCs are checked; the
/// zlib stream's Adler-32 is not (validate checks it). Call after read_header.
crp_png_status crp_png_decoder_start_rgba8(crp_png_decoder *decoder);

/// Reads the next `count` rows of a non-interlaced image into `rows` (each `stride` bytes apart).
crp_png_status crp_png_decoder_read_rows(crp_png_decoder *decoder, uint8_t *rows, uint32_t count, size_t stride);

/// Reads the whole image (required for interlaced images) into `pixels`, rows `stride` bytes apart.
crp_png_status crp_png_decoder_read_image(crp_png_decoder *decoder, uint8_t *pixels, size_t stride);

/// Reads the chunks after the image data through IEND, checking their checksums.
crp_png_status crp_png_decoder_finish(crp_png_decoder *decoder);

/// Whether ISA-L inflates 8-bit image data (loading libisal2 if it was not tried yet); 0 when
/// zlib does.
int crp_png_isal_available(void);

/// The compressor of crp_png_encode_options.
typedef enum {
    CRP_PNG_ZLIB = 0,      /* zlib: bands of rows deflated on up to `threads` threads, joined */
    CRP_PNG_LIBDEFLATE = 1 /* libdeflate: every filtered row in one buffer, compressed by one call */
} crp_png_compressor;

/// Output settings for crp_png_encode_rgba8.
typedef struct {
    int32_t compression_level; /* zlib 0-9, libdeflate 0-12; clamped to the compressor's range */
    int32_t strategy;          /* zlib only: 0 default, 1 filtered, 2 huffman only, 3 RLE */
    int32_t filters;           /* 0 all (adaptive), 1 none, 2 sub, 3 up, 4 average, 5 paeth */
    uint8_t channels;          /* written per pixel: 1 gray (from R), 2 gray+alpha, 3 RGB, 4 RGBA */
    uint8_t threads;           /* threads filtering (and with zlib deflating) bands of rows, 1-16 (0 counts as 1) */
    uint8_t compressor;        /* a crp_png_compressor */
} crp_png_encode_options;

/// Encodes 8-bit RGBA pixels as a PNG (8-bit samples, no interlace, no ancillary chunks) in memory.
/// The rows are cut into bands of about 256 KiB and filtered on up to `threads` threads. With zlib
/// each band is also deflated on its own and the bands are joined into one zlib stream; with
/// libdeflate every filtered row goes into one buffer that one call compresses on the calling
/// thread (see crp_png_encode_whole_image_bytes). The bytes are the same whatever `threads` is. On
/// success `*output` holds `*output_size` bytes allocated by the shim; release them with crp_png_free.
crp_png_status crp_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                    crp_png_encode_options options, uint8_t **output, size_t *output_size,
                                    char *message, size_t message_capacity);

/// crp_png_encode_rgba8 with the ICC profile `icc` (`icc_size` bytes) in an iCCP chunk after IHDR,
/// named "ICC Profile" and compressed by zlib at level 9. With `icc` NULL the file is byte for byte
/// crp_png_encode_rgba8's. The profile must be one libpng's reader keeps: its header declaring
/// `icc_size` bytes, the 'acsp' signature, a Gray profile for `channels` 1 and 2 and an RGB profile
/// for 3 and 4, an XYZ or Lab connection space (and at most the 8 MB libpng inflates); else
/// CRP_PNG_MISUSE with `message` saying why, and nothing encoded. The profile's compressed bytes
/// come on top of crp_png_encode_whole_image_bytes.
crp_png_status crp_png_encode_rgba8_icc(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                        crp_png_encode_options options, const uint8_t *icc, size_t icc_size,
                                        uint8_t **output, size_t *output_size, char *message,
                                        size_t message_capacity);

/// The bytes crp_png_encode_rgba8 allocates at once for the whole image, besides the pixels, when
/// `options` choose libdeflate: every filtered row, and the file buffer sized for libdeflate's worst
/// case (slightly more than the rows). SIZE_MAX when that does not fit in a size_t or the options
/// are invalid. 0 for zlib, whose buffers grow with the compressed data instead. Not counted: the
/// compressor's own state (0.2 MiB at level 1, 0.7 MiB at 3-9, 9 MiB at 10-12 in libdeflate 1.14).
size_t crp_png_encode_whole_image_bytes(uint32_t width, uint32_t height, crp_png_encode_options options);

/// Releases a buffer returned by crp_png_encode_rgba8 or crp_png_encode_rgba8_icc.
void crp_png_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
