#include "CRichPreviewWebP.h"
#include "webp_functions.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if CRP_WEBP_BUILT

enum {
    CRP_WEBP_RIFF_HEADER_SIZE = 12,  /* "RIFF", the size, "WEBP" */
    CRP_WEBP_CHUNK_HEADER_SIZE = 8   /* the FourCC, the payload size */
};

struct crp_webp_decoder {
    const crp_webp_functions *api;
    int use_threads;                /* crp_webp_decoder_set_threads: libwebp's filtering thread for a still */
    const uint8_t *data;
    size_t size;
    size_t riff_end;                /* the RIFF chunk's bytes, header included: all libwebp is given */
    int header_read;                /* read_header ran; header_status is its outcome */
    crp_webp_status header_status;
    crp_webp_header header;
    const uint8_t *icc, *exif;      /* into `data` */
    size_t icc_length, exif_length;
    /* The first frame's ALPH/VP8/VP8L chunks and its place on the canvas, to decode it alone when
       the animation decoder fails on it and so learn libwebp's reason. */
    WebPData first_frame;
    int first_frame_x, first_frame_y, first_frame_width, first_frame_height;
    char message[512];
};

__attribute__((format(printf, 2, 3))) static void crp_webp_say(crp_webp_decoder *decoder, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(decoder->message, sizeof decoder->message, format, arguments);
    va_end(arguments);
}

static uint32_t crp_webp_le32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* A FourCC for a message: quoted when printable, else its bytes in hex. */
static const char *crp_webp_fourcc(const uint8_t *bytes, char text[16]) {
    for (int index = 0; index < 4; index++) {
        if (bytes[index] < 0x20 || bytes[index] > 0x7e) {
            snprintf(text, 16, "0x%02x%02x%02x%02x", bytes[0], bytes[1], bytes[2], bytes[3]);
            return text;
        }
    }
    snprintf(text, 16, "'%c%c%c%c'", bytes[0], bytes[1], bytes[2], bytes[3]);
    return text;
}

static const char *crp_webp_status_name(VP8StatusCode status) {
    switch (status) {
        case VP8_STATUS_OK: return "VP8_STATUS_OK";
        case VP8_STATUS_OUT_OF_MEMORY: return "VP8_STATUS_OUT_OF_MEMORY";
        case VP8_STATUS_INVALID_PARAM: return "VP8_STATUS_INVALID_PARAM";
        case VP8_STATUS_BITSTREAM_ERROR: return "VP8_STATUS_BITSTREAM_ERROR";
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "VP8_STATUS_UNSUPPORTED_FEATURE";
        case VP8_STATUS_SUSPENDED: return "VP8_STATUS_SUSPENDED";
        case VP8_STATUS_USER_ABORT: return "VP8_STATUS_USER_ABORT";
        case VP8_STATUS_NOT_ENOUGH_DATA: return "VP8_STATUS_NOT_ENOUGH_DATA";
    }
    return "an unknown VP8StatusCode";
}

/* The status for libwebp's `status` met while `doing`. A bitstream that ends early shows as
   NOT_ENOUGH_DATA or, from the VP8 partitions and the VP8L bit reader, as SUSPENDED. */
static crp_webp_status crp_webp_failed(crp_webp_decoder *decoder, VP8StatusCode status, const char *doing) {
    const char *why;
    crp_webp_status result = CRP_WEBP_CORRUPT;
    switch (status) {
        case VP8_STATUS_OUT_OF_MEMORY: why = "out of memory"; result = CRP_WEBP_OUT_OF_MEMORY; break;
        case VP8_STATUS_INVALID_PARAM: why = "libwebp refused the parameters"; result = CRP_WEBP_MISUSE; break;
        case VP8_STATUS_BITSTREAM_ERROR: why = "bitstream error"; break;
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            why = "a feature libwebp does not decode";
            result = CRP_WEBP_UNSUPPORTED;
            break;
        case VP8_STATUS_NOT_ENOUGH_DATA:
        case VP8_STATUS_SUSPENDED: why = "the bitstream ends early (truncated)"; break;
        default: why = "unexpected failure"; break;
    }
    crp_webp_say(decoder, "%s: %s (%s)", doing, why, crp_webp_status_name(status));
    return result;
}

static const char *crp_webp_kind(int lossless) {
    return lossless ? "VP8L (lossless)" : "VP8 (lossy)";
}

crp_webp_decoder *crp_webp_decoder_create(const uint8_t *data, size_t size) {
    crp_webp_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    snprintf(decoder->message, sizeof decoder->message, "no error");
    return decoder;
}

void crp_webp_decoder_destroy(crp_webp_decoder *decoder) {
    free(decoder);
}

void crp_webp_decoder_set_threads(crp_webp_decoder *decoder, unsigned threads) {
    if (decoder) decoder->use_threads = threads > 1;
}

const char *crp_webp_decoder_message(const crp_webp_decoder *decoder) {
    return decoder ? decoder->message : "no decoder";
}

/* Checks the RIFF header and walks the top-level chunks, so that a short file or a chunk running
   past its end is named before libwebp, whose parsers only say yes or no, sees it. Sets riff_end. */
static crp_webp_status crp_webp_check_container(crp_webp_decoder *decoder) {
    const uint8_t *data = decoder->data;
    size_t size = decoder->size;
    char fourcc[16];
    if (size == 0) {
        crp_webp_say(decoder, "empty: the file has no bytes");
        return CRP_WEBP_CORRUPT;
    }
    if (!data) {
        crp_webp_say(decoder, "no data: a NULL pointer for %zu bytes", size);
        return CRP_WEBP_MISUSE;
    }
    if (size < CRP_WEBP_RIFF_HEADER_SIZE) {
        crp_webp_say(decoder, "too short: %zu bytes, fewer than the 12 of a RIFF header", size);
        return CRP_WEBP_CORRUPT;
    }
    if (memcmp(data, "RIFF", 4) != 0) {
        crp_webp_say(decoder, "not a RIFF file: it starts with %s, not 'RIFF'", crp_webp_fourcc(data, fourcc));
        return CRP_WEBP_CORRUPT;
    }
    if (memcmp(data + 8, "WEBP", 4) != 0) {
        crp_webp_say(decoder, "a RIFF file of form %s, not 'WEBP'", crp_webp_fourcc(data + 8, fourcc));
        return CRP_WEBP_CORRUPT;
    }
    uint32_t riff_size = crp_webp_le32(data + 4);
    if (riff_size < 4 + CRP_WEBP_CHUNK_HEADER_SIZE) {
        crp_webp_say(decoder, "bad RIFF header: its size %" PRIu32 " leaves no room for a chunk", riff_size);
        return CRP_WEBP_CORRUPT;
    }
    /* libwebp's limit for any chunk (MAX_CHUNK_PAYLOAD), the RIFF chunk included. */
    if (riff_size > UINT32_MAX - CRP_WEBP_CHUNK_HEADER_SIZE - 1) {
        crp_webp_say(decoder, "bad RIFF header: its size %" PRIu32 " is over the format's limit", riff_size);
        return CRP_WEBP_CORRUPT;
    }
    uint64_t end = (uint64_t)riff_size + CRP_WEBP_CHUNK_HEADER_SIZE;
    if (end > size) {
        crp_webp_say(decoder, "truncated: the RIFF size says %" PRIu64 " bytes, the file has %zu", end, size);
        return CRP_WEBP_CORRUPT;
    }
    for (size_t offset = CRP_WEBP_RIFF_HEADER_SIZE; offset < end;) {
        size_t left = (size_t)end - offset;
        if (left < CRP_WEBP_CHUNK_HEADER_SIZE) {
            crp_webp_say(decoder,
                         "bad RIFF chunk: it ends with %zu byte(s) at offset %zu, too few for a chunk header",
                         left, offset);
            return CRP_WEBP_CORRUPT;
        }
        uint32_t payload = crp_webp_le32(data + offset + 4);
        uint64_t padded = (uint64_t)payload + (payload & 1);
        if (padded > left - CRP_WEBP_CHUNK_HEADER_SIZE) {
            crp_webp_say(decoder,
                         "bad chunk: the %s chunk at offset %zu declares %" PRIu32 " bytes%s, past the end of the "
                         "RIFF chunk (%zu bytes left)",
                         crp_webp_fourcc(data + offset, fourcc), offset, payload,
                         (payload & 1) ? " and a padding byte" : "", left - CRP_WEBP_CHUNK_HEADER_SIZE);
            return CRP_WEBP_CORRUPT;
        }
        if (offset == CRP_WEBP_RIFF_HEADER_SIZE && memcmp(data + offset, "VP8 ", 4) != 0 &&
            memcmp(data + offset, "VP8L", 4) != 0 && memcmp(data + offset, "VP8X", 4) != 0) {
            crp_webp_say(decoder, "bad WebP: the first chunk is %s, not 'VP8 ', 'VP8L' or 'VP8X'",
                         crp_webp_fourcc(data + offset, fourcc));
            return CRP_WEBP_CORRUPT;
        }
        offset += CRP_WEBP_CHUNK_HEADER_SIZE + (size_t)padded;
    }
    decoder->riff_end = (size_t)end;
    return CRP_WEBP_OK;
}

/* The demuxer only says no; the RIFF chunk's layout and the image header have passed by then. */
static crp_webp_status crp_webp_demux_failed(crp_webp_decoder *decoder) {
    crp_webp_say(decoder,
                 "bad WebP: libwebp's demuxer rejects the chunks (misplaced or repeated VP8X, ALPH, ANIM or "
                 "ANMF chunks, a frame's chunks or header damaged, a frame outside the canvas, unknown VP8X "
                 "flags, or out of memory)");
    return CRP_WEBP_CORRUPT;
}

static void crp_webp_take_chunk(const crp_webp_functions *api, WebPDemuxer *demux, const char fourcc[4],
                                const uint8_t **data, size_t *length) {
    WebPChunkIterator chunk;
    if (api->WebPDemuxGetChunk(demux, fourcc, 1, &chunk) && chunk.chunk.size > 0) {
        *data = chunk.chunk.bytes;
        *length = chunk.chunk.size;
    }
    api->WebPDemuxReleaseChunkIterator(&chunk);
}

/* Everything read_header learns, into `decoder`; the header is zeroed by the caller on failure. */
static crp_webp_status crp_webp_read(crp_webp_decoder *decoder) {
    crp_webp_library_report report;
    decoder->api = crp_webp_functions_load(&report);
    if (!decoder->api) {
        crp_webp_say(decoder, "%s (Debian package %s) is unavailable: %s", report.library, report.package,
                     report.reason);
        return CRP_WEBP_LIBRARY_UNAVAILABLE;
    }
    const crp_webp_functions *api = decoder->api;
    crp_webp_status result = crp_webp_check_container(decoder);
    if (result != CRP_WEBP_OK) return result;

    /* WebPAnimDecoderNew runs the same check first: it passing here lets a later failure of
       WebPAnimDecoderNew be read as out of memory. */
    WebPBitstreamFeatures features;
    VP8StatusCode status =
        api->WebPGetFeaturesInternal(decoder->data, decoder->riff_end, &features, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) return crp_webp_failed(decoder, status, "reading the image header");

    WebPData webp = {decoder->data, decoder->riff_end};
    WebPDemuxer *demux = api->WebPDemuxInternal(&webp, 0, NULL, WEBP_DEMUX_ABI_VERSION);
    if (!demux) return crp_webp_demux_failed(decoder);

    crp_webp_header *header = &decoder->header;
    uint32_t flags = api->WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
    header->width = api->WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    header->height = api->WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    header->frame_count = api->WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    header->animated = (flags & ANIMATION_FLAG) != 0;

    WebPIterator frame;
    if (!api->WebPDemuxGetFrame(demux, 1, &frame)) {
        api->WebPDemuxReleaseIterator(&frame);
        api->WebPDemuxDelete(demux);
        crp_webp_say(decoder, "bad WebP: the file has no frame");
        return CRP_WEBP_CORRUPT;
    }
    decoder->first_frame = frame.fragment;
    decoder->first_frame_x = frame.x_offset;
    decoder->first_frame_y = frame.y_offset;
    decoder->first_frame_width = frame.width;
    decoder->first_frame_height = frame.height;
    int frame_alpha = frame.has_alpha;
    api->WebPDemuxReleaseIterator(&frame);

    crp_webp_take_chunk(api, demux, "ICCP", &decoder->icc, &decoder->icc_length);
    crp_webp_take_chunk(api, demux, "EXIF", &decoder->exif, &decoder->exif_length);
    if (decoder->exif_length >= 6 && memcmp(decoder->exif, "Exif\0\0", 6) == 0) {
        decoder->exif += 6;
        decoder->exif_length -= 6;
        if (decoder->exif_length == 0) decoder->exif = NULL;
    }
    /* The chunks and the frame point into `data`, not into the demuxer. */
    api->WebPDemuxDelete(demux);

    WebPBitstreamFeatures frame_features;
    status = api->WebPGetFeaturesInternal(decoder->first_frame.bytes, decoder->first_frame.size, &frame_features,
                                          WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) return crp_webp_failed(decoder, status, "reading the first frame's header");
    header->lossless = frame_features.format == 2;

    if (header->animated) {
        /* The canvas starts transparent (WebPAnimDecoder ignores the background colour), so a first
           frame that leaves part of it uncovered shows alpha whatever its own pixels are. */
        int covers = decoder->first_frame_x == 0 && decoder->first_frame_y == 0 &&
                     (uint32_t)decoder->first_frame_width == header->width &&
                     (uint32_t)decoder->first_frame_height == header->height;
        header->has_alpha = (flags & ALPHA_FLAG) || frame_alpha || frame_features.has_alpha || !covers;
    } else {
        /* The features of the whole file, as WebPDecode reads it: the VP8X flag or an ALPH chunk (used
           by WebPDecode even when the flag is missing, though the demuxer then drops it) or, for
           VP8L, the header's alpha bit. */
        if (features.width <= 0 || features.height <= 0 || (uint32_t)features.width != header->width ||
            (uint32_t)features.height != header->height) {
            crp_webp_say(decoder, "bad WebP: the image is %dx%d, its canvas %" PRIu32 "x%" PRIu32, features.width,
                         features.height, header->width, header->height);
            return CRP_WEBP_CORRUPT;
        }
        header->has_alpha = features.has_alpha != 0;
    }
    if (header->width == 0 || header->height == 0 || header->frame_count == 0) {
        crp_webp_say(decoder, "bad WebP: a %" PRIu32 "x%" PRIu32 " canvas with %" PRIu32 " frames", header->width,
                     header->height, header->frame_count);
        return CRP_WEBP_CORRUPT;
    }
    return CRP_WEBP_OK;
}

crp_webp_status crp_webp_decoder_read_header(crp_webp_decoder *decoder, crp_webp_header *header) {
    if (!decoder) return CRP_WEBP_MISUSE;
    if (!header) {
        crp_webp_say(decoder, "misuse: read_header was given no header to fill");
        return CRP_WEBP_MISUSE;
    }
    if (!decoder->header_read) {
        decoder->header_read = 1;
        decoder->header_status = crp_webp_read(decoder);
        if (decoder->header_status != CRP_WEBP_OK) {
            memset(&decoder->header, 0, sizeof decoder->header);
            decoder->icc = decoder->exif = NULL;
            decoder->icc_length = decoder->exif_length = 0;
        }
    }
    *header = decoder->header;
    return decoder->header_status;
}

static int crp_webp_give(const crp_webp_decoder *decoder, const uint8_t *bytes, size_t count, const uint8_t **data,
                         size_t *length) {
    int found = decoder && decoder->header_read && decoder->header_status == CRP_WEBP_OK && bytes && count > 0;
    if (data) *data = found ? bytes : NULL;
    if (length) *length = found ? count : 0;
    return found;
}

int crp_webp_decoder_icc(const crp_webp_decoder *decoder, const uint8_t **data, size_t *length) {
    return crp_webp_give(decoder, decoder ? decoder->icc : NULL, decoder ? decoder->icc_length : 0, data, length);
}

int crp_webp_decoder_exif(const crp_webp_decoder *decoder, const uint8_t **data, size_t *length) {
    return crp_webp_give(decoder, decoder ? decoder->exif : NULL, decoder ? decoder->exif_length : 0, data, length);
}

/* A VP8L header's alpha bit is only a hint, and the decoder writes the alpha it decodes whatever the
   bit says: when the header promised opaque pixels, they are made so. */
static void crp_webp_make_opaque(uint8_t *out, size_t stride, uint32_t width, uint32_t height) {
    for (uint32_t row = 0; row < height; row++) {
        uint8_t *pixel = out + (size_t)row * stride;
        for (uint32_t column = 0; column < width; column++) pixel[(size_t)column * 4 + 3] = 255;
    }
}

/* Sets up `config` to decode RGBA into `out`, `size` bytes with rows `stride` apart. */
static int crp_webp_config(const crp_webp_functions *api, WebPDecoderConfig *config, uint8_t *out, size_t stride,
                           size_t size) {
    if (!api->WebPInitDecoderConfigInternal(config, WEBP_DECODER_ABI_VERSION)) return 0;
    config->output.colorspace = MODE_RGBA;
    config->output.is_external_memory = 1;
    config->output.u.RGBA.rgba = out;
    config->output.u.RGBA.stride = (int)stride;
    config->output.u.RGBA.size = size;
    return 1;
}

/* A still image decoded at `width` x `height`: the stored size, or smaller through libwebp's own
   scaler, which averages the pixels each output pixel covers as it decodes, with no full-size
   buffer. */
static crp_webp_status crp_webp_decode_still(crp_webp_decoder *decoder, uint8_t *out, size_t stride, uint32_t width,
                                             uint32_t height) {
    const crp_webp_functions *api = decoder->api;
    const crp_webp_header *header = &decoder->header;
    WebPDecoderConfig config;
    if (!crp_webp_config(api, &config, out, stride, stride * height)) {
        crp_webp_say(decoder, "libwebp refuses the decoder ABI the shim was built with");
        return CRP_WEBP_LIBRARY_UNAVAILABLE;
    }
    /* A lossy picture's in-loop filtering on a thread of libwebp's own, beside the decoding (dwebp
       -mt: a fifth faster into 1125 pixels). */
    config.options.use_threads = decoder->use_threads;
    if (width != header->width || height != header->height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)width;
        config.options.scaled_height = (int)height;
    }
    VP8StatusCode status = api->WebPDecode(decoder->data, decoder->riff_end, &config);
    /* Frees nothing for external memory; kept so that no allocation could ever leak. */
    api->WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        char doing[96];
        snprintf(doing, sizeof doing, "decoding the %" PRIu32 "x%" PRIu32 " %s image", header->width, header->height,
                 crp_webp_kind(header->lossless));
        return crp_webp_failed(decoder, status, doing);
    }
    return CRP_WEBP_OK;
}

/* WebPAnimDecoder reports a failed frame only as 0: the frame is decoded alone into the caller's
   buffer (whose contents are unspecified on failure) to learn libwebp's status. */
static crp_webp_status crp_webp_first_frame_failed(crp_webp_decoder *decoder, uint8_t *out, size_t stride) {
    const crp_webp_header *header = &decoder->header;
    size_t origin = (size_t)decoder->first_frame_y * stride + (size_t)decoder->first_frame_x * 4;
    char doing[160];
    snprintf(doing, sizeof doing, "decoding the animation's first frame (%dx%d %s at %d,%d)",
             decoder->first_frame_width, decoder->first_frame_height, crp_webp_kind(header->lossless),
             decoder->first_frame_x, decoder->first_frame_y);
    WebPDecoderConfig config;
    VP8StatusCode status = VP8_STATUS_OK;
    /* The demuxer keeps a frame within the canvas, so its rectangle fits from `origin` on. */
    if (crp_webp_config(decoder->api, &config, out + origin, stride, stride * header->height - origin)) {
        status = decoder->api->WebPDecode(decoder->first_frame.bytes, decoder->first_frame.size, &config);
        decoder->api->WebPFreeDecBuffer(&config.output);
    }
    if (status != VP8_STATUS_OK) return crp_webp_failed(decoder, status, doing);
    crp_webp_say(decoder, "%s: libwebp's animation decoder failed, though the frame decodes alone", doing);
    return CRP_WEBP_CORRUPT;
}

static crp_webp_status crp_webp_decode_animation(crp_webp_decoder *decoder, uint8_t *out, size_t stride) {
    const crp_webp_functions *api = decoder->api;
    const crp_webp_header *header = &decoder->header;
    WebPAnimDecoderOptions options;
    if (!api->WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) {
        crp_webp_say(decoder, "libwebpdemux refuses the demux ABI the shim was built with");
        return CRP_WEBP_LIBRARY_UNAVAILABLE;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = {decoder->data, decoder->riff_end};
    /* read_header ran the same feature check and demux on these bytes, so only its two canvas
       allocations are left to fail. */
    WebPAnimDecoder *animation = api->WebPAnimDecoderNewInternal(&webp, &options, WEBP_DEMUX_ABI_VERSION);
    if (!animation) {
        crp_webp_say(decoder, "out of memory for the animation decoder's two %" PRIu32 "x%" PRIu32 " canvases",
                     header->width, header->height);
        return CRP_WEBP_OUT_OF_MEMORY;
    }
    WebPAnimInfo info;
    if (!api->WebPAnimDecoderGetInfo(animation, &info) || info.canvas_width != header->width ||
        info.canvas_height != header->height) {
        api->WebPAnimDecoderDelete(animation);
        crp_webp_say(decoder, "the animation decoder's canvas is not the %" PRIu32 "x%" PRIu32 " one read_header read",
                     header->width, header->height);
        return CRP_WEBP_CORRUPT;
    }
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!api->WebPAnimDecoderGetNext(animation, &canvas, &timestamp) || !canvas) {
        api->WebPAnimDecoderDelete(animation);
        return crp_webp_first_frame_failed(decoder, out, stride);
    }
    size_t row = (size_t)header->width * 4;
    for (uint32_t y = 0; y < header->height; y++) memcpy(out + (size_t)y * stride, canvas + (size_t)y * row, row);
    api->WebPAnimDecoderDelete(animation);
    return CRP_WEBP_OK;
}

crp_webp_status crp_webp_decoder_decode_rgba(crp_webp_decoder *decoder, uint8_t *out, size_t stride) {
    if (!decoder) return CRP_WEBP_MISUSE;
    return crp_webp_decoder_decode_rgba_scaled(decoder, out, stride, decoder->header.width, decoder->header.height);
}

crp_webp_status crp_webp_decoder_decode_rgba_scaled(crp_webp_decoder *decoder, uint8_t *out, size_t stride,
                                                    uint32_t width, uint32_t height) {
    if (!decoder) return CRP_WEBP_MISUSE;
    if (!decoder->header_read) {
        crp_webp_say(decoder, "misuse: decode_rgba before read_header");
        return CRP_WEBP_MISUSE;
    }
    if (decoder->header_status != CRP_WEBP_OK) return decoder->header_status;
    if (!out) {
        crp_webp_say(decoder, "misuse: decode_rgba was given no output buffer");
        return CRP_WEBP_MISUSE;
    }
    const crp_webp_header *header = &decoder->header;
    int scaled = width != header->width || height != header->height;
    if (width == 0 || height == 0 || width > header->width || height > header->height ||
        (scaled && header->animated)) {
        crp_webp_say(decoder, "misuse: a %" PRIu32 "x%" PRIu32 " decode of a %" PRIu32 "x%" PRIu32 " %s", width, height,
                     header->width, header->height, header->animated ? "animation (decoded at its size only)" : "image");
        return CRP_WEBP_MISUSE;
    }
    uint64_t row = (uint64_t)width * 4;
    if (row > SIZE_MAX / height) {
        crp_webp_say(decoder, "the %" PRIu32 "x%" PRIu32 " image's RGBA pixels would not fit in memory", header->width,
                     header->height);
        return CRP_WEBP_UNSUPPORTED;
    }
    if (stride < row) {
        crp_webp_say(decoder, "misuse: a stride of %zu bytes, less than the %" PRIu64 " of a %" PRIu32 "-pixel row",
                     stride, row, width);
        return CRP_WEBP_MISUSE;
    }
    /* libwebp keeps strides in an int. */
    if (stride > INT_MAX || stride > SIZE_MAX / height) {
        crp_webp_say(decoder, "misuse: a stride of %zu bytes, over what libwebp or memory can address", stride);
        return CRP_WEBP_MISUSE;
    }
    crp_webp_status result = header->animated ? crp_webp_decode_animation(decoder, out, stride)
                                              : crp_webp_decode_still(decoder, out, stride, width, height);
    if (result == CRP_WEBP_OK && !header->has_alpha && header->lossless) {
        crp_webp_make_opaque(out, stride, width, height);
    }
    if (result == CRP_WEBP_OK) snprintf(decoder->message, sizeof decoder->message, "no error");
    return result;
}

/* The encoder's failure as a message. */
static const char *crp_webp_encoding_error(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "a side beyond WebP's 16383 pixels";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a partition over WebP's 512 KiB";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "a file over WebP's 4 GiB";
    default: return "libwebp refused the picture";
    }
}

crp_webp_status crp_webp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                                     int lossless, float quality, int method, crp_webp_encoded *out) {
    if (!out) return CRP_WEBP_MISUSE;
    memset(out, 0, sizeof *out);
    if (!rgba || width == 0 || height == 0 || stride < (size_t)width * 4 || stride > INT_MAX || quality < 0 ||
        quality > 100 || method < 0 || method > 6) {
        snprintf(out->message, sizeof out->message, "misuse: no pixels, no size, a short stride or a bad setting");
        return CRP_WEBP_MISUSE;
    }
    if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        snprintf(out->message, sizeof out->message, "%" PRIu32 "x%" PRIu32 " is beyond WebP's %d-pixel sides", width,
                 height, WEBP_MAX_DIMENSION);
        return CRP_WEBP_UNSUPPORTED;
    }
    crp_webp_library_report report;
    const crp_webp_functions *api = crp_webp_functions_load(&report);
    if (!api) {
        snprintf(out->message, sizeof out->message, "%s (%s) could not be loaded: %s", report.library, report.package,
                 report.reason);
        return CRP_WEBP_LIBRARY_UNAVAILABLE;
    }
    WebPConfig config;
    WebPPicture picture;
    if (!api->WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, quality, WEBP_ENCODER_ABI_VERSION) ||
        !api->WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) {
        snprintf(out->message, sizeof out->message, "libwebp refuses the encoder ABI the shim was built with");
        return CRP_WEBP_LIBRARY_UNAVAILABLE;
    }
    config.lossless = lossless ? 1 : 0;
    config.method = method;
    config.exact = lossless ? 1 : 0; /* keep the colour under transparent pixels */
    if (!api->WebPValidateConfig(&config)) {
        snprintf(out->message, sizeof out->message, "misuse: libwebp refuses the settings");
        return CRP_WEBP_MISUSE;
    }
    picture.use_argb = 1;
    picture.width = (int)width;
    picture.height = (int)height;
    if (!api->WebPPictureImportRGBA(&picture, rgba, (int)stride)) {
        snprintf(out->message, sizeof out->message, "out of memory for the picture");
        return CRP_WEBP_OUT_OF_MEMORY;
    }
    WebPMemoryWriter writer;
    api->WebPMemoryWriterInit(&writer);
    picture.writer = api->WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int encoded = api->WebPEncode(&config, &picture);
    WebPEncodingError code = picture.error_code;
    api->WebPPictureFree(&picture);
    if (!encoded) {
        api->WebPMemoryWriterClear(&writer);
        snprintf(out->message, sizeof out->message, "%s", crp_webp_encoding_error(code));
        int memory = code == VP8_ENC_ERROR_OUT_OF_MEMORY || code == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY;
        return memory ? CRP_WEBP_OUT_OF_MEMORY : CRP_WEBP_UNSUPPORTED;
    }
    out->data = writer.mem;
    out->size = writer.size;
    snprintf(out->message, sizeof out->message, "no error");
    return CRP_WEBP_OK;
}

void crp_webp_encoded_free(crp_webp_encoded *encoded) {
    if (!encoded) return;
    if (encoded->data) {
        const crp_webp_functions *api = crp_webp_functions_load(NULL);
        if (api) api->WebPFree(encoded->data);
    }
    encoded->data = NULL;
    encoded->size = 0;
}

#endif /* CRP_WEBP_BUILT */
