#include "CRichPreviewHEIF.h"
#include "heif_boxes.h"
#include <CRichPreviewFFmpeg.h>
#include "heif_functions.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if CRP_HEIF_BUILT

struct crp_heif_decoder {
    const crp_heif_functions *api;
    const uint8_t *data;
    size_t size;
    uint32_t max_side;
    struct heif_context *context;
    struct heif_image_handle *handle; /* the primary image's */
    /* 1: the picture is decoded as stored (ignore_transformations) and `orientation` is applied here,
       to the colour and the alpha alike; 0: libheif applies the transformations (it did always before)
       and `orientation` is the identity over the shown size. */
    int own_transformations;
    uint32_t primary; /* the primary item's id, when the shim applies the transformations */
    crp_heif_orientation orientation;
    struct heif_image_handle *alpha_handle; /* an alpha image libheif does not merge, decoded apart */
    int header_read;                        /* read_header ran: header_status is its outcome */
    crp_heif_status header_status;
    crp_heif_header header;
    uint8_t *icc;
    size_t icc_length;
    /* The decoded pictures, held from crp_heif_decoder_decode to crp_heif_decoder_copy_rgba. */
    struct heif_image *image;
    struct heif_image *alpha_image;
    /* An image decoded by FFmpeg instead (crp_heif_ffmpeg_prepare): its pictures and their decoder,
       held from crp_heif_decoder_decode to crp_heif_decoder_copy_rgba. */
    crp_heif_coded_image *coded;
    crp_av_picture_decoder *pictures;
    int pictures_refused; /* FFmpeg refused a picture: libheif decodes from then on */
    unsigned threads;     /* the threads FFmpeg's decode may use (crp_heif_decoder_set_threads) */
    unsigned threads_used; /* the threads the last FFmpeg decode ran on (1 for libheif's) */
    char message[320];
};

/* One plane of the decoded picture, as the copy reads it. */
typedef struct {
    const uint8_t *rows;
    size_t stride;
    int wide;      /* 16-bit storage (more than 8 bits a sample), native byte order */
    uint32_t max;  /* the largest sample value: (1 << bits) - 1 */
} crp_heif_plane;

__attribute__((format(printf, 3, 4))) static crp_heif_status crp_heif_say(crp_heif_decoder *decoder,
                                                                          crp_heif_status status,
                                                                          const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(decoder->message, sizeof decoder->message, format, arguments);
    va_end(arguments);
    return status;
}

/* The status for libheif's `error` met while `doing`, with its message (which libheif keeps in the
   context or the handle, so it is copied at once). The size limit is reported as a memory
   allocation error with the security-limit subcode, so the subcode is looked at first. */
static crp_heif_status crp_heif_failed(crp_heif_decoder *decoder, struct heif_error error, const char *doing) {
    crp_heif_status status;
    if (error.subcode == heif_suberror_Security_limit_exceeded) {
        status = CRP_HEIF_OVER_LIMIT;
    } else {
        switch (error.code) {
            case heif_error_Memory_allocation_error: status = CRP_HEIF_OUT_OF_MEMORY; break;
            case heif_error_Unsupported_feature:
            /* A whole HEIF file of a kind libheif 1.15 does not read, an image sequence (`msf1`,
               a `moov` and no `meta`) above all: not damage. */
            case heif_error_Unsupported_filetype:
            case heif_error_Plugin_loading_error: status = CRP_HEIF_UNSUPPORTED; break;
            case heif_error_Decoder_plugin_error:
                /* A codec that decodes the stream but not its bit depth or chroma format. */
                status = error.subcode == heif_suberror_Unsupported_bit_depth ||
                                 (error.subcode >= heif_suberror_Unsupported_codec &&
                                  error.subcode <= heif_suberror_Unsupported_header_compression_method)
                             ? CRP_HEIF_UNSUPPORTED
                             : CRP_HEIF_CORRUPT;
                break;
            /* A file libheif refuses in words of misuse (an item it cannot find, say) is still the
               file's fault: the shim's own calls are checked before they are made. */
            default: status = CRP_HEIF_CORRUPT; break;
        }
    }
    crp_heif_say(decoder, status, "%s: %s", doing, error.message ? error.message : "unknown libheif error");
    /* libheif ends some messages with a newline. */
    size_t length = strlen(decoder->message);
    while (length > 0 && (decoder->message[length - 1] == '\n' || decoder->message[length - 1] == ' ')) {
        decoder->message[--length] = '\0';
    }
    return status;
}

crp_heif_decoder *crp_heif_decoder_create(const uint8_t *data, size_t size, uint32_t max_side) {
    crp_heif_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->max_side = max_side;
    return decoder;
}

void crp_heif_decoder_destroy(crp_heif_decoder *decoder) {
    if (!decoder) return;
    /* A handle holds a reference to the context's internals: either order frees both. */
    if (decoder->alpha_image) decoder->api->heif_image_release(decoder->alpha_image);
    if (decoder->image) decoder->api->heif_image_release(decoder->image);
    if (decoder->alpha_handle) decoder->api->heif_image_handle_release(decoder->alpha_handle);
    if (decoder->handle) decoder->api->heif_image_handle_release(decoder->handle);
    if (decoder->context) decoder->api->heif_context_free(decoder->context);
    crp_av_picture_decoder_close(decoder->pictures);
    free(decoder->coded);
    free(decoder->icc);
    free(decoder);
}

void crp_heif_decoder_set_threads(crp_heif_decoder *decoder, unsigned threads) {
    if (decoder) decoder->threads = threads;
}

unsigned crp_heif_decoder_threads_used(const crp_heif_decoder *decoder) {
    return decoder && decoder->threads_used > 1 ? decoder->threads_used : 1;
}

const char *crp_heif_decoder_message(const crp_heif_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

/* Whether the file's major brand or one of its compatible brands (both in the leading ftyp box) is
   `brand`. libheif 1.15 has no call that names the primary item's codec. */
static int crp_heif_has_brand(const crp_heif_decoder *decoder, const char *brand) {
    int length = decoder->size > INT_MAX ? INT_MAX : (int)decoder->size;
    heif_brand2 major = (heif_brand2)brand[0] << 24 | (heif_brand2)brand[1] << 16 | (heif_brand2)brand[2] << 8 |
                        (heif_brand2)brand[3];
    /* libheif's has_compatible_brand looks at the compatible list only, not the major brand. */
    return decoder->api->heif_read_main_brand(decoder->data, length) == major ||
           decoder->api->heif_has_compatible_brand(decoder->data, length, brand) == 1;
}

/* The auxiliary types libheif 1.15 takes for an alpha image (HEIF's for AVC and HEVC, MIAF's). */
static int crp_heif_is_alpha_type(const char *type) {
    return type && (!strcmp(type, "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha") ||
                    !strcmp(type, "urn:mpeg:hevc:2015:auxid:1") || !strcmp(type, "urn:mpeg:avc:2015:auxid:1"));
}

/* The most auxiliary images of the primary looked through (libheif finds each in a list, so many
   would cost their square); a file with more is left to libheif's transformations. */
#define CRP_HEIF_MAX_AUXILIARY 64

/* Decides who applies the primary image's transformations and where its alpha comes from; sets
   *has_alpha. The shim applies them itself (own_transformations) when it can read them from the
   boxes and its pitm names the primary libheif found; it then decodes as stored, which libheif does
   for the colour and for the alpha it merges, but that alpha goes through the alpha item's own
   transformations even so: an alpha with any is left to libheif, as is one merged at another stored
   size than the colour's. libheif merges an alpha only when its shown size is the colour's, so a
   colour item turned by 90 or 270 degrees or cropped alone loses it: such an alpha, found among the
   auxiliary images, is kept to decode apart when stored at the colour's size. Whenever the shim
   cannot be sure, libheif applies the transformations as before (orientation the identity over
   the shown size, libheif's has_alpha). CORRUPT when the transformations give another shown size
   than libheif's handle or the clean aperture leaves no pixel. */
static crp_heif_status crp_heif_plan(crp_heif_decoder *decoder, int *has_alpha) {
    const crp_heif_functions *api = decoder->api;
    const crp_heif_header *header = &decoder->header;
    struct heif_image_handle *handle = decoder->handle;
    int merged_alpha = api->heif_image_handle_has_alpha_channel(handle) != 0;
    decoder->orientation = crp_heif_orientation_identity(header->width, header->height);
    *has_alpha = merged_alpha;
    if (!api->heif_context_get_primary_image_ID || !api->heif_decoding_options_alloc ||
        !api->heif_decoding_options_free || !api->heif_image_handle_get_number_of_auxiliary_images ||
        !api->heif_image_handle_get_list_of_auxiliary_image_IDs || !api->heif_image_handle_get_auxiliary_type ||
        !api->heif_image_handle_free_auxiliary_types || !api->heif_image_handle_get_auxiliary_image_handle) {
        return CRP_HEIF_OK;
    }

    heif_item_id primary = 0;
    uint32_t pitm = 0;
    struct heif_error error = api->heif_context_get_primary_image_ID(decoder->context, &primary);
    if (error.code != heif_error_Ok ||
        crp_heif_boxes_primary_item(decoder->data, decoder->size, &pitm) != CRP_HEIF_BOXES_OK || pitm != primary) {
        return CRP_HEIF_OK;
    }
    crp_heif_orientation orientation;
    crp_heif_boxes_status boxes = crp_heif_boxes_item_orientation(
        decoder->data, decoder->size, primary, header->stored_width, header->stored_height, &orientation);
    if (boxes == CRP_HEIF_BOXES_NO_PIXEL) {
        return crp_heif_say(decoder, CRP_HEIF_CORRUPT, "the clean aperture of the primary image leaves no pixel");
    }
    if (boxes != CRP_HEIF_BOXES_OK) return CRP_HEIF_OK;
    if (orientation.width != header->width || orientation.height != header->height) {
        return crp_heif_say(decoder, CRP_HEIF_CORRUPT,
                            "the primary image's transformations show %ux%u of its %ux%u, libheif says %ux%u",
                            orientation.width, orientation.height, header->stored_width, header->stored_height,
                            header->width, header->height);
    }

    int count = api->heif_image_handle_get_number_of_auxiliary_images(handle, 0);
    heif_item_id ids[CRP_HEIF_MAX_AUXILIARY];
    if (count < 0 || count > CRP_HEIF_MAX_AUXILIARY ||
        (count > 0 && api->heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, ids, count) != count)) {
        return CRP_HEIF_OK;
    }
    int unsure = 0, attached = 0;
    heif_item_id attached_id = 0;
    int attached_width = 0, attached_height = 0;
    struct heif_image_handle *apart = NULL;
    for (int i = 0; i < count && !unsure; i++) {
        struct heif_image_handle *auxiliary = NULL;
        error = api->heif_image_handle_get_auxiliary_image_handle(handle, ids[i], &auxiliary);
        if (error.code != heif_error_Ok || !auxiliary) {
            unsure = 1;
            break;
        }
        const char *type = NULL;
        error = api->heif_image_handle_get_auxiliary_type(auxiliary, &type);
        int alpha = error.code == heif_error_Ok && crp_heif_is_alpha_type(type);
        if (error.code != heif_error_Ok) unsure = 1;
        api->heif_image_handle_free_auxiliary_types(auxiliary, &type);
        if (alpha) {
            int stored_width = api->heif_image_handle_get_ispe_width(auxiliary);
            int stored_height = api->heif_image_handle_get_ispe_height(auxiliary);
            /* libheif merges the last alpha image whose shown size is the colour's. */
            if (api->heif_image_handle_get_width(auxiliary) == (int)header->width &&
                api->heif_image_handle_get_height(auxiliary) == (int)header->height) {
                attached = 1;
                attached_id = ids[i];
                attached_width = stored_width;
                attached_height = stored_height;
            }
            if (!apart && stored_width == (int)header->stored_width && stored_height == (int)header->stored_height) {
                apart = auxiliary;
                auxiliary = NULL;
            }
        }
        if (auxiliary) api->heif_image_handle_release(auxiliary);
    }
    if (!unsure && merged_alpha) {
        /* Without an attached alpha among the auxiliary images, the alpha is a grid's tiles', which
           libheif merges at the grid's stored size. */
        crp_heif_orientation own;
        unsure = attached && (attached_width != (int)header->stored_width ||
                              attached_height != (int)header->stored_height ||
                              crp_heif_boxes_item_orientation(decoder->data, decoder->size, attached_id,
                                                              header->stored_width, header->stored_height,
                                                              &own) != CRP_HEIF_BOXES_OK ||
                              !crp_heif_orientation_is_identity(&own, header->stored_width, header->stored_height));
    }
    if (unsure || merged_alpha) {
        if (apart) api->heif_image_handle_release(apart);
        apart = NULL;
        if (unsure) return CRP_HEIF_OK;
    }
    decoder->alpha_handle = apart;
    decoder->own_transformations = 1;
    decoder->primary = primary;
    decoder->orientation = orientation;
    *has_alpha = merged_alpha || apart;
    return CRP_HEIF_OK;
}

static crp_heif_status crp_heif_read_header_once(crp_heif_decoder *decoder) {
    crp_heif_library_report report;
    decoder->api = crp_heif_functions_load(&report);
    if (!decoder->api) {
        return crp_heif_say(decoder, CRP_HEIF_LIBRARY_UNAVAILABLE, "%s (package %s) could not be loaded: %s",
                            report.library, report.package, report.reason);
    }
    const crp_heif_functions *api = decoder->api;
    if (decoder->size == 0) return crp_heif_say(decoder, CRP_HEIF_CORRUPT, "the file is empty");
    if (!decoder->data) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "no data for %zu bytes", decoder->size);

    decoder->context = api->heif_context_alloc();
    if (!decoder->context) return crp_heif_say(decoder, CRP_HEIF_OUT_OF_MEMORY, "out of memory for a libheif context");
    if (decoder->max_side) {
        api->heif_context_set_maximum_image_size_limit(decoder->context,
                                                        decoder->max_side > INT_MAX ? INT_MAX : (int)decoder->max_side);
    }
    struct heif_error error =
        api->heif_context_read_from_memory_without_copy(decoder->context, decoder->data, decoder->size, NULL);
    if (error.code != heif_error_Ok) return crp_heif_failed(decoder, error, "reading the container");
    error = api->heif_context_get_primary_image_handle(decoder->context, &decoder->handle);
    if (error.code != heif_error_Ok) {
        decoder->handle = NULL;
        return crp_heif_failed(decoder, error, "finding the primary image");
    }

    struct heif_image_handle *handle = decoder->handle;
    int width = api->heif_image_handle_get_width(handle);
    int height = api->heif_image_handle_get_height(handle);
    int stored_width = api->heif_image_handle_get_ispe_width(handle);
    int stored_height = api->heif_image_handle_get_ispe_height(handle);
    if (width <= 0 || height <= 0 || stored_width <= 0 || stored_height <= 0) {
        return crp_heif_say(decoder, CRP_HEIF_CORRUPT,
                            "the primary image has no size: shown %dx%d, stored %dx%d (no ispe property?)", width,
                            height, stored_width, stored_height);
    }
    crp_heif_header *header = &decoder->header;
    header->width = (uint32_t)width;
    header->height = (uint32_t)height;
    header->stored_width = (uint32_t)stored_width;
    header->stored_height = (uint32_t)stored_height;
    /* libheif checks the stored size of every item; a clean aperture cannot be larger, but a
       malformed one is not checked against it. */
    if (decoder->max_side && (header->width > decoder->max_side || header->height > decoder->max_side)) {
        return crp_heif_say(decoder, CRP_HEIF_OVER_LIMIT, "the image is %ux%u, a side over the limit of %u",
                            header->width, header->height, decoder->max_side);
    }
    int has_alpha = 0;
    crp_heif_status status = crp_heif_plan(decoder, &has_alpha);
    if (status != CRP_HEIF_OK) return status;
    header->has_alpha = (uint8_t)has_alpha;
    header->premultiplied_alpha = header->has_alpha && api->heif_image_handle_is_premultiplied_alpha(handle) != 0;
    int bits = api->heif_image_handle_get_luma_bits_per_pixel(handle);
    header->bit_depth = bits > 0 && bits <= 16 ? (uint8_t)bits : 0;
    header->is_avif = crp_heif_has_brand(decoder, "avif") || crp_heif_has_brand(decoder, "avis");

    enum heif_color_profile_type type = api->heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t length = api->heif_image_handle_get_raw_color_profile_size(handle);
        if (length > 0) {
            decoder->icc = malloc(length);
            if (!decoder->icc) {
                return crp_heif_say(decoder, CRP_HEIF_OUT_OF_MEMORY, "out of memory for an ICC profile of %zu bytes",
                                    length);
            }
            error = api->heif_image_handle_get_raw_color_profile(handle, decoder->icc);
            if (error.code != heif_error_Ok) {
                free(decoder->icc);
                decoder->icc = NULL;
                return crp_heif_failed(decoder, error, "reading the ICC profile");
            }
            decoder->icc_length = length;
            header->has_icc = 1;
        }
    }
    return CRP_HEIF_OK;
}

crp_heif_status crp_heif_decoder_read_header(crp_heif_decoder *decoder, crp_heif_header *header) {
    if (!decoder) return CRP_HEIF_MISUSE;
    if (!header) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "no header to fill");
    if (!decoder->header_read) {
        decoder->header_status = crp_heif_read_header_once(decoder);
        decoder->header_read = 1;
        /* Nothing of a failed header is kept but its message: a later decode is refused anyway. */
        if (decoder->header_status != CRP_HEIF_OK) memset(&decoder->header, 0, sizeof decoder->header);
    }
    *header = decoder->header;
    return decoder->header_status;
}

int crp_heif_decoder_icc(crp_heif_decoder *decoder, const uint8_t **data, size_t *length) {
    int present = decoder && decoder->header_read && decoder->header_status == CRP_HEIF_OK && decoder->icc;
    if (data) *data = present ? decoder->icc : NULL;
    if (length) *length = present ? decoder->icc_length : 0;
    return present;
}

/* Checks that `channel` of `image` is a whole `width` x `height` plane of 1 to 16 bits a sample
   and describes it; any other status than CRP_HEIF_OK comes with the message set. libheif 1.15
   checks neither that a codec's picture has the size the file declares nor that an alpha picture
   has the colour's size: both reach here unchanged. */
static crp_heif_status crp_heif_plane_of(crp_heif_decoder *decoder, const struct heif_image *image,
                                         enum heif_channel channel, const char *name, uint32_t width,
                                         uint32_t height, crp_heif_plane *plane) {
    const crp_heif_functions *api = decoder->api;
    int plane_width = api->heif_image_get_width(image, channel);
    int plane_height = api->heif_image_get_height(image, channel);
    int bits = api->heif_image_get_bits_per_pixel_range(image, channel);
    int stride = 0;
    const uint8_t *rows = api->heif_image_get_plane_readonly(image, channel, &stride);
    if (!rows || plane_width < 0 || plane_height < 0 || (uint32_t)plane_width != width ||
        (uint32_t)plane_height != height) {
        return crp_heif_say(decoder, CRP_HEIF_CORRUPT, "the decoded %s plane is %dx%d, the picture %ux%u", name,
                            plane_width, plane_height, width, height);
    }
    if (bits < 1 || bits > 16) {
        return crp_heif_say(decoder, CRP_HEIF_UNSUPPORTED, "the decoded %s plane has %d bits a sample", name, bits);
    }
    plane->wide = bits > 8;
    if (stride <= 0 || (size_t)stride < (size_t)width * (plane->wide ? 2 : 1)) {
        return crp_heif_say(decoder, CRP_HEIF_CORRUPT, "the decoded %s plane has rows of %d bytes for %u samples",
                            name, stride, width);
    }
    plane->rows = rows;
    plane->stride = (size_t)stride;
    plane->max = (1u << bits) - 1;
    return CRP_HEIF_OK;
}

/* Sample x of row y, reduced to 8 bits with rounding; a value over the depth's maximum (which a
   codec should not give) counts as the maximum. */
static inline uint32_t crp_heif_sample(const crp_heif_plane *plane, size_t y, size_t x) {
    const uint8_t *row = plane->rows + y * plane->stride;
    uint32_t value;
    if (plane->wide) {
        uint16_t wide;
        memcpy(&wide, row + 2 * x, sizeof wide);
        value = wide;
    } else {
        value = row[x];
    }
    if (value > plane->max) value = plane->max;
    return plane->max == 255 ? value : (value * 255 + plane->max / 2) / plane->max;
}

/* The planes of the decoded picture, as the copy reads them. */
typedef struct {
    crp_heif_plane red, green, blue, alpha;
    int has_alpha, premultiplied;
} crp_heif_planes;

/* Writes the RGBA pixel of stored sample (x, y) at `pixel`, its colour no longer premultiplied. */
static inline void crp_heif_put(const crp_heif_planes *planes, size_t y, size_t x, uint8_t *pixel) {
    uint32_t r = crp_heif_sample(&planes->red, y, x), g = crp_heif_sample(&planes->green, y, x),
             b = crp_heif_sample(&planes->blue, y, x),
             a = planes->has_alpha ? crp_heif_sample(&planes->alpha, y, x) : 255;
    if (planes->premultiplied && a < 255) {
        if (a == 0) {
            r = g = b = 0;
        } else {
            r = r >= a ? 255 : (r * 255 + a / 2) / a;
            g = g >= a ? 255 : (g * 255 + a / 2) / a;
            b = b >= a ? 255 : (b * 255 + a / 2) / a;
        }
    }
    pixel[0] = (uint8_t)r;
    pixel[1] = (uint8_t)g;
    pixel[2] = (uint8_t)b;
    pixel[3] = (uint8_t)a;
}

/* The side of the square blocks the copy goes through when the shown rows are stored columns (a turn
   by 90 or 270 degrees), so that the samples it reads stay in cache. */
#define CRP_HEIF_BLOCK 64

/* Fills `out` (the shown size) from stored planes through `orientation`, which read_header checked
   to stay within them. */
static void crp_heif_copy(const crp_heif_planes *planes, const crp_heif_orientation *orientation, uint8_t *out,
                          size_t stride) {
    size_t width = orientation->width, height = orientation->height;
    /* A shown row along a stored row reads its samples in order: no need for blocks across it. */
    size_t block_width = orientation->x_dy == 0 ? width : CRP_HEIF_BLOCK;
    for (size_t top = 0; top < height; top += CRP_HEIF_BLOCK) {
        size_t bottom = height - top < CRP_HEIF_BLOCK ? height : top + CRP_HEIF_BLOCK;
        for (size_t left = 0; left < width; left += block_width) {
            size_t right = width - left < block_width ? width : left + block_width;
            for (size_t y = top; y < bottom; y++) {
                int64_t x_stored = orientation->x0 + (int64_t)left * orientation->x_dx + (int64_t)y * orientation->y_dx;
                int64_t y_stored = orientation->y0 + (int64_t)left * orientation->x_dy + (int64_t)y * orientation->y_dy;
                uint8_t *pixel = out + y * stride + left * 4;
                for (size_t x = left; x < right; x++) {
                    crp_heif_put(planes, (size_t)y_stored, (size_t)x_stored, pixel);
                    pixel += 4;
                    x_stored += orientation->x_dx;
                    y_stored += orientation->x_dy;
                }
            }
        }
    }
}

/* Releases the pictures the last decode holds. */
static void crp_heif_release_pictures(crp_heif_decoder *decoder) {
    if (decoder->alpha_image) decoder->api->heif_image_release(decoder->alpha_image);
    if (decoder->image) decoder->api->heif_image_release(decoder->image);
    decoder->alpha_image = NULL;
    decoder->image = NULL;
}


/* Closes the FFmpeg decode of the pictures, if one is open. */
static void crp_heif_ffmpeg_close(crp_heif_decoder *decoder) {
    crp_av_picture_decoder_close(decoder->pictures);
    decoder->pictures = NULL;
    free(decoder->coded);
    decoder->coded = NULL;
}

/* The largest picture placed through a copy of its own when the image is turned, mirrored or cropped
   (4 MiB of RGBA): a larger one (a whole photo in one picture) would double the memory of the decode. */
#define CRP_HEIF_MAX_PLACED_PIXELS (1u << 20)

/* Opens FFmpeg's decoder for the pictures of `coded`. 0 on failure, with the message. */
static int crp_heif_pictures_open(const crp_heif_decoder *decoder, const crp_heif_coded_image *coded,
                                  crp_av_picture_decoder **pictures, char *message, size_t capacity) {
    /* Room for a picture coded a little larger than its ispe (whole coding blocks). */
    uint64_t max_pixels = ((uint64_t)coded->tile_width + 64) * ((uint64_t)coded->tile_height + 64);
    char ignored[160];
    crp_av_picture_codec codec = coded->codec == CRP_HEIF_CODEC_AV1 ? CRP_AV_PICTURES_AV1 : CRP_AV_PICTURES_HEVC;
    crp_av_status status =
        crp_av_pictures_open(codec, decoder->data + coded->config_offset, coded->config_length, max_pixels, pictures,
                             message ? message : ignored, message ? capacity : sizeof ignored);
    return status == CRP_AV_OK;
}

/* The part of a picture the conversion covers, `visible` of its `coded` samples: an even count
   where the picture has one more, since libheif converts a whole picture before it crops it, and
   an odd edge converted alone takes its last chroma sample differently. */
static uint32_t crp_heif_converted(uint32_t visible, uint32_t coded) {
    return visible % 2 && visible < coded ? visible + 1 : visible;
}

/* Whether some picture goes through a copy of its own to be placed: when the image is turned,
   mirrored or cropped, or when a picture at its right or bottom edge shows an odd part of it. */
static int crp_heif_needs_placing(const crp_heif_decoder *decoder, const crp_heif_coded_image *coded) {
    uint32_t right = coded->width - (coded->columns - 1) * coded->tile_width;
    uint32_t bottom = coded->height - (coded->rows - 1) * coded->tile_height;
    return !crp_heif_orientation_is_identity(&decoder->orientation, coded->width, coded->height) ||
           crp_heif_converted(right, coded->tile_width) != right ||
           crp_heif_converted(bottom, coded->tile_height) != bottom;
}

/* Prepares the decode of a HEVC or AV1 image by FFmpeg's decoders, faster than libheif's (three
   times libde265 on an iPhone's 512x512 tiles; dav1d itself without libheif's planar RGB copy):
   when the shim applies the transformations, there is no alpha, the primary item is one picture or
   a grid of pictures in 8-bit 4:2:0 that the box reader reads whole, at the size libheif gives,
   and FFmpeg loads. A picture of more than a megapixel (one whole photo) is decoded so only when it
   needs no placing (it is then converted straight into the rows). Returns whether it is ready;
   when not, libheif decodes. */
static int crp_heif_ffmpeg_prepare(crp_heif_decoder *decoder) {
    const crp_heif_header *header = &decoder->header;
    if (!decoder->own_transformations || header->has_alpha || decoder->alpha_handle) return 0;
    if (decoder->pictures_refused || getenv("RICHPREVIEW_HEIF_WITHOUT_FFMPEG")) return 0;
    crp_heif_coded_image *coded = malloc(sizeof *coded);
    if (!coded) return 0;
    if (crp_heif_boxes_coded_image(decoder->data, decoder->size, decoder->primary, coded) != CRP_HEIF_BOXES_OK ||
        coded->width != header->stored_width || coded->height != header->stored_height ||
        (crp_heif_needs_placing(decoder, coded) &&
         (uint64_t)coded->tile_width * coded->tile_height > CRP_HEIF_MAX_PLACED_PIXELS)) {
        free(coded);
        return 0;
    }
    if (!crp_heif_pictures_open(decoder, coded, &decoder->pictures, NULL, 0)) {
        free(coded);
        return 0;
    }
    decoder->coded = coded;
    return 1;
}

/* Copies the stored pixels `tile` (RGBA, `tile_stride` bytes a row), which hold the stored rectangle
   at (left, top) of `width` x `height`, to the shown pixels they map to through `orientation`. */
static void crp_heif_place(const uint8_t *tile, size_t tile_stride, int64_t left, int64_t top, int64_t width,
                           int64_t height, const crp_heif_orientation *o, uint8_t *out, size_t stride) {
    /* shown = Mᵀ (stored - origin): the mapping only permutes and flips the axes. */
    int64_t corners[2][2] = {{left, top}, {left + width - 1, top + height - 1}};
    int64_t low_x = INT64_MAX, low_y = INT64_MAX, high_x = INT64_MIN, high_y = INT64_MIN;
    for (int k = 0; k < 2; k++) {
        int64_t dx = corners[k][0] - o->x0, dy = corners[k][1] - o->y0;
        int64_t x = o->x_dx * dx + o->x_dy * dy, y = o->y_dx * dx + o->y_dy * dy;
        if (x < low_x) low_x = x;
        if (x > high_x) high_x = x;
        if (y < low_y) low_y = y;
        if (y > high_y) high_y = y;
    }
    if (low_x < 0) low_x = 0;
    if (low_y < 0) low_y = 0;
    if (high_x > (int64_t)o->width - 1) high_x = (int64_t)o->width - 1;
    if (high_y > (int64_t)o->height - 1) high_y = (int64_t)o->height - 1;
    for (int64_t y = low_y; y <= high_y; y++) {
        int64_t sx = o->x0 + low_x * o->x_dx + y * o->y_dx - left;
        int64_t sy = o->y0 + low_x * o->x_dy + y * o->y_dy - top;
        uint8_t *pixel = out + (size_t)y * stride + (size_t)low_x * 4;
        if (o->x_dx == 1 && o->x_dy == 0) {
            memcpy(pixel, tile + (size_t)sy * tile_stride + (size_t)sx * 4, (size_t)(high_x - low_x + 1) * 4);
            continue;
        }
        for (int64_t x = low_x; x <= high_x; x++) {
            memcpy(pixel, tile + (size_t)sy * tile_stride + (size_t)sx * 4, 4);
            pixel += 4;
            sx += o->x_dx;
            sy += o->x_dy;
        }
    }
}

/* One thread's share of the pictures: every `step`th from `first`, with its own FFmpeg decoder. */
typedef struct {
    const crp_heif_decoder *decoder;
    crp_av_picture_decoder *pictures; /* NULL: opened by the thread, and closed by it */
    unsigned first, step;
    uint8_t *out;
    size_t stride;
    crp_heif_status status;
    char message[240];
} crp_heif_ffmpeg_share;

static void *crp_heif_ffmpeg_decode_share(void *argument) {
    crp_heif_ffmpeg_share *share = argument;
    const crp_heif_decoder *decoder = share->decoder;
    const crp_heif_coded_image *coded = decoder->coded;
    const crp_heif_orientation *o = &decoder->orientation;
    int identity = crp_heif_orientation_is_identity(o, coded->width, coded->height);
    int placing = crp_heif_needs_placing(decoder, coded);
    crp_av_picture_decoder *pictures = share->pictures;
    char reason[200] = "";
    if (!pictures && !crp_heif_pictures_open(decoder, coded, &pictures, reason, sizeof reason)) {
        share->status = CRP_HEIF_CORRUPT;
        snprintf(share->message, sizeof share->message, "%s", reason);
        return NULL;
    }
    uint8_t *tile = NULL;
    size_t tile_stride = (size_t)coded->tile_width * 4;
    if (placing && !(tile = malloc(tile_stride * coded->tile_height))) {
        share->status = CRP_HEIF_OUT_OF_MEMORY;
        snprintf(share->message, sizeof share->message, "out of memory for a picture");
    }
    for (unsigned k = share->first; k < coded->tile_count && share->status == CRP_HEIF_OK; k += share->step) {
        uint32_t left = (k % coded->columns) * coded->tile_width, top = (k / coded->columns) * coded->tile_height;
        uint32_t width = coded->width - left < coded->tile_width ? coded->width - left : coded->tile_width;
        uint32_t height = coded->height - top < coded->tile_height ? coded->height - top : coded->tile_height;
        uint32_t converted_width = crp_heif_converted(width, coded->tile_width);
        uint32_t converted_height = crp_heif_converted(height, coded->tile_height);
        /* Straight into the rows when shown as stored and the conversion covers the part shown. */
        int direct = identity && converted_width == width && converted_height == height;
        uint8_t *target = direct ? share->out + (size_t)top * share->stride + (size_t)left * 4 : tile;
        crp_av_status decoded = crp_av_picture_decode_rgba(
            pictures, decoder->data + coded->tiles[k].offset, coded->tiles[k].length, converted_width,
            converted_height, coded->matrix, coded->full_range, target, direct ? share->stride : tile_stride, reason,
            sizeof reason);
        if (decoded != CRP_AV_OK) {
            share->status = decoded == CRP_AV_OUT_OF_MEMORY ? CRP_HEIF_OUT_OF_MEMORY : CRP_HEIF_CORRUPT;
            snprintf(share->message, sizeof share->message, "picture %u of %u: %s", k + 1, coded->tile_count, reason);
        } else if (!direct) {
            crp_heif_place(tile, tile_stride, left, top, width, height, o, share->out, share->stride);
        }
    }
    free(tile);
    if (!share->pictures) crp_av_picture_decoder_close(pictures);
    return NULL;
}

/* The most threads the pictures are shared among. */
#define CRP_HEIF_MAX_THREADS 8

/* Decodes every picture with FFmpeg into `out` (the shown size): straight into the rows when the
   image is shown as stored, else through one picture's pixels placed by the orientation; the
   pictures shared among up to `threads` threads (this one and more, one FFmpeg decoder each). On
   failure the message says why; the caller then lets libheif decode. */
static crp_heif_status crp_heif_ffmpeg_decode(crp_heif_decoder *decoder, uint8_t *out, size_t stride) {
    unsigned threads = decoder->threads < 1 ? 1 : decoder->threads;
    if (threads > CRP_HEIF_MAX_THREADS) threads = CRP_HEIF_MAX_THREADS;
    if (threads > decoder->coded->tile_count) threads = decoder->coded->tile_count;
    crp_heif_ffmpeg_share shares[CRP_HEIF_MAX_THREADS];
    pthread_t helpers[CRP_HEIF_MAX_THREADS];
    int started[CRP_HEIF_MAX_THREADS] = {0};
    for (unsigned k = 0; k < threads; k++) {
        shares[k] = (crp_heif_ffmpeg_share){decoder, k == 0 ? decoder->pictures : NULL, k, threads, out, stride,
                                          CRP_HEIF_OK, ""};
    }
    /* A thread that cannot be started leaves its share undone: the one failure reported. */
    for (unsigned k = 1; k < threads; k++) {
        started[k] = pthread_create(&helpers[k], NULL, crp_heif_ffmpeg_decode_share, &shares[k]) == 0;
        if (!started[k]) {
            shares[k].status = CRP_HEIF_OUT_OF_MEMORY;
            snprintf(shares[k].message, sizeof shares[k].message, "no thread for a share of the pictures");
        }
    }
    crp_heif_ffmpeg_decode_share(&shares[0]);
    decoder->threads_used = 1;
    for (unsigned k = 1; k < threads; k++) {
        if (started[k]) {
            pthread_join(helpers[k], NULL);
            decoder->threads_used++;
        }
    }
    for (unsigned k = 0; k < threads; k++) {
        if (shares[k].status != CRP_HEIF_OK) return crp_heif_say(decoder, shares[k].status, "%s", shares[k].message);
    }
    return CRP_HEIF_OK;
}

crp_heif_status crp_heif_decoder_decode(crp_heif_decoder *decoder) {
    if (!decoder) return CRP_HEIF_MISUSE;
    if (!decoder->header_read) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "decode before read_header");
    if (decoder->header_status != CRP_HEIF_OK) return decoder->header_status;
    crp_heif_release_pictures(decoder);
    crp_heif_ffmpeg_close(decoder);
    decoder->threads_used = 1;
    if (crp_heif_ffmpeg_prepare(decoder)) return CRP_HEIF_OK;

    /* Planar RGB, 4:4:4, at the stream's depth: what libheif 1.15 converts a colour picture to
       before it applies the transformations and merges the alpha, so asking for it costs no
       conversion (a grey one is converted). The interleaving and the reduction to 8 bits, which
       libheif would do by a shift, are done here, and the transformations when the shim applies
       them: the picture is then decoded as stored, and every plane has the stored size. */
    const crp_heif_functions *api = decoder->api;
    int own = decoder->own_transformations;
    struct heif_decoding_options *options = NULL;
    if (own) {
        options = api->heif_decoding_options_alloc();
        if (!options) return crp_heif_say(decoder, CRP_HEIF_OUT_OF_MEMORY, "out of memory for libheif's options");
        options->ignore_transformations = 1;
    }
    struct heif_image *image = NULL, *alpha_image = NULL;
    crp_heif_status status = CRP_HEIF_OK;
    /* A grid's tiles on as many threads as the caller allows (0: on this one), not libheif's four. */
    if (api->heif_context_set_max_decoding_threads) {
        api->heif_context_set_max_decoding_threads(decoder->context, decoder->threads > 1 ? (int)decoder->threads : 0);
    }
    struct heif_error error =
        api->heif_decode_image(decoder->handle, &image, heif_colorspace_RGB, heif_chroma_444, options);
    if (error.code != heif_error_Ok) {
        image = NULL;
        status = crp_heif_failed(decoder, error, "decoding the image");
    } else if (!image) {
        status = crp_heif_say(decoder, CRP_HEIF_CORRUPT, "decoding the image: libheif gave no picture");
    } else if (decoder->alpha_handle) {
        /* An alpha image libheif did not merge: its luma is the alpha, as libheif takes it when it
           merges one. libheif 1.15 converts every picture it does not merge to RGB first and has no
           conversion from YCbCr 4:2:0 (how heif-enc codes an alpha) to monochrome; asked for YCbCr
           luma alone, it converts back, which gives the luma again (a 4:0:0 stream too). */
        error = api->heif_decode_image(decoder->alpha_handle, &alpha_image, heif_colorspace_YCbCr,
                                       heif_chroma_monochrome, options);
        if (error.code != heif_error_Ok) {
            alpha_image = NULL;
            status = crp_heif_failed(decoder, error, "decoding the alpha image");
        } else if (!alpha_image) {
            status = crp_heif_say(decoder, CRP_HEIF_CORRUPT, "decoding the alpha image: libheif gave no picture");
        } else if (api->heif_image_get_colorspace(alpha_image) != heif_colorspace_monochrome &&
                   api->heif_image_get_colorspace(alpha_image) != heif_colorspace_YCbCr) {
            status = crp_heif_say(decoder, CRP_HEIF_UNSUPPORTED, "libheif gave the alpha picture in colorspace %d",
                                  (int)api->heif_image_get_colorspace(alpha_image));
        }
    }
    if (options) api->heif_decoding_options_free(options);
    decoder->image = image;
    decoder->alpha_image = alpha_image;
    if (status != CRP_HEIF_OK) crp_heif_release_pictures(decoder);
    return status;
}


crp_heif_status crp_heif_decoder_copy_rgba(crp_heif_decoder *decoder, uint8_t *out, size_t stride) {
    if (!decoder) return CRP_HEIF_MISUSE;
    if (!decoder->header_read) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "copy_rgba before read_header");
    if (decoder->header_status != CRP_HEIF_OK) return decoder->header_status;
    const crp_heif_header *header = &decoder->header;
    if (!decoder->image && !decoder->coded) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "copy_rgba before a decode");
    if (!out) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "no output buffer");
    size_t width = header->width, height = header->height;
    if (width > SIZE_MAX / 4 / height) {
        return crp_heif_say(decoder, CRP_HEIF_MISUSE, "%zux%zu RGBA pixels do not fit in memory", width, height);
    }
    if (stride < width * 4 || stride > SIZE_MAX / height) {
        return crp_heif_say(decoder, CRP_HEIF_MISUSE, "a stride of %zu bytes for rows of %zu pixels", stride, width);
    }

    if (decoder->coded) {
        crp_heif_status fast = crp_heif_ffmpeg_decode(decoder, out, stride);
        crp_heif_ffmpeg_close(decoder);
        if (fast == CRP_HEIF_OK) return CRP_HEIF_OK;
        /* A picture FFmpeg refused: libheif decodes the file, and says what is wrong with it. */
        decoder->pictures_refused = 1;
        crp_heif_status status = crp_heif_decoder_decode(decoder);
        if (status != CRP_HEIF_OK) return status;
    }
    const crp_heif_functions *api = decoder->api;
    int own = decoder->own_transformations;
    uint32_t plane_width = own ? header->stored_width : header->width;
    uint32_t plane_height = own ? header->stored_height : header->height;
    struct heif_image *image = decoder->image, *alpha_image = decoder->alpha_image;
    crp_heif_status status = CRP_HEIF_OK;
    crp_heif_planes planes;
    if (status == CRP_HEIF_OK) {
        planes.has_alpha = alpha_image || (header->has_alpha && api->heif_image_has_channel(image, heif_channel_Alpha));
        planes.premultiplied = planes.has_alpha && header->premultiplied_alpha;
        if (api->heif_image_get_colorspace(image) != heif_colorspace_RGB ||
            api->heif_image_get_chroma_format(image) != heif_chroma_444) {
            status = crp_heif_say(decoder, CRP_HEIF_UNSUPPORTED,
                                  "libheif gave the picture in colorspace %d, chroma %d",
                                  (int)api->heif_image_get_colorspace(image),
                                  (int)api->heif_image_get_chroma_format(image));
        } else if ((status = crp_heif_plane_of(decoder, image, heif_channel_R, "red", plane_width, plane_height,
                                               &planes.red)) == CRP_HEIF_OK &&
                   (status = crp_heif_plane_of(decoder, image, heif_channel_G, "green", plane_width, plane_height,
                                               &planes.green)) == CRP_HEIF_OK &&
                   (status = crp_heif_plane_of(decoder, image, heif_channel_B, "blue", plane_width, plane_height,
                                               &planes.blue)) == CRP_HEIF_OK &&
                   (!planes.has_alpha ||
                    (status = crp_heif_plane_of(decoder, alpha_image ? alpha_image : image,
                                                alpha_image ? heif_channel_Y : heif_channel_Alpha, "alpha",
                                                plane_width, plane_height, &planes.alpha)) == CRP_HEIF_OK)) {
            crp_heif_copy(&planes, &decoder->orientation, out, stride);
        }
    }
    crp_heif_release_pictures(decoder);
    return status;
}

crp_heif_status crp_heif_decoder_decode_rgba(crp_heif_decoder *decoder, uint8_t *out, size_t stride) {
    if (!decoder) return CRP_HEIF_MISUSE;
    if (!decoder->header_read) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "decode_rgba before read_header");
    if (decoder->header_status != CRP_HEIF_OK) return decoder->header_status;
    if (!out) return crp_heif_say(decoder, CRP_HEIF_MISUSE, "no output buffer");
    crp_heif_status status = crp_heif_decoder_decode(decoder);
    return status == CRP_HEIF_OK ? crp_heif_decoder_copy_rgba(decoder, out, stride) : status;
}

#endif /* CRP_HEIF_BUILT */
