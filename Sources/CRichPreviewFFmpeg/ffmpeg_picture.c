/* Still HEVC and AV1 pictures, one at a time, through FFmpeg's HEVC decoder and its dav1d wrapper:
   the coded pictures of a HEIF image (an iPhone photo's 512x512 tiles, or an AVIF's one picture),
   which the HEIF shim finds in the file and hands over with their decoder configuration (hvcC or
   av1C). Each picture is decoded alone (the decoder drained and reset after it) and converted with
   libswscale. */
#include "ffmpeg_functions.h"

#if CRP_AV_BUILT

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct crp_av_picture_decoder {
    const crp_av_functions *api;
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame;
    struct SwsContext *scaler;
    int scaler_width, scaler_height, scaler_matrix, scaler_range;
};

__attribute__((format(printf, 4, 5))) static crp_av_status crp_av_picture_say(char *message, size_t capacity,
                                                                              crp_av_status status,
                                                                              const char *format, ...) {
    if (message && capacity) {
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(message, capacity, format, arguments);
        va_end(arguments);
    }
    return status;
}

static crp_av_status crp_av_picture_failed(const crp_av_functions *api, int error, const char *doing, char *message,
                                           size_t capacity) {
    char reason[128] = "unknown error";
    api->av_strerror(error, reason, sizeof reason);
    if (error == AVERROR(ENOMEM)) {
        return crp_av_picture_say(message, capacity, CRP_AV_OUT_OF_MEMORY, "%s: %s", doing, reason);
    }
    return crp_av_picture_say(message, capacity, CRP_AV_UNDECODABLE, "%s: %s", doing, reason);
}

void crp_av_picture_decoder_close(crp_av_picture_decoder *decoder) {
    if (!decoder) return;
    const crp_av_functions *api = decoder->api;
    if (decoder->scaler) api->sws_freeContext(decoder->scaler);
    if (decoder->frame) api->av_frame_free(&decoder->frame);
    if (decoder->packet) api->av_packet_free(&decoder->packet);
    if (decoder->codec) api->avcodec_free_context(&decoder->codec);
    free(decoder);
}

crp_av_status crp_av_pictures_open(crp_av_picture_codec codec, const uint8_t *config, size_t config_length,
                                   uint64_t max_pixels, crp_av_picture_decoder **out, char *message,
                                   size_t capacity) {
    if (!out) return crp_av_picture_say(message, capacity, CRP_AV_MISUSE, "no place for the decoder");
    *out = NULL;
    const char *name = codec == CRP_AV_PICTURES_HEVC ? "hevc" : codec == CRP_AV_PICTURES_AV1 ? "libdav1d" : NULL;
    if (!name || !config || config_length == 0 || config_length > INT_MAX - AV_INPUT_BUFFER_PADDING_SIZE ||
        max_pixels == 0) {
        return crp_av_picture_say(message, capacity, CRP_AV_MISUSE,
                                  "codec %d, a configuration of %zu bytes, %llu pixels at most", (int)codec,
                                  config_length, (unsigned long long)max_pixels);
    }
    crp_av_library_report report;
    const crp_av_functions *api = crp_av_codec_functions_load(&report);
    if (!api) return crp_av_picture_say(message, capacity, CRP_AV_LIBRARY_UNAVAILABLE, "%s", report.reason);
    const AVCodec *decoding = api->avcodec_find_decoder_by_name(name);
    if (!decoding) {
        return crp_av_picture_say(message, capacity, CRP_AV_LIBRARY_UNAVAILABLE, "libavcodec has no %s decoder", name);
    }
    crp_av_picture_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return crp_av_picture_say(message, capacity, CRP_AV_OUT_OF_MEMORY, "out of memory for a decoder");
    decoder->api = api;
    decoder->codec = api->avcodec_alloc_context3(decoding);
    decoder->packet = api->av_packet_alloc();
    decoder->frame = api->av_frame_alloc();
    uint8_t *extradata = decoder->codec ? api->av_malloc(config_length + AV_INPUT_BUFFER_PADDING_SIZE) : NULL;
    if (!decoder->codec || !decoder->packet || !decoder->frame || !extradata) {
        if (extradata) api->av_free(extradata);
        crp_av_picture_decoder_close(decoder);
        return crp_av_picture_say(message, capacity, CRP_AV_OUT_OF_MEMORY, "out of memory for the %s decoder", name);
    }
    memcpy(extradata, config, config_length);
    memset(extradata + config_length, 0, AV_INPUT_BUFFER_PADDING_SIZE);
    decoder->codec->extradata = extradata;
    decoder->codec->extradata_size = (int)config_length;
    /* One thread: the caller shares a grid's pictures out. dav1d on two threads took a 12 MP picture
       10 % faster for 52 MiB more (its per-thread buffers), past vipsthumbnail's peak. */
    decoder->codec->thread_count = 1;
    /* A parameter set declaring a larger picture than the file's is refused before its tables are
       sized. */
    decoder->codec->max_pixels = max_pixels > INT64_MAX ? INT64_MAX : (int64_t)max_pixels;
    int error = api->avcodec_open2(decoder->codec, decoding, NULL);
    if (error < 0) {
        crp_av_picture_decoder_close(decoder);
        return crp_av_picture_failed(api, error, "opening the decoder", message, capacity);
    }
    *out = decoder;
    return CRP_AV_OK;
}

/* The libswscale colour space of an nclx matrix_coefficients value (ITU-T H.273; libswscale and
   FFmpeg's AVColorSpace number them the same way): BT.709, FCC, BT.601 (5 and 6), SMPTE 240M and
   BT.2020 (non-constant luminance) are told apart, and unspecified (2) is BT.601, libheif's
   default; -1 for the others, which libswscale does not convert (identity, YCgCo, BT.2020's
   constant luminance, the chromaticity-derived ones, ICtCp). */
static int crp_av_picture_colour_space(int matrix) {
    switch (matrix) {
        case 1: return SWS_CS_ITU709;
        case 4: return SWS_CS_FCC;
        case 7: return SWS_CS_SMPTE240M;
        case 9: return SWS_CS_BT2020;
        case 2:
        case 5:
        case 6: return SWS_CS_ITU601;
        default: return -1;
    }
}

static crp_av_status crp_av_picture_convert(crp_av_picture_decoder *decoder, uint32_t width, uint32_t height,
                                            int matrix, int full_range, uint8_t *out, size_t stride, char *message,
                                            size_t capacity) {
    const crp_av_functions *api = decoder->api;
    /* Without an nclx box the stream's own signal counts, as for libheif: its VUI (HEVC) or colour
       configuration (AV1), BT.601 and full range where it says nothing. */
    const AVFrame *frame = decoder->frame;
    if (matrix < 0) matrix = frame->colorspace == AVCOL_SPC_UNSPECIFIED ? 6 : (int)frame->colorspace;
    if (full_range < 0) full_range = frame->color_range != AVCOL_RANGE_MPEG;
    int space = crp_av_picture_colour_space(matrix);
    if (space < 0) {
        return crp_av_picture_say(message, capacity, CRP_AV_UNDECODABLE,
                                  "the picture's matrix coefficients (%d) are not converted here", matrix);
    }
    if (!decoder->scaler || decoder->scaler_width != (int)width || decoder->scaler_height != (int)height ||
        decoder->scaler_matrix != space || decoder->scaler_range != full_range) {
        if (decoder->scaler) api->sws_freeContext(decoder->scaler);
        /* Same size: no resampling. The chroma of 4:2:0 is taken from the nearest sample for every pixel
           (full chroma interpolation with the point filter) and rounded exactly: the pixels are
           libheif's own, to the bit, on an iPhone's photos (its conversion is 30 ms slower than the
           fast one, which is 2 levels off). */
        decoder->scaler = api->sws_getContext((int)width, (int)height, AV_PIX_FMT_YUV420P, (int)width, (int)height,
                                              AV_PIX_FMT_RGBA, SWS_POINT | SWS_FULL_CHR_H_INT | SWS_ACCURATE_RND,
                                              NULL, NULL, NULL);
        if (!decoder->scaler) {
            return crp_av_picture_say(message, capacity, CRP_AV_OUT_OF_MEMORY, "no colour converter for %ux%u",
                                      width, height);
        }
        const int *coefficients = api->sws_getCoefficients(space);
        api->sws_setColorspaceDetails(decoder->scaler, coefficients, full_range ? 1 : 0,
                                      api->sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
        decoder->scaler_width = (int)width;
        decoder->scaler_height = (int)height;
        decoder->scaler_matrix = space;
        decoder->scaler_range = full_range;
    }
    uint8_t *destination[4] = {out, NULL, NULL, NULL};
    int destination_stride[4] = {(int)stride, 0, 0, 0};
    int rows = api->sws_scale(decoder->scaler, (const uint8_t *const *)decoder->frame->data, decoder->frame->linesize,
                              0, (int)height, destination, destination_stride);
    if (rows != (int)height) {
        return crp_av_picture_say(message, capacity, CRP_AV_UNDECODABLE, "converting the picture gave %d of %u rows",
                                  rows, height);
    }
    return CRP_AV_OK;
}

crp_av_status crp_av_picture_decode_rgba(crp_av_picture_decoder *decoder, const uint8_t *sample, size_t length,
                                         uint32_t width, uint32_t height, int matrix, int full_range, uint8_t *out,
                                         size_t stride, char *message, size_t capacity) {
    if (!decoder || !sample || !out || width == 0 || height == 0 || width > INT_MAX / 4 || height > INT_MAX ||
        stride < (size_t)width * 4 || stride > INT_MAX) {
        return crp_av_picture_say(message, capacity, CRP_AV_MISUSE, "a picture of %ux%u into rows of %zu bytes",
                                  width, height, stride);
    }
    if (length == 0 || length > INT_MAX - AV_INPUT_BUFFER_PADDING_SIZE) {
        return crp_av_picture_say(message, capacity, CRP_AV_UNDECODABLE, "a coded picture of %zu bytes", length);
    }
    const crp_av_functions *api = decoder->api;
    /* Not reference-counted: the decoder copies the bytes into a padded buffer of its own. */
    decoder->packet->data = (uint8_t *)sample;
    decoder->packet->size = (int)length;
    int error = api->avcodec_send_packet(decoder->codec, decoder->packet);
    decoder->packet->data = NULL;
    decoder->packet->size = 0;
    if (error >= 0) error = api->avcodec_send_packet(decoder->codec, NULL);
    if (error >= 0) error = api->avcodec_receive_frame(decoder->codec, decoder->frame);
    /* Drained: the next picture starts from a reset decoder. */
    api->avcodec_flush_buffers(decoder->codec);
    if (error < 0) {
        return crp_av_picture_failed(api, error == AVERROR_EOF ? AVERROR_INVALIDDATA : error, "decoding a picture",
                                     message, capacity);
    }
    AVFrame *frame = decoder->frame;
    crp_av_status status = CRP_AV_OK;
    if (frame->format != AV_PIX_FMT_YUV420P && frame->format != AV_PIX_FMT_YUVJ420P) {
        const char *name = api->av_get_pix_fmt_name(frame->format);
        status = crp_av_picture_say(message, capacity, CRP_AV_UNDECODABLE, "the picture decodes as %s, not 8-bit 4:2:0",
                                    name ? name : "an unknown format");
    } else if (frame->width < (int)width || frame->height < (int)height) {
        status = crp_av_picture_say(message, capacity, CRP_AV_UNDECODABLE, "the picture decodes as %dx%d, not %ux%u",
                                    frame->width, frame->height, width, height);
    } else {
        status = crp_av_picture_convert(decoder, width, height, matrix, full_range, out, stride, message, capacity);
    }
    api->av_frame_unref(frame);
    return status;
}

#endif /* CRP_AV_BUILT */
