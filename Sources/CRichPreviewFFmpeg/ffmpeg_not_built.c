/* The shim as built without FFmpeg's headers (ffmpeg_functions.h): loading says FFmpeg is not
   built in, and no movie frame or picture is decoded. */
#include "CRichPreviewFFmpeg.h"
#include "ffmpeg_functions.h"

#if !CRP_AV_BUILT

#include <stdio.h>

crp_av_status crp_av_libraries_load(crp_av_library_report *report) {
    crp_loader_not_built(report, "libavcodec.so", "libavcodec59",
                         "libavcodec-dev, libavformat-dev, libavutil-dev and libswscale-dev");
    return CRP_AV_LIBRARY_UNAVAILABLE;
}

/* CRP_AV_LIBRARY_UNAVAILABLE, with the loading's reason in `message`. */
static crp_av_status crp_av_unavailable(char *message, size_t message_capacity) {
    crp_library_report report;
    crp_av_libraries_load(&report);
    if (message && message_capacity) snprintf(message, message_capacity, "%s", report.reason);
    return CRP_AV_LIBRARY_UNAVAILABLE;
}

crp_av_status crp_av_poster_decode(const uint8_t *data, size_t length, double seconds, const crp_av_limits *limits,
                                   uint32_t deadline_ms, crp_av_poster **poster, crp_av_poster_info *info,
                                   char *message, size_t message_capacity) {
    (void)data;
    (void)length;
    (void)seconds;
    (void)limits;
    (void)deadline_ms;
    if (poster) *poster = NULL;
    if (info) *info = (crp_av_poster_info){0};
    return crp_av_unavailable(message, message_capacity);
}

crp_av_status crp_av_poster_copy_rgba(const crp_av_poster *poster, uint8_t *pixels, size_t capacity, char *message,
                                      size_t message_capacity) {
    (void)poster;
    (void)pixels;
    (void)capacity;
    if (message && message_capacity) snprintf(message, message_capacity, "no poster: FFmpeg is not built in");
    return CRP_AV_MISUSE;
}

void crp_av_poster_destroy(crp_av_poster *poster) { (void)poster; }

crp_av_status crp_av_pictures_open(crp_av_picture_codec codec, const uint8_t *config, size_t config_length,
                                   uint64_t max_pixels, crp_av_picture_decoder **decoder, char *message,
                                   size_t message_capacity) {
    (void)codec;
    (void)config;
    (void)config_length;
    (void)max_pixels;
    if (decoder) *decoder = NULL;
    return crp_av_unavailable(message, message_capacity);
}

crp_av_status crp_av_picture_decode_rgba(crp_av_picture_decoder *decoder, const uint8_t *sample, size_t length,
                                         uint32_t width, uint32_t height, int matrix, int full_range, uint8_t *out,
                                         size_t stride, char *message, size_t message_capacity) {
    (void)decoder;
    (void)sample;
    (void)length;
    (void)width;
    (void)height;
    (void)matrix;
    (void)full_range;
    (void)out;
    (void)stride;
    if (message && message_capacity) snprintf(message, message_capacity, "no decoder: FFmpeg is not built in");
    return CRP_AV_MISUSE;
}

void crp_av_picture_decoder_close(crp_av_picture_decoder *decoder) { (void)decoder; }

#endif /* !CRP_AV_BUILT */
