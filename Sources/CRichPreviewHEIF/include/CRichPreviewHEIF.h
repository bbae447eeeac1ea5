#ifndef CRICHPREVIEWHEIF_H
#define CRICHPREVIEWHEIF_H

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the decoder.
typedef enum {
    CRP_HEIF_OK = 0,
    CRP_HEIF_CORRUPT = 1,             /* not a whole HEIF/AVIF file, or its image data does not decode */
    CRP_HEIF_UNSUPPORTED = 2,         /* valid but not decodable here (no decoder for its codec, unsupported feature) */
    CRP_HEIF_OUT_OF_MEMORY = 3,
    CRP_HEIF_LIBRARY_UNAVAILABLE = 4, /* libheif is not installed or lacks a function */
    CRP_HEIF_OVER_LIMIT = 5,          /* a side over max_side, refused by libheif's own limit */
    CRP_HEIF_MISUSE = 6               /* a bad argument or a call out of order */
} crp_heif_status;

/// Why libheif (libheif.so.1, Debian package libheif1) could not be loaded: dlerror's message, or
/// the function the library lacks.
typedef crp_library_report crp_heif_library_report;

/// Loads libheif.so.1 with dlopen and resolves the functions the shim calls, once per process,
/// whichever thread asks first; every later call returns the first outcome. Calls heif_init once
/// when the library has it. crp_heif_decoder_read_header calls this itself; call it to learn why
/// loading failed. Returns CRP_HEIF_OK, or CRP_HEIF_LIBRARY_UNAVAILABLE with `report` (may be
/// NULL) filled.
///
/// The environment variable RICHPREVIEW_HEIF_LIBRARY, when set (and the process is not setuid),
/// replaces the file name; it exists to test the failure path.
crp_heif_status crp_heif_load(crp_heif_library_report *report);

/// What read_header learns from the container about the primary image, without decoding pixels.
typedef struct {
    uint32_t width, height;               /* the primary image AS SHOWN: after its irot/imir/clap transformations;
                                             what decode_rgba writes */
    uint32_t stored_width, stored_height; /* before the transformations (its ispe property) */
    uint8_t has_alpha;                    /* an alpha auxiliary image (also that of a picture turned by 90 or 270
                                             degrees or cropped, which libheif 1.15 alone does not report);
                                             0 guarantees decode_rgba's alpha is 255 */
    uint8_t bit_depth;                    /* luma bits per sample as the codec configuration declares it:
                                             8, 10, 12; 0 when it declares none */
    uint8_t is_avif;                      /* AV1 coded: the file's major or a compatible brand is avif or avis */
    uint8_t has_icc;                      /* a colr box of type prof or rICC: crp_heif_decoder_icc gives it */
    uint8_t premultiplied_alpha;          /* the colour is stored premultiplied by alpha (an iref prem);
                                             decode_rgba undoes it */
} crp_heif_header;

/// One HEIF or AVIF file's decoder; not for use by two threads at once (two decoders may be).
typedef struct crp_heif_decoder crp_heif_decoder;

/// Creates a decoder over `size` bytes at `data` (must outlive the decoder; libheif reads them in
/// place); loads nothing and reads nothing yet. `max_side` is set as libheif's own limit
/// (heif_context_set_maximum_image_size_limit, for width and height alike) BEFORE the file is
/// parsed, so an image item (the primary, a tile, an alpha or depth image, a thumbnail) with a side
/// over it is refused while parsing, before any pixel memory is allocated; 0 keeps libheif's
/// default of 32768. Returns NULL only when out of memory.
crp_heif_decoder *crp_heif_decoder_create(const uint8_t *data, size_t size, uint32_t max_side);

/// Frees the decoder and everything libheif holds for it (NULL is ignored); the ICC pointer it gave
/// is no longer valid.
void crp_heif_decoder_destroy(crp_heif_decoder *decoder);

/// The threads a decode may use: FFmpeg's decode of a grid shares its pictures among them (see
/// crp_heif_decoder_decode; at most 8), libheif's decode a grid's tiles. 0 and 1: the calling
/// thread alone (the default).
void crp_heif_decoder_set_threads(crp_heif_decoder *decoder, unsigned threads);

/// The threads the last decode ran on: those FFmpeg's decode of a grid's pictures used, else 1
/// (libheif's own threads are not counted).
unsigned crp_heif_decoder_threads_used(const crp_heif_decoder *decoder);

/// The last error message, never NULL ("" before any failure).
const char *crp_heif_decoder_message(const crp_heif_decoder *decoder);

/// Loads libheif if needed, parses the container (heif_context_read_from_memory_without_copy) and
/// the PRIMARY image's handle, fills `header` and copies the ICC profile; reads the primary image's
/// transformations from the boxes (see decode_rgba); decodes no pixels. Empty input is CORRUPT; a
/// shown or stored side of 0 is CORRUPT, one over `max_side` OVER_LIMIT. A clean aperture that
/// leaves no pixel is CORRUPT, and so are transformations whose shown size is not the one libheif
/// computes. Calling it again returns the first outcome (header and message included).
crp_heif_status crp_heif_decoder_read_header(crp_heif_decoder *decoder, crp_heif_header *header);

/// The primary image's ICC profile bytes (owned by the decoder, valid until destroy). Returns 1
/// with `*data` and `*length` set, or 0 (both cleared) when there is none or read_header has not
/// succeeded.
int crp_heif_decoder_icc(crp_heif_decoder *decoder, const uint8_t **data, size_t *length);

/// Decodes the primary image (thumbnails and depth images ignored; its alpha image merged) into
/// `out`: `height` rows of `stride` bytes (stride >= width*4, top row first, only the first width*4
/// bytes of a row written), 8-bit RGBA non-premultiplied (alpha 255 when none), the transformations
/// applied (so it is upright as iOS shows it). Samples of more than 8 bits are reduced
/// with rounding, (v*255 + max/2)/max, not a shift; a grey image gives R = G = B. After a successful
/// read_header (else MISUSE, or read_header's own failure again); a NULL `out`, a short stride or a
/// width*height*4 that overflows is MISUSE. A decoded picture whose size is not the header's (its
/// stored size when the shim transforms it), or whose planes (the alpha's too) are not all that
/// size, is CORRUPT, never copied in part. May be called again (it decodes again); on any failure
/// the contents of `out` are unspecified.
///
/// The shim applies the transformations itself, libheif decoding the picture as stored
/// (ignore_transformations): read_header reads the primary item's irot, imir and clap from the
/// boxes (meta > pitm, and iprp > ipco and ipma) and they are applied in the order its ipma entry
/// lists them, as ISO/IEC 23008-12 says: irot n turns by n*90 degrees anti-clockwise, imir 0
/// exchanges top and bottom and imir 1 left and right, clap crops to the rectangle libheif 1.15
/// computes. The alpha image is turned, mirrored and cropped with the colour, as libavif (so
/// browsers) and Apple show it; libheif 1.15 alone transforms an alpha only by the alpha item's own
/// properties, and libavif (bookworm's 0.11 among others) and heif-enc write them on the colour item
/// alone: it would drop the alpha of a picture turned by 90 or 270 degrees or cropped and leave it
/// unturned for 180 degrees or a mirror. Such an alpha, which libheif does not merge, is decoded
/// apart (its own transformations, if any, ignored as libavif does). A mirror on a picture of more
/// than 8 bits, which libheif 1.15 refuses, is applied too. When the shim cannot be sure of the
/// transformations or of the alpha (boxes it cannot read, two meta boxes, a pitm that is not
/// libheif's primary, an alpha libheif merges that has transformations of its own or another stored
/// size than the colour, more than 64 auxiliary images, a libheif without the functions it needs),
/// libheif applies them as before, its limits included: an alpha item's own transformations then
/// apply to it alone, and its own imir on more than 8 bits is UNSUPPORTED.
crp_heif_status crp_heif_decoder_decode_rgba(crp_heif_decoder *decoder, uint8_t *out, size_t stride);

/// decode_rgba in two steps, so that the caller allocates `out` only once libheif's decode is
/// done (and the codec's own frame buffers are freed): decode keeps the pictures in the decoder,
/// copy_rgba writes them into `out` as decode_rgba does and releases them. copy_rgba before a
/// successful decode is MISUSE; a failed decode keeps nothing.
///
/// A HEVC or AV1 image is decoded by FFmpeg (its HEVC decoder, three times as fast as libheif's
/// libde265 on an iPhone photo's 512x512 tiles; dav1d through it for AV1, without libheif's planar
/// copy) when the shim applies the transformations, there is no alpha, the primary item is one
/// 8-bit 4:2:0 picture or a grid of such pictures with one decoder configuration and an nclx
/// matrix libswscale converts, each picture's data in one extent, and FFmpeg loads; a picture of
/// more than a megapixel (a whole photo in one) only when the image is shown as stored. decode then
/// only opens FFmpeg's decoder, and copy_rgba decodes the pictures into `out` (straight into the
/// rows when shown as stored, else through one picture's pixels at a time), converted as libheif
/// converts them. A picture FFmpeg refuses makes copy_rgba decode the file with libheif instead,
/// which reports the damage in its own words. The environment variable
/// RICHPREVIEW_HEIF_WITHOUT_FFMPEG, when set, keeps every decode on libheif.
crp_heif_status crp_heif_decoder_decode(crp_heif_decoder *decoder);
crp_heif_status crp_heif_decoder_copy_rgba(crp_heif_decoder *decoder, uint8_t *out, size_t stride);

#ifdef __cplusplus
}
#endif

#endif
