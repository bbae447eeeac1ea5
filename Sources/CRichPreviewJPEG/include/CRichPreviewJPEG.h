#ifndef CRICHPREVIEWJPEG_H
#define CRICHPREVIEWJPEG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the decoder.
typedef enum {
    CRP_JPEG_OK = 0,
    CRP_JPEG_ERROR = 1,        /* corrupt or truncated data */
    CRP_JPEG_NOT_JPEG = 2,     /* no SOI marker */
    CRP_JPEG_UNSUPPORTED = 3,  /* valid JPEG this build cannot decode (12-bit, lossless) */
    CRP_JPEG_OUT_OF_MEMORY = 4,
    CRP_JPEG_MISUSE = 5,       /* a call out of order */
    CRP_JPEG_OVER_MEMORY_LIMIT = 6 /* the decode would need more memory than set_memory_limit allows */
} crp_jpeg_status;

/// Colour spaces of the stored components.
typedef enum {
    CRP_JPEG_SPACE_UNKNOWN = 0,
    CRP_JPEG_SPACE_GRAY = 1,
    CRP_JPEG_SPACE_RGB = 2,
    CRP_JPEG_SPACE_YCBCR = 3,
    CRP_JPEG_SPACE_CMYK = 4,
    CRP_JPEG_SPACE_YCCK = 5
} crp_jpeg_color_space;

/// What the frame header and the markers before the first scan say.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t components;
    uint8_t color_space;   /* crp_jpeg_color_space */
    uint8_t progressive;
    uint8_t arithmetic;
    uint8_t precision;     /* bits per sample */
    uint8_t adobe_marker;  /* an Adobe APP14 marker was seen (CMYK stored inverted) */
    /* Bytes of the whole-image coefficient buffer libjpeg holds while decoding a file of several
       scans (progressive, or baseline in several scans); 0 for a single-scan file, decoded row by row. */
    uint64_t coefficient_bytes;
} crp_jpeg_header;

typedef struct crp_jpeg_decoder crp_jpeg_decoder;

/// Creates a decoder over `size` bytes at `data`; the bytes must outlive the decoder.
crp_jpeg_decoder *crp_jpeg_decoder_create(const uint8_t *data, size_t size);
void crp_jpeg_decoder_destroy(crp_jpeg_decoder *decoder);
/// The last error message, never NULL.
const char *crp_jpeg_decoder_message(const crp_jpeg_decoder *decoder);

/// Declares the decoder's bytes a read-only private file mapping (mmap with PROT_READ and
/// MAP_PRIVATE, never written): libjpeg is handed the file 64 KiB at a time, and the whole pages
/// it has read past are dropped from the process with madvise(MADV_DONTNEED), which maps them back
/// from the file if they are read again. The mapping's resident part stays near 64 KiB instead of
/// the whole file. On any other memory madvise would zero the pages: never call this for it.
/// Call before read_header; later calls do nothing.
void crp_jpeg_decoder_release_read_pages(crp_jpeg_decoder *decoder);

/// Limits the memory libjpeg may allocate for this decode (its whole-image buffers, such as a
/// progressive file's coefficients); past it a call fails with CRP_JPEG_OVER_MEMORY_LIMIT.
void crp_jpeg_decoder_set_memory_limit(crp_jpeg_decoder *decoder, size_t bytes);

/// Reads the markers up to the first scan and fills `header`.
crp_jpeg_status crp_jpeg_decoder_read_header(crp_jpeg_decoder *decoder, crp_jpeg_header *header);

/// Points `data` at the first APP1 "Exif" marker's TIFF bytes (after "Exif\0\0"), owned by the
/// decoder and valid until decoding finishes; returns 0 when there is none. Call after read_header.
int crp_jpeg_decoder_exif(const crp_jpeg_decoder *decoder, const uint8_t **data, size_t *length);

/// The ICC profile of the APP2 "ICC_PROFILE" markers, its chunks assembled in the order of their
/// numbers by libjpeg-turbo's jpeg_read_icc_profile, copied by read_header (owned by the decoder,
/// valid until destroy, so also after decoding finishes). Returns 1 with `*data` and `*length` set,
/// or 0 (both cleared) when there is none, the markers are malformed (a chunk missing or repeated,
/// chunks disagreeing on their count: see crp_jpeg_decoder_icc_problem), or read_header has not
/// succeeded. The bytes are not checked to be a profile. The markers (up to 255 of 64 KiB) are held
/// by libjpeg until decoding finishes and the copy until destroy, outside set_memory_limit's count.
int crp_jpeg_decoder_icc(const crp_jpeg_decoder *decoder, const uint8_t **data, size_t *length);

/// Why the file's ICC_PROFILE markers gave no profile (malformed, or memory ran out), for a
/// message; NULL when there are none or they gave one (and before read_header). A static string.
const char *crp_jpeg_decoder_icc_problem(const crp_jpeg_decoder *decoder);

/// Whether a decode started at 1/4 or 1/8 of a progressive file may skip AC scans (on by
/// default). libjpeg is then handed a copy of the stream without them, with block smoothing off;
/// the copy is at most the file's size and is freed with the decoder.
/// - At 1/8 a component sampled at the frame's highest factors becomes one pixel per block from
///   its DC coefficient alone, so its AC scans (Ss > 0) are dropped; the pixels are the same.
/// - At 1/4 such a component gets a 2x2 IDCT: of its AC scans only the first scans (Ah = 0) that
///   start in the 2x2 low-frequency corner (Ss <= 4) are kept, at the precision they send, when
///   every corner coefficient arrives with Al <= 2. The pixels differ slightly from reading every
///   scan; on the benchmark photos a picture scaled further by 1.6-3 scores from 0.9 dB below to
///   1.5 dB above one from every scan (PSNR; Benchmarks/shrink-thresholds.md).
/// Damage inside a skipped scan's entropy-coded data goes unseen: turn this off (0) to read every
/// scan, as validation must. A stream the filter cannot vouch for (truncated, a bad length, a
/// malformed scan header, over 1000 scans, a progression that leaves coefficients unrefined,
/// which libjpeg would smooth) is read whole. Call before start_rgba8.
void crp_jpeg_decoder_set_ac_scan_skipping(crp_jpeg_decoder *decoder, int allowed);

/// Whether libjpeg may smooth the blocks of a progression that leaves coefficients unrefined (its
/// `do_block_smoothing`, on by default): off, such a stream decodes as its coefficients say, as
/// the skipping above decodes its copy. Call before start_rgba8.
void crp_jpeg_decoder_set_block_smoothing(crp_jpeg_decoder *decoder, int allowed);

/// How many AC scans the decode started skips (see set_ac_scan_skipping); 0 when it reads them all.
int crp_jpeg_decoder_skipped_scans(const crp_jpeg_decoder *decoder);

/// Starts decoding to 8-bit RGBA at 1/`scale_denominator` size (1, 2, 4 or 8, libjpeg's DCT
/// scaling) and reports the output size. `fast` trades exactness for speed (fast upsampling and IDCT).
crp_jpeg_status crp_jpeg_decoder_start_rgba8(crp_jpeg_decoder *decoder, uint32_t scale_denominator, int fast,
                                             uint32_t *output_width, uint32_t *output_height);

/// Reads the next `count` output rows into `rows`, each `stride` bytes apart.
crp_jpeg_status crp_jpeg_decoder_read_rows(crp_jpeg_decoder *decoder, uint8_t *rows, uint32_t count, size_t stride);

/// Reads the rest of the file through EOI.
crp_jpeg_status crp_jpeg_decoder_finish(crp_jpeg_decoder *decoder);

/// Encodes 8-bit RGBA pixels (alpha ignored, read in place as JCS_EXT_RGBX: no conversion pass) as
/// a baseline JPEG at `quality` (1-100, 4:2:0, standard Huffman tables) in memory, one row at a time
/// through libjpeg-turbo's SIMD colour conversion, DCT and entropy coder. On success `*output` holds
/// `*output_size` bytes; release them with crp_jpeg_free.
crp_jpeg_status crp_jpeg_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                      int quality, uint8_t **output, size_t *output_size, char *message,
                                      size_t message_capacity);

/// crp_jpeg_encode_rgba8 with the ICC profile `icc` (`icc_size` bytes) embedded after the JFIF
/// marker as APP2 "ICC_PROFILE" markers by libjpeg-turbo's jpeg_write_icc_profile (chunks of at
/// most 65519 bytes). With `icc` NULL the file is byte for byte crp_jpeg_encode_rgba8's. The
/// profile must be an RGB profile whose header declares `icc_size` bytes, at most 255 chunks
/// (16,707,345 bytes): else CRP_JPEG_MISUSE with `message` saying why, and nothing encoded.
crp_jpeg_status crp_jpeg_encode_rgba8_icc(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                          int quality, const uint8_t *icc, size_t icc_size, uint8_t **output,
                                          size_t *output_size, char *message, size_t message_capacity);

/// Releases a buffer returned by crp_jpeg_encode_rgba8 or crp_jpeg_encode_rgba8_icc.
void crp_jpeg_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
