#include "CRichPreviewFFmpeg.h"
#include "ffmpeg_functions.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if CRP_AV_BUILT

/* The demuxers a movie attachment may need: QuickTime and MP4 (.mov, .mp4, .m4v), MPEG program
   streams (.mpg), MPEG-1 and MPEG-2 video elementary streams (.m1v, .m2v) and AVI. Any other format
   FFmpeg recognises (playlists that name other files among them) is refused before it is opened. */
#define CRP_AV_DEMUXERS "mov,mpeg,mpegvideo,avi"

/* The video codecs a notification's movie can hold, those iOS plays: H.264, HEVC, MPEG-4 Part 2,
   MPEG-1 and MPEG-2 video, Motion JPEG and ProRes, each with FFmpeg's own decoder for it. Any other
   video is refused, naming its codec, before a decoder is opened, and avformat_find_stream_info
   opens no decoder outside the list either (AVFormatContext.codec_whitelist): the decoders of VP8,
   VP9, AV1, Theora, FFV1, Windows Media Video and the hundreds of other codecs FFmpeg knows never
   see an attachment's bytes. Nor does any audio decoder: the analysis takes an audio stream's
   parameters from the container and its parser alone, which is all a discarded stream needs.

   Beside each, what its decoder costs besides its pictures' planes, in sixteenths of a byte per
   pixel of the picture size: the side tables kept with each picture (motion vectors, macroblock
   types, reference indices) and those kept once for the stream's size (slice, deblocking and
   prediction tables). Then the most bytes a pixel of its pictures can take, in sixteenths (its
   deepest, least subsampled format, alpha included), for the stream analysis, whose decoders are
   FFmpeg's own and are capped by their pixels alone. The rates were measured with FFmpeg 5.1 (peak
   resident memory less the planes allocated, on 4096x4096 streams of 1 to 17 pictures held and an
   8192x8192 one) and rounded up: H.264 took 0.5-0.6 bytes a pixel per picture and 0.5-1 per stream,
   HEVC 0.75 and 1, MPEG-4 Part 2 0.25 and 1.1, Motion JPEG and ProRes 0.1 in all. */
#define CRP_AV_VIDEO_CODECS(X)                              \
    X(AV_CODEC_ID_H264, "h264", 10, 20, 96)                 \
    X(AV_CODEC_ID_HEVC, "hevc", 12, 20, 96)                 \
    X(AV_CODEC_ID_MPEG4, "mpeg4", 8, 20, 96)                \
    X(AV_CODEC_ID_MPEG1VIDEO, "mpeg1video", 8, 20, 24)      \
    X(AV_CODEC_ID_MPEG2VIDEO, "mpeg2video", 8, 20, 48)      \
    X(AV_CODEC_ID_MJPEG, "mjpeg", 0, 4, 128)                \
    X(AV_CODEC_ID_PRORES, "prores", 0, 4, 128)

/* The bytes a pixel of a picture takes, in sixteenths, when its format is not known yet: 8-bit
   4:2:0, what nearly every movie holds. The picture's own format is counted when it is allocated. */
enum { CRP_AV_USUAL_PIXEL_SIXTEENTHS = 24 };

/* What decoding a codec costs (see CRP_AV_VIDEO_CODECS). */
typedef struct {
    unsigned picture_tables;  /* sixteenths of a byte per pixel, per picture held */
    unsigned stream_tables;   /* sixteenths of a byte per pixel, once */
    unsigned deepest_pixel;   /* sixteenths of a byte per pixel of its largest picture format */
} crp_av_codec_cost;

/* The list in words, for the message that refuses a codec. */
#define CRP_AV_VIDEO_CODEC_WORDS "H.264, HEVC, MPEG-4 Part 2, MPEG-1 and MPEG-2 video, Motion JPEG and ProRes"

/* The decoders' names, comma-separated for codec_whitelist (av_match_list skips the empty entry
   after the last comma). */
#define CRP_AV_DECODER_NAME(id, name, picture_tables, stream_tables, deepest_pixel) name ","
static const char crp_av_decoders[] = CRP_AV_VIDEO_CODECS(CRP_AV_DECODER_NAME);
#undef CRP_AV_DECODER_NAME

enum { CRP_AV_IO_BUFFER_SIZE = 32768 };

struct crp_av_poster {
    const crp_av_functions *api;
    uint8_t *rows;      /* RGBA, `stride` bytes a row */
    size_t stride;
    uint32_t width;
    uint32_t height;
};

/* One decode: the bytes, the deadline and every FFmpeg object, freed by crp_av_session_close. */
typedef struct {
    const crp_av_functions *api;
    const uint8_t *data;
    int64_t length;
    int64_t position;          /* of the next byte the read callback gives */
    int64_t deadline;          /* CLOCK_MONOTONIC nanoseconds */
    uint32_t deadline_ms;
    crp_av_limits limits;
    const crp_av_codec_cost *cost;  /* of the decoder opened, or of the stream's codec once known */
    uint64_t picture_bytes;    /* the planes of the decoder's pictures alive now */
    uint32_t pictures;         /* how many pictures that is */
    int over_memory;           /* a picture was refused for the memory budget: info says which */
    uint64_t decoder_pixel;    /* sixteenths of a byte a pixel the decoder's max_pixels was set for */
    unsigned refused_width;    /* a picture the decoder refused for its max_pixels (crp_av_log), or 0 */
    unsigned refused_height;
    AVIOContext *io;
    AVFormatContext *format;
    int format_opened;         /* avformat_open_input succeeded: close with avformat_close_input */
    AVStream *stream;          /* the video stream decoded */
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame;            /* the frame received last */
    AVFrame *last;             /* the frame before it, which came before the time asked for */
    int last_error;            /* FFmpeg's last read or decode error, for the message when nothing decodes */
    int capped;                /* reading stopped at CRP_AV_MAX_PACKETS_READ or _DECODED */
    int sent;                  /* video packets given to the decoder by the last crp_av_decode */
    crp_av_poster_info *info;
    char *message;
    size_t message_capacity;
} crp_av_session;

/* One counted buffer of a decoder's picture: the buffer the decoder was given, in place of the one
   FFmpeg's allocator made (`buffer`), so that releasing it uncounts its bytes. */
typedef struct {
    crp_av_session *session;
    AVBufferRef *buffer;
    size_t bytes;
    int first;                 /* the picture's first buffer, which counts the picture */
} crp_av_counted_buffer;

static int64_t crp_av_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static int crp_av_expired(const crp_av_session *session) {
    return crp_av_now() >= session->deadline;
}

__attribute__((format(printf, 3, 4))) static void crp_av_say(char *buffer, size_t capacity, const char *format,
                                                             ...) {
    if (!buffer || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(buffer, capacity, format, arguments);
    va_end(arguments);
}

static crp_av_status crp_av_timed_out(crp_av_session *session) {
    crp_av_say(session->message, session->message_capacity, "no frame within the deadline of %" PRIu32 " ms",
               session->deadline_ms);
    return CRP_AV_TIMED_OUT;
}

static crp_av_status crp_av_out_of_memory(crp_av_session *session, const char *what) {
    crp_av_say(session->message, session->message_capacity, "out of memory for %s", what);
    return CRP_AV_OUT_OF_MEMORY;
}

/* The status for FFmpeg's `error` met while `doing`, with the message saying so in FFmpeg's words. */
static crp_av_status crp_av_failed(crp_av_session *session, int error, const char *doing) {
    if (session->over_memory) return CRP_AV_OVER_MEMORY_BUDGET;
    if (error == AVERROR_EXIT || crp_av_expired(session)) return crp_av_timed_out(session);
    if (error == AVERROR(ENOMEM)) return crp_av_out_of_memory(session, doing);
    char text[128];
    session->api->av_strerror(error, text, sizeof text);
    crp_av_say(session->message, session->message_capacity, "%s: %s", doing, text);
    return CRP_AV_UNDECODABLE;
}

static crp_av_status crp_av_over_budget(crp_av_session *session, int width, int height) {
    session->info->frame_width = (uint32_t)width;
    session->info->frame_height = (uint32_t)height;
    crp_av_say(session->message, session->message_capacity,
               "the video is %dx%d, %" PRIu64 " pixels, over the budget of %" PRIu64, width, height,
               (uint64_t)width * (uint64_t)height, session->limits.pixel_budget);
    return CRP_AV_OVER_PIXEL_BUDGET;
}

static int crp_av_exceeds(const crp_av_session *session, int width, int height) {
    return width > 0 && height > 0 && (uint64_t)width * (uint64_t)height > session->limits.pixel_budget;
}

static uint64_t crp_av_add(uint64_t a, uint64_t b) {
    uint64_t sum;
    return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

static uint64_t crp_av_multiply(uint64_t a, uint64_t b) {
    uint64_t product;
    return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

/* The cost of the codec `id`, NULL for one not decoded here. */
static const crp_av_codec_cost *crp_av_codec_cost_of(enum AVCodecID id) {
    switch (id) {
#define CRP_AV_COST_CASE(codec, name, picture_tables, stream_tables, deepest_pixel)       \
    case codec: {                                                                          \
        static const crp_av_codec_cost cost = {picture_tables, stream_tables, deepest_pixel}; \
        return &cost;                                                                      \
    }
        CRP_AV_VIDEO_CODECS(CRP_AV_COST_CASE)
#undef CRP_AV_COST_CASE
        default: return NULL;
    }
}

/* The most any codec decoded here costs a pixel, for a stream whose codec is not known yet. */
static const crp_av_codec_cost crp_av_costliest = {12, 20, 128};

/* The picture's size turned as it is shown: 1 when the rotation is an odd number of quarter turns. */
static int crp_av_turned(const crp_av_session *session) {
    return ((session->info->rotation + 45) / 90) % 2 == 1;
}

/* The converted picture's size for a frame of `width` × `height` as stored: fitted into the box
   (turned as the frame is shown), each side round(side × min(box width / width, box height /
   height)) and at least 1, never larger than the frame. */
static void crp_av_output_size(const crp_av_session *session, int width, int height, uint32_t *output_width,
                               uint32_t *output_height) {
    *output_width = (uint32_t)width;
    *output_height = (uint32_t)height;
    uint32_t box_width = session->limits.box_width;
    uint32_t box_height = session->limits.box_height;
    if (box_width == 0 || box_height == 0 || width <= 0 || height <= 0) return;
    if (crp_av_turned(session)) {
        box_width = session->limits.box_height;
        box_height = session->limits.box_width;
    }
    double scale = fmin((double)box_width / width, (double)box_height / height);
    if (scale >= 1) return;
    *output_width = (uint32_t)fmax(1, round(width * scale));
    *output_height = (uint32_t)fmax(1, round(height * scale));
}

/* Bytes of the rows the picture is converted into: each padded to 64 bytes, with one spare row
   (libswscale's vector code may write whole blocks past a row's end). */
static size_t crp_av_row_stride(uint32_t width) {
    return ((size_t)width * 4 + 63) & ~(size_t)63;
}

/* The converted copies of a frame of `width` × `height`: the shim's padded rows and the caller's. */
static uint64_t crp_av_output_bytes(const crp_av_session *session, int width, int height) {
    uint32_t output_width;
    uint32_t output_height;
    crp_av_output_size(session, width, height, &output_width, &output_height);
    uint64_t rows = crp_av_multiply(crp_av_row_stride(output_width), (uint64_t)output_height + 1);
    return crp_av_add(rows, crp_av_multiply((uint64_t)output_width * output_height, 4));
}

/* Bytes counted for the decoder holding `pictures` pictures of `width` × `height` whose planes
   take `planes` bytes, with its tables and the converted copies of such a frame. */
static uint64_t crp_av_memory_needed(const crp_av_session *session, uint64_t planes, uint32_t pictures, int width,
                                     int height) {
    const crp_av_codec_cost *cost = session->cost ? session->cost : &crp_av_costliest;
    uint64_t pixels = (uint64_t)width * (uint64_t)height;
    uint64_t rate = (uint64_t)pictures * cost->picture_tables + cost->stream_tables;
    uint64_t tables = crp_av_multiply(pixels, rate) / 16;
    return crp_av_add(crp_av_add(planes, tables), crp_av_output_bytes(session, width, height));
}

/* Sixteenths of a byte a pixel of a picture in `format` takes (from a 64x64 picture, whole for
   every subsampling), or of the usual 8-bit 4:2:0 when the format is not known. */
static uint64_t crp_av_pixel_sixteenths(const crp_av_session *session, int format) {
    int sample = format >= 0 ? session->api->av_image_get_buffer_size(format, 64, 64, 1) : -1;
    return sample > 0 ? ((uint64_t)sample + 255) / 256 : CRP_AV_USUAL_PIXEL_SIXTEENTHS;
}

/* The bytes of one picture's planes of `width` × `height` in `format` (see crp_av_pixel_sixteenths). */
static uint64_t crp_av_planes(const crp_av_session *session, int format, int width, int height) {
    uint64_t pixels = (uint64_t)width * (uint64_t)height;
    return crp_av_multiply(pixels, crp_av_pixel_sixteenths(session, format)) / 16;
}

/* Refused for the memory budget: `pictures` pictures of `width` × `height` would need `needed` bytes. */
static crp_av_status crp_av_over_memory(crp_av_session *session, int width, int height, uint32_t pictures,
                                        uint64_t needed) {
    session->over_memory = 1;
    session->info->frame_width = (uint32_t)width;
    session->info->frame_height = (uint32_t)height;
    session->info->memory_needed = needed;
    session->info->pictures = pictures;
    crp_av_say(session->message, session->message_capacity,
               "%" PRIu32 " %dx%d %s with the decoder's tables and the converted copies would need %" PRIu64
               " bytes, over the memory budget of %" PRIu64,
               pictures, width, height, pictures == 1 ? "picture" : "pictures", needed, session->limits.memory_budget);
    return CRP_AV_OVER_MEMORY_BUDGET;
}

/* Refuses a stream of `width` × `height` whose first picture alone (as `format`; the usual format
   when not known yet), with the decoder's tables and the converted copies, would not fit the
   memory budget; 0 when it fits (or the size is not known). */
static crp_av_status crp_av_check_stream_memory(crp_av_session *session, int width, int height, int format) {
    if (width <= 0 || height <= 0) return CRP_AV_OK;
    uint64_t needed = crp_av_memory_needed(session, crp_av_planes(session, format, width, height), 1, width, height);
    if (needed > session->limits.memory_budget) return crp_av_over_memory(session, width, height, 1, needed);
    return CRP_AV_OK;
}

/* The most pixels a picture may have whose planes (`pixel` sixteenths of a byte a pixel) and the
   decoder's tables for it alone fit the memory budget, within the pixel budget:
   AVCodecContext.max_pixels, an option capped at INT_MAX, which stops a decoder before it sizes
   its tables or allocates a picture for a stream whose header claims more. */
static int64_t crp_av_pixel_cap(const crp_av_session *session, const crp_av_codec_cost *cost, uint64_t pixel) {
    uint64_t rate = pixel + cost->picture_tables + cost->stream_tables;
    uint64_t cap = crp_av_multiply(session->limits.memory_budget, 16) / rate;
    if (cap > session->limits.pixel_budget) cap = session->limits.pixel_budget;
    return cap < INT_MAX ? (int64_t)(cap > 0 ? cap : 1) : INT_MAX;
}

/* The decode running on this thread, while its decoder decodes (not during the stream analysis,
   whose refusals only leave a stream unanalysed). */
static _Thread_local crp_av_session *crp_av_decoding;

/* The message libavutil's av_image_check_size2 logs when a decoder is given a picture size over
   its max_pixels, the width and height its first two arguments (FFmpeg 5.1 to 7.1). A decoder
   refuses such a stream before it sizes its tables, with AVERROR(EINVAL) alone; the message is
   how the refusal is told from damage. Were it reworded, the decode would still stop, reported as
   undecodable. */
#define CRP_AV_MAX_PIXELS_MESSAGE "Picture size %ux%u exceeds specified max pixel count"

void crp_av_log(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    (void)level;
    crp_av_session *session = crp_av_decoding;
    if (!session || !format) return;
    if (strncmp(format, CRP_AV_MAX_PIXELS_MESSAGE, sizeof CRP_AV_MAX_PIXELS_MESSAGE - 1) != 0) return;
    va_list copy;
    va_copy(copy, arguments);
    session->refused_width = va_arg(copy, unsigned);
    session->refused_height = va_arg(copy, unsigned);
    va_end(copy);
}

/* The status for a picture the decoder refused for its max_pixels: over the pixel budget, or else
   over the memory budget, counted as the cap was (one picture of the format assumed). */
static crp_av_status crp_av_refused_picture(crp_av_session *session) {
    int width = session->refused_width > INT_MAX ? INT_MAX : (int)session->refused_width;
    int height = session->refused_height > INT_MAX ? INT_MAX : (int)session->refused_height;
    if (crp_av_exceeds(session, width, height)) return crp_av_over_budget(session, width, height);
    uint64_t planes = crp_av_multiply((uint64_t)width * (uint64_t)height, session->decoder_pixel) / 16;
    return crp_av_over_memory(session, width, height, 1, crp_av_memory_needed(session, planes, 1, width, height));
}

/* The free callback of a counted buffer: uncounts it and releases the buffer it stands for. */
static void crp_av_release_counted(void *opaque, uint8_t *data) {
    (void)data;
    crp_av_counted_buffer *counted = opaque;
    crp_av_session *session = counted->session;
    session->picture_bytes -= counted->bytes;
    if (counted->first) session->pictures--;
    session->api->av_buffer_unref(&counted->buffer);
    free(counted);
}

/* AVCodecContext.get_buffer2 of the decoder: counts every picture's planes as it is allocated and
   refuses one that would take the count over the memory budget (the decode then stops with
   CRP_AV_OVER_MEMORY_BUDGET), before FFmpeg's allocator makes it. */
static int crp_av_get_buffer(AVCodecContext *codec, AVFrame *frame, int flags) {
    crp_av_session *session = codec->opaque;
    const crp_av_functions *api = session->api;
    int planes = api->av_image_get_buffer_size(frame->format, frame->width, frame->height, 1);
    if (planes < 0) return planes;
    uint64_t needed = crp_av_memory_needed(session, crp_av_add(session->picture_bytes, (uint64_t)planes),
                                           session->pictures + 1, frame->width, frame->height);
    if (needed > session->limits.memory_budget) {
        crp_av_over_memory(session, frame->width, frame->height, session->pictures + 1, needed);
        return AVERROR(ENOMEM);
    }
    int error = api->avcodec_default_get_buffer2(codec, frame, flags);
    if (error < 0) return error;
    for (int index = 0; index < AV_NUM_DATA_POINTERS && frame->buf[index]; index++) {
        AVBufferRef *buffer = frame->buf[index];
        crp_av_counted_buffer *counted = malloc(sizeof *counted);
        AVBufferRef *wrapped =
            counted ? api->av_buffer_create(buffer->data, buffer->size, crp_av_release_counted, counted, 0) : NULL;
        if (!wrapped) {
            free(counted);
            api->av_frame_unref(frame);
            return AVERROR(ENOMEM);
        }
        *counted = (crp_av_counted_buffer){
            .session = session, .buffer = buffer, .bytes = buffer->size, .first = index == 0};
        frame->buf[index] = wrapped;
        session->picture_bytes += counted->bytes;
        if (counted->first) session->pictures++;
    }
    return 0;
}

/* The custom AVIOContext's callbacks: the attachment's bytes, never a file or a URL. */
static int crp_av_read(void *opaque, uint8_t *buffer, int size) {
    crp_av_session *session = opaque;
    if (crp_av_expired(session)) return AVERROR_EXIT;
    if (size <= 0) return 0;
    if (session->position >= session->length) return AVERROR_EOF;
    int64_t count = session->length - session->position;
    if (count > size) count = size;
    memcpy(buffer, session->data + session->position, (size_t)count);
    session->position += count;
    return (int)count;
}

static int64_t crp_av_seek(void *opaque, int64_t offset, int whence) {
    crp_av_session *session = opaque;
    int64_t base;
    switch (whence & ~AVSEEK_FORCE) {
        case AVSEEK_SIZE: return session->length;
        case SEEK_SET: base = 0; break;
        case SEEK_CUR: base = session->position; break;
        case SEEK_END: base = session->length; break;
        default: return AVERROR(EINVAL);
    }
    if (offset < -base || offset > session->length - base) return AVERROR(EINVAL);
    session->position = base + offset;
    return session->position;
}

/* AVFormatContext.interrupt_callback: nonzero stops FFmpeg's loops with AVERROR_EXIT. */
static int crp_av_interrupted(void *opaque) {
    return crp_av_expired(opaque);
}

/* AVFormatContext.io_open: a demuxer that would open another resource (a playlist's entries, a
   QuickTime reference) is refused; the whitelist keeps those demuxers out already. */
static int crp_av_refuse_open(AVFormatContext *format, AVIOContext **io, const char *url, int flags,
                              AVDictionary **options) {
    (void)format;
    (void)url;
    (void)flags;
    (void)options;
    *io = NULL;
    return AVERROR(EPERM);
}

/* 1 when one of a demuxer's comma-separated names ("mov,mp4,m4a,3gp,3g2,mj2") is in CRP_AV_DEMUXERS. */
static int crp_av_demuxer_allowed(const char *names) {
    for (const char *name = names; name && *name;) {
        size_t length = strcspn(name, ",");
        for (const char *entry = CRP_AV_DEMUXERS; *entry;) {
            size_t entry_length = strcspn(entry, ",");
            if (entry_length == length && memcmp(entry, name, length) == 0) return 1;
            entry += entry_length + (entry[entry_length] == ',');
        }
        name += length + (name[length] == ',');
    }
    return 0;
}

/* The name of FFmpeg's decoder for `codec` when it is one decoded here, else NULL. */
static const char *crp_av_decoder_name(enum AVCodecID codec) {
    switch (codec) {
#define CRP_AV_DECODER_CASE(id, name, picture_tables, stream_tables, deepest_pixel) \
    case id: return name;
        CRP_AV_VIDEO_CODECS(CRP_AV_DECODER_CASE)
#undef CRP_AV_DECODER_CASE
        default: return NULL;
    }
}

/* Refuses the video stream's codec, naming it: FFmpeg's short name ("vp9"), or for a codec FFmpeg
   does not know the four-character code the container gives it (unprintable bytes as '?'). */
static crp_av_status crp_av_refuse_codec(crp_av_session *session, const AVCodecParameters *parameters) {
    char name[64] = "a codec FFmpeg does not know";
    uint32_t tag = parameters->codec_tag;
    if (parameters->codec_id != AV_CODEC_ID_NONE) {
        snprintf(name, sizeof name, "%s", session->api->avcodec_get_name(parameters->codec_id));
    } else if (tag != 0) {
        char code[5];
        for (int index = 0; index < 4; index++) {
            unsigned char byte = (unsigned char)(tag >> (8 * index));
            code[index] = byte >= 0x20 && byte < 0x7f ? (char)byte : '?';
        }
        code[4] = 0;
        snprintf(name, sizeof name, "'%s', a codec FFmpeg does not know", code);
    }
    crp_av_say(session->message, session->message_capacity,
               "the movie's video is %s, which richpreview does not decode (it decodes " CRP_AV_VIDEO_CODEC_WORDS ")",
               name);
    return CRP_AV_UNDECODABLE;
}

/* The first video stream that is not an attached picture (cover art), or NULL. */
static AVStream *crp_av_video_stream(const AVFormatContext *format) {
    for (unsigned int index = 0; index < format->nb_streams; index++) {
        AVStream *stream = format->streams[index];
        int cover = stream->disposition & AV_DISPOSITION_ATTACHED_PIC;
        if (stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && !cover) return stream;
    }
    return NULL;
}

/* The stream's duration in seconds as the container declares it (QuickTime, MP4, AVI); negative when
   FFmpeg could only estimate it, from the bit rate (MPEG video elementary streams) or from the
   timestamps near the start and the end (MPEG program streams, where it can be a third of the truth). */
static double crp_av_duration(const AVFormatContext *format, const AVStream *stream) {
    if (format->duration_estimation_method != AVFMT_DURATION_FROM_STREAM) return -1;
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0 && stream->time_base.num > 0 &&
        stream->time_base.den > 0) {
        return (double)stream->duration * av_q2d(stream->time_base);
    }
    if (format->duration != AV_NOPTS_VALUE && format->duration > 0) return (double)format->duration / AV_TIME_BASE;
    return -1;
}

/* The clockwise turn in degrees (0-359) that shows the stream upright, from its display matrix.
   av_display_rotation_get gives the matrix's counterclockwise angle; FFmpeg's own players turn the
   picture by its negation (a phone held upright records -90: shown turned 90° clockwise). */
static int32_t crp_av_rotation(const crp_av_functions *api, const AVStream *stream) {
    const int32_t *matrix = NULL;
#if CRP_AV_CODED_SIDE_DATA
    const AVPacketSideData *side = api->av_packet_side_data_get(
        stream->codecpar->coded_side_data, stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    if (side && side->size >= 9 * sizeof(int32_t)) matrix = (const int32_t *)side->data;
#else
    size_t size = 0;
    const uint8_t *data = api->av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (data && size >= 9 * sizeof(int32_t)) matrix = (const int32_t *)data;
#endif
    if (!matrix) return 0;
    double counterclockwise = api->av_display_rotation_get(matrix);
    if (!isfinite(counterclockwise)) return 0;
    long clockwise = lround(-counterclockwise) % 360;
    return (int32_t)(clockwise < 0 ? clockwise + 360 : clockwise);
}

/* avformat_find_stream_info with a pixel cap on the decoders it opens for the streams known so
   far (it sets one thread itself): FFmpeg's allocator serves them, uncounted, so the cap lets one
   picture of the codec's deepest format and its tables fit the memory budget. A picture over it
   is not decoded there, and the stream keeps the size its container declares. */
static int crp_av_find_stream_info(crp_av_session *session) {
    const crp_av_functions *api = session->api;
    unsigned int count = session->format->nb_streams;
    AVDictionary **options = count > 0 ? calloc(count, sizeof *options) : NULL;
    if (count > 0 && !options) return AVERROR(ENOMEM);
    int error = 0;
    for (unsigned int index = 0; index < count && error >= 0; index++) {
        const AVCodecParameters *parameters = session->format->streams[index]->codecpar;
        if (parameters->codec_type == AVMEDIA_TYPE_VIDEO) {
            const crp_av_codec_cost *cost = crp_av_codec_cost_of(parameters->codec_id);
            if (!cost) cost = &crp_av_costliest;
            char cap[24];
            snprintf(cap, sizeof cap, "%" PRId64, crp_av_pixel_cap(session, cost, cost->deepest_pixel));
            error = api->av_dict_set(&options[index], "max_pixels", cap, 0);
        }
    }
    if (error >= 0) error = api->avformat_find_stream_info(session->format, options);
    for (unsigned int index = 0; index < count; index++) api->av_dict_free(&options[index]);
    free(options);
    return error;
}

static void crp_av_session_close(crp_av_session *session) {
    const crp_av_functions *api = session->api;
    api->av_packet_free(&session->packet);
    api->av_frame_free(&session->frame);
    api->av_frame_free(&session->last);
    api->avcodec_free_context(&session->codec);
    /* Neither frees the custom AVIOContext (AVFMT_FLAG_CUSTOM_IO). */
    if (session->format_opened) {
        api->avformat_close_input(&session->format);
    } else if (session->format) {
        api->avformat_free_context(session->format);
    }
    session->format = NULL;
    session->format_opened = 0;
    session->stream = NULL;
    if (session->io) {
        /* The buffer may have been replaced by libavformat; the one in use is the one to free. */
        api->av_free(session->io->buffer);
        session->io->buffer = NULL;
        api->avio_context_free(&session->io);
    }
}

/* Opens the container from the first byte, finds the video stream and opens its decoder. */
static crp_av_status crp_av_session_open(crp_av_session *session) {
    const crp_av_functions *api = session->api;
    char doing[160];
    session->position = 0;
    uint8_t *buffer = api->av_malloc(CRP_AV_IO_BUFFER_SIZE);
    if (!buffer) return crp_av_out_of_memory(session, "the input buffer");
    session->io = api->avio_alloc_context(buffer, CRP_AV_IO_BUFFER_SIZE, 0, session, crp_av_read, NULL, crp_av_seek);
    if (!session->io) {
        api->av_free(buffer);
        return crp_av_out_of_memory(session, "the input context");
    }
    session->packet = api->av_packet_alloc();
    session->frame = api->av_frame_alloc();
    session->last = api->av_frame_alloc();
    session->format = api->avformat_alloc_context();
    if (!session->packet || !session->frame || !session->last || !session->format) {
        return crp_av_out_of_memory(session, "the demuxer");
    }

    /* The format is found here, so that one outside the whitelist is named and never opened. */
    const AVInputFormat *demuxer = NULL;
    int error = api->av_probe_input_buffer2(session->io, &demuxer, "", NULL, 0, CRP_AV_PROBE_BYTES);
    if (error < 0 || !demuxer) {
        return crp_av_failed(session, error < 0 ? error : AVERROR_INVALIDDATA,
                             "not a movie: FFmpeg recognises no format in the bytes");
    }
    if (!crp_av_demuxer_allowed(demuxer->name)) {
        crp_av_say(session->message, session->message_capacity, "not a movie format read here: FFmpeg reads it as %s",
                   demuxer->long_name ? demuxer->long_name : demuxer->name);
        return CRP_AV_UNDECODABLE;
    }
    AVFormatContext *format = session->format;
    format->pb = session->io;
    format->flags |= AVFMT_FLAG_CUSTOM_IO;
    format->interrupt_callback.callback = crp_av_interrupted;
    format->interrupt_callback.opaque = session;
    format->io_open = crp_av_refuse_open;
    format->probesize = CRP_AV_PROBE_BYTES;
    format->max_analyze_duration = (int64_t)CRP_AV_ANALYZE_MS * 1000;
    format->format_whitelist = api->av_strdup(CRP_AV_DEMUXERS);
    format->codec_whitelist = api->av_strdup(crp_av_decoders);
    if (!format->format_whitelist || !format->codec_whitelist) return crp_av_out_of_memory(session, "the demuxer");
    /* Frees the context and clears the pointer on failure. */
    error = api->avformat_open_input(&session->format, "", demuxer, NULL);
    /* The demuxer's first name: "mov" of "mov,mp4,m4a,3gp,3g2,mj2". */
    snprintf(doing, sizeof doing, "FFmpeg could not read the %.*s container", (int)strcspn(demuxer->name, ","),
             demuxer->name);
    if (error < 0) return crp_av_failed(session, error, doing);
    session->format_opened = 1;

    /* A codec and a size the container declares are checked before a decoder is opened for the
       one or allocates a picture of the other. A codec it cannot name yet (AV_CODEC_ID_NONE) may be
       found by probing the packets: that is checked after the analysis. */
    AVStream *early = crp_av_video_stream(session->format);
    if (early && early->codecpar->codec_id != AV_CODEC_ID_NONE && !crp_av_decoder_name(early->codecpar->codec_id)) {
        return crp_av_refuse_codec(session, early->codecpar);
    }
    if (early && crp_av_exceeds(session, early->codecpar->width, early->codecpar->height)) {
        return crp_av_over_budget(session, early->codecpar->width, early->codecpar->height);
    }
    if (early) {
        session->cost = crp_av_codec_cost_of(early->codecpar->codec_id);
        crp_av_status status =
            crp_av_check_stream_memory(session, early->codecpar->width, early->codecpar->height, -1);
        if (status != CRP_AV_OK) return status;
    }
    error = crp_av_find_stream_info(session);
    /* Like ffmpeg's own tool, go on with the streams found when some could not be analysed. */
    if (error == AVERROR_EXIT || error == AVERROR(ENOMEM) || (error < 0 && session->format->nb_streams == 0)) {
        return crp_av_failed(session, error, doing);
    }
    if (session->format->nb_streams == 0) {
        crp_av_say(session->message, session->message_capacity, "%s: no streams in it", doing);
        return CRP_AV_UNDECODABLE;
    }
    session->stream = crp_av_video_stream(session->format);
    if (!session->stream) {
        crp_av_say(session->message, session->message_capacity, "the %.*s file has %u streams and none is video",
                   (int)strcspn(demuxer->name, ","), demuxer->name, session->format->nb_streams);
        return CRP_AV_NO_VIDEO_STREAM;
    }
    AVStream *stream = session->stream;
    const AVCodecParameters *parameters = stream->codecpar;
    session->info->stream_width = parameters->width > 0 ? (uint32_t)parameters->width : 0;
    session->info->stream_height = parameters->height > 0 ? (uint32_t)parameters->height : 0;
    session->info->duration = crp_av_duration(session->format, stream);
    session->info->rotation = crp_av_rotation(api, stream);
    /* The codec as the streams' analysis left it (an MPEG program stream names it only there). */
    const char *decoder_name = crp_av_decoder_name(parameters->codec_id);
    if (!decoder_name) return crp_av_refuse_codec(session, parameters);
    if (crp_av_exceeds(session, parameters->width, parameters->height)) {
        return crp_av_over_budget(session, parameters->width, parameters->height);
    }
    session->cost = crp_av_codec_cost_of(parameters->codec_id);
    crp_av_status fits = crp_av_check_stream_memory(session, parameters->width, parameters->height, parameters->format);
    if (fits != CRP_AV_OK) return fits;
    /* Only the video stream's packets are wanted. */
    for (unsigned int index = 0; index < session->format->nb_streams; index++) {
        if (session->format->streams[index] != stream) session->format->streams[index]->discard = AVDISCARD_ALL;
    }

    /* By name: FFmpeg's own decoder, the one codec_whitelist names, never a hardware wrapper. */
    const AVCodec *decoder = api->avcodec_find_decoder_by_name(decoder_name);
    if (!decoder) {
        crp_av_say(session->message, session->message_capacity, "FFmpeg has no decoder for %s video",
                   api->avcodec_get_name(parameters->codec_id));
        return CRP_AV_UNDECODABLE;
    }
    snprintf(doing, sizeof doing, "FFmpeg could not start the %s decoder", decoder->name);
    session->codec = api->avcodec_alloc_context3(decoder);
    if (!session->codec) return crp_av_out_of_memory(session, "the decoder");
    error = api->avcodec_parameters_to_context(session->codec, parameters);
    if (error < 0) return crp_av_failed(session, error, doing);
    /* One thread: the same frames every run and a bounded amount of memory (FFmpeg's slice threads
       keep tables each: three threads took an 8192x8192 H.264 decode from 161 to 214 MiB). */
    session->codec->thread_count = 1;
    session->codec->pkt_timebase = stream->time_base;
    session->decoder_pixel = crp_av_pixel_sixteenths(session, parameters->format);
    session->codec->max_pixels = crp_av_pixel_cap(session, session->cost, session->decoder_pixel);
    session->codec->opaque = session;
    session->codec->get_buffer2 = crp_av_get_buffer;
    error = api->avcodec_open2(session->codec, decoder, NULL);
    if (error < 0) return crp_av_failed(session, error, doing);
    return CRP_AV_OK;
}

/* Reads and decodes from where the demuxer is until a frame to show is in session->frame (CRP_AV_OK):
   the first one when `any`, else the first whose timestamp is at or after `target`. The end of the
   stream (or of the packets allowed) is CRP_AV_SEEK_PAST_END, with `*decoded` frames seen before. */
static crp_av_status crp_av_decode_packets(crp_av_session *session, int any, int64_t target, int *decoded) {
    const crp_av_functions *api = session->api;
    int read = 0;
    int draining = 0;
    *decoded = 0;
    session->sent = 0;
    for (;;) {
        if (crp_av_expired(session)) return crp_av_timed_out(session);
        if (!draining) {
            if (read >= CRP_AV_MAX_PACKETS_READ || session->sent >= CRP_AV_MAX_PACKETS_DECODED) {
                session->capped = 1;
                draining = 1;
            } else {
                int error = api->av_read_frame(session->format, session->packet);
                read++;
                if (error == AVERROR_EXIT || error == AVERROR(ENOMEM)) {
                    return crp_av_failed(session, error, "reading the video stream");
                }
                if (error < 0) {
                    if (error != AVERROR_EOF) session->last_error = error;
                    draining = 1;
                } else if (session->packet->stream_index != session->stream->index) {
                    api->av_packet_unref(session->packet);
                    continue;
                } else {
                    error = api->avcodec_send_packet(session->codec, session->packet);
                    api->av_packet_unref(session->packet);
                    session->sent++;
                    if (session->over_memory) return CRP_AV_OVER_MEMORY_BUDGET;
                    if (session->refused_width) return crp_av_refused_picture(session);
                    if (error == AVERROR(ENOMEM)) return crp_av_failed(session, error, "decoding the video");
                    /* A damaged packet: go on with the next, as players do. */
                    if (error < 0 && error != AVERROR(EAGAIN)) session->last_error = error;
                }
            }
            /* No more input: the decoder gives the frames it holds back, then AVERROR_EOF. */
            if (draining) {
                int error = api->avcodec_send_packet(session->codec, NULL);
                if (session->over_memory) return CRP_AV_OVER_MEMORY_BUDGET;
                if (session->refused_width) return crp_av_refused_picture(session);
                if (error == AVERROR(ENOMEM)) return crp_av_failed(session, error, "decoding the video");
            }
        }
        for (;;) {
            int error = api->avcodec_receive_frame(session->codec, session->frame);
            if (session->over_memory) return CRP_AV_OVER_MEMORY_BUDGET;
            if (session->refused_width) return crp_av_refused_picture(session);
            if (error == AVERROR(EAGAIN) && !draining) break;
            if (error == AVERROR(ENOMEM)) return crp_av_failed(session, error, "decoding the video");
            if (error < 0) {
                if (error != AVERROR_EOF && error != AVERROR(EAGAIN)) session->last_error = error;
                if (draining) return CRP_AV_SEEK_PAST_END;
                break;
            }
            (*decoded)++;
            AVFrame *frame = session->frame;
            if (frame->width <= 0 || frame->height <= 0) {
                api->av_frame_unref(frame);
                continue;
            }
            if (crp_av_exceeds(session, frame->width, frame->height)) {
                return crp_av_over_budget(session, frame->width, frame->height);
            }
            int64_t time = frame->best_effort_timestamp;
            if (any || (time != AV_NOPTS_VALUE && time >= target)) return CRP_AV_OK;
            api->av_frame_unref(session->last);
            api->av_frame_move_ref(session->last, frame);
            if (crp_av_expired(session)) return crp_av_timed_out(session);
        }
    }
}

/* crp_av_decode_packets, with the decoder's refusals noted for this decode (crp_av_log). */
static crp_av_status crp_av_decode(crp_av_session *session, int any, int64_t target, int *decoded) {
    crp_av_decoding = session;
    crp_av_status status = crp_av_decode_packets(session, any, target, decoded);
    crp_av_decoding = NULL;
    return status;
}

/* Closes everything and opens the container again from its first byte. */
static crp_av_status crp_av_session_reopen(crp_av_session *session) {
    crp_av_session_close(session);
    return crp_av_session_open(session);
}

/* Seeks and decodes to the frame for `seconds` after the stream's start, leaving it in session->frame. */
static crp_av_status crp_av_find_frame(crp_av_session *session, double seconds) {
    const crp_av_functions *api = session->api;
    AVRational base = session->stream->time_base;
    if (base.num <= 0 || base.den <= 0) {
        crp_av_say(session->message, session->message_capacity, "the video stream has no time base");
        return CRP_AV_UNDECODABLE;
    }
    int64_t start = session->stream->start_time;
    if (start == AV_NOPTS_VALUE || start > INT64_MAX / 4 || start < -(INT64_MAX / 4)) start = 0;
    double duration = session->info->duration;
    crp_av_status status = CRP_AV_SEEK_PAST_END;
    int decoded = 0;
    if (seconds == 0) {
        status = crp_av_decode(session, 1, start, &decoded);
    } else {
        double ticks = seconds * base.den / base.num;
        if ((duration >= 0 && seconds >= duration) || !(ticks < (double)(INT64_MAX / 4))) {
            if (duration >= 0) {
                crp_av_say(session->message, session->message_capacity,
                           "%g s is past the end of the video, which lasts %g s", seconds, duration);
            } else {
                crp_av_say(session->message, session->message_capacity, "%g s is past the end of the video", seconds);
            }
            return CRP_AV_SEEK_PAST_END;
        }
        /* Rounded up (a millionth of a tick aside), so that the frame found is never before the time
           asked for when the time base's ticks do not divide it. */
        int64_t target = start + (int64_t)ceil(ticks - 1e-6);
        /* To the key frame at or before the time; the frames from it to the time are decoded. */
        int error = api->av_seek_frame(session->format, session->stream->index, target, AVSEEK_FLAG_BACKWARD);
        if (error == AVERROR_EXIT || crp_av_expired(session)) return crp_av_timed_out(session);
        if (error >= 0) {
            api->avcodec_flush_buffers(session->codec);
            status = crp_av_decode(session, 0, target, &decoded);
        }
        if (error < 0 || (status == CRP_AV_SEEK_PAST_END && decoded == 0)) {
            /* After a failed seek the demuxer may be anywhere, and after one that leaves it where no
               frame decodes it is no better off: decode from the first byte instead. */
            status = crp_av_session_reopen(session);
            if (status == CRP_AV_OK) status = crp_av_decode(session, 0, target, &decoded);
        }
        if (status == CRP_AV_SEEK_PAST_END && decoded > 0) {
            /* The stream ended before a frame at or after the time: its last frame is the one on
               screen then, if the time is within the duration. */
            if (duration > seconds && session->last->width > 0) {
                api->av_frame_unref(session->frame);
                api->av_frame_move_ref(session->frame, session->last);
                return CRP_AV_OK;
            }
            crp_av_say(session->message, session->message_capacity, "no frame at or after %g s: the video ends before",
                       seconds);
            return CRP_AV_SEEK_PAST_END;
        }
    }
    if (status != CRP_AV_SEEK_PAST_END) return status;
    const char *codec = api->avcodec_get_name(session->stream->codecpar->codec_id);
    if (session->sent == 0) {
        crp_av_say(session->message, session->message_capacity,
                   "the file holds no packet of its %s video (is it cut short?)", codec);
        return CRP_AV_UNDECODABLE;
    }
    char text[128] = "";
    if (session->last_error < 0) {
        text[0] = ':';
        text[1] = ' ';
        api->av_strerror(session->last_error, text + 2, sizeof text - 2);
    }
    crp_av_say(session->message, session->message_capacity, "no picture of the %s video decodes from the %d %s%s%s",
               codec, session->sent, session->sent == 1 ? "packet" : "packets",
               session->capped ? " read before the limit" : " in the file", text);
    return CRP_AV_UNDECODABLE;
}

/* The frame's colour matrix and range for the conversion: libswscale assumes BT.601 limited range
   (full range for the deprecated yuvj formats) unless told; an RGB source has no matrix to set. */
static void crp_av_set_colors(const crp_av_functions *api, struct SwsContext *scaler, const AVFrame *frame) {
    int *inverse_table;
    int *table;
    int source_range;
    int target_range;
    int brightness;
    int contrast;
    int saturation;
    if (api->sws_getColorspaceDetails(scaler, &inverse_table, &source_range, &table, &target_range, &brightness,
                                      &contrast, &saturation) < 0) {
        return;
    }
    if (frame->color_range == AVCOL_RANGE_JPEG) source_range = 1;
    api->sws_setColorspaceDetails(scaler, api->sws_getCoefficients(frame->colorspace), source_range, table, 1,
                                  brightness, contrast, saturation);
}

/* Converts session->frame to RGBA fitted into the box (crp_av_output_size) into a new poster. The
   decoder is closed first, so that only the frame's own planes are held while it is converted;
   the frame's size is checked against the memory budget again, as decoded (a stream may declare
   one size and decode another). */
static crp_av_status crp_av_convert(crp_av_session *session, crp_av_poster **poster) {
    const crp_av_functions *api = session->api;
    AVFrame *frame = session->frame;
    api->avcodec_free_context(&session->codec);
    api->av_frame_unref(session->last);
    if (crp_av_expired(session)) {
        crp_av_say(session->message, session->message_capacity, "the deadline passed before the frame was converted");
        return CRP_AV_TIMED_OUT;
    }
    uint32_t width;
    uint32_t height;
    crp_av_output_size(session, frame->width, frame->height, &width, &height);
    uint64_t planes = session->picture_bytes > 0 ? session->picture_bytes
                                                 : crp_av_planes(session, frame->format, frame->width, frame->height);
    uint64_t needed = crp_av_add(planes, crp_av_output_bytes(session, frame->width, frame->height));
    if (needed > session->limits.memory_budget) {
        return crp_av_over_memory(session, frame->width, frame->height, 1, needed);
    }
    size_t stride = crp_av_row_stride(width);
    if (stride > INT_MAX || (size_t)height + 1 > SIZE_MAX / stride) return crp_av_out_of_memory(session, "the RGBA rows");
    /* Lanczos when the frame is scaled down: libswscale widens it by the reduction, and the picture
       is drawn from this one. A frame kept at its size is converted as before any box was given. */
    int scaled = width != (uint32_t)frame->width || height != (uint32_t)frame->height;
    int flags = (scaled ? SWS_LANCZOS : SWS_BILINEAR) | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT;
    struct SwsContext *scaler = api->sws_getContext(frame->width, frame->height, frame->format, (int)width,
                                                    (int)height, AV_PIX_FMT_RGBA, flags, NULL, NULL, NULL);
    if (!scaler) {
        const char *name = api->av_get_pix_fmt_name(frame->format);
        crp_av_say(session->message, session->message_capacity, "libswscale cannot convert %s pictures of %dx%d",
                   name ? name : "unknown", frame->width, frame->height);
        return CRP_AV_UNDECODABLE;
    }
    crp_av_set_colors(api, scaler, frame);
    uint8_t *rows = api->av_malloc(stride * (height + 1));
    if (!rows) {
        api->sws_freeContext(scaler);
        return crp_av_out_of_memory(session, "the RGBA rows");
    }
    uint8_t *planes_out[4] = {rows, NULL, NULL, NULL};
    int strides[4] = {(int)stride, 0, 0, 0};
    int converted = api->sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
                                   planes_out, strides);
    api->sws_freeContext(scaler);
    if (converted != (int)height) {
        api->av_free(rows);
        crp_av_say(session->message, session->message_capacity, "libswscale converted %d of %" PRIu32 " rows",
                   converted, height);
        return CRP_AV_UNDECODABLE;
    }
    for (size_t y = 0; y < height; y++) {
        uint8_t *row = rows + y * stride;
        for (size_t x = 3; x < (size_t)width * 4; x += 4) row[x] = 255;
    }
    crp_av_poster *handle = calloc(1, sizeof *handle);
    if (!handle) {
        api->av_free(rows);
        return crp_av_out_of_memory(session, "the frame");
    }
    *handle = (crp_av_poster){.api = api, .rows = rows, .stride = stride, .width = width, .height = height};
    *poster = handle;
    session->info->width = width;
    session->info->height = height;
    return CRP_AV_OK;
}

crp_av_status crp_av_poster_decode(const uint8_t *data, size_t length, double seconds, const crp_av_limits *limits,
                                   uint32_t deadline_ms, crp_av_poster **poster, crp_av_poster_info *info,
                                   char *message, size_t message_capacity) {
    if (!poster || !info || !limits) {
        crp_av_say(message, message_capacity, "no poster, info or limits given");
        return CRP_AV_MISUSE;
    }
    *poster = NULL;
    memset(info, 0, sizeof *info);
    info->duration = -1;
    info->time = -1;
    if ((!data && length > 0) || (uint64_t)length > (uint64_t)INT64_MAX) {
        crp_av_say(message, message_capacity, "no bytes given");
        return CRP_AV_MISUSE;
    }
    if (!isfinite(seconds) || seconds < 0) {
        crp_av_say(message, message_capacity, "the time must be a finite number of seconds, 0 or more");
        return CRP_AV_MISUSE;
    }
    if (limits->pixel_budget == 0 || limits->memory_budget == 0) {
        crp_av_say(message, message_capacity, "the pixel and memory budgets must be at least 1");
        return CRP_AV_MISUSE;
    }
    crp_av_library_report report;
    const crp_av_functions *api = crp_av_functions_load(&report);
    if (!api) {
        crp_av_say(message, message_capacity, "%s could not be loaded (Debian package %s): %s", report.library,
                   report.package, report.reason);
        return CRP_AV_LIBRARY_UNAVAILABLE;
    }
    if (length == 0) {
        crp_av_say(message, message_capacity, "an empty file: no movie in it");
        return CRP_AV_UNDECODABLE;
    }
    if (deadline_ms == 0) deadline_ms = CRP_AV_DEFAULT_DEADLINE_MS;
    crp_av_session session = {
        .api = api,
        .data = data,
        .length = (int64_t)length,
        .deadline = crp_av_now() + (int64_t)deadline_ms * 1000000,
        .deadline_ms = deadline_ms,
        .limits = *limits,
        .info = info,
        .message = message,
        .message_capacity = message_capacity,
    };
    crp_av_status status = crp_av_session_open(&session);
    if (status == CRP_AV_OK) status = crp_av_find_frame(&session, seconds);
    if (status == CRP_AV_OK && !api->sws_isSupportedInput(session.frame->format)) {
        const char *name = api->av_get_pix_fmt_name(session.frame->format);
        crp_av_say(message, message_capacity, "libswscale cannot convert %s pictures", name ? name : "unknown");
        status = CRP_AV_UNDECODABLE;
    }
    if (status == CRP_AV_OK) {
        AVFrame *frame = session.frame;
        info->frame_width = (uint32_t)frame->width;
        info->frame_height = (uint32_t)frame->height;
        int64_t start = session.stream->start_time != AV_NOPTS_VALUE ? session.stream->start_time : 0;
        if (frame->best_effort_timestamp != AV_NOPTS_VALUE) {
            info->time = (double)(frame->best_effort_timestamp - start) * av_q2d(session.stream->time_base);
        }
        status = crp_av_convert(&session, poster);
        if (status == CRP_AV_OK) crp_av_say(message, message_capacity, "no error");
    }
    crp_av_session_close(&session);
    return status;
}

crp_av_status crp_av_poster_copy_rgba(const crp_av_poster *poster, uint8_t *pixels, size_t capacity, char *message,
                                      size_t message_capacity) {
    if (!poster || !pixels) {
        crp_av_say(message, message_capacity, "no poster or no buffer");
        return CRP_AV_MISUSE;
    }
    size_t row = (size_t)poster->width * 4;
    if (capacity / row < poster->height) {
        crp_av_say(message, message_capacity, "a buffer of %zu bytes for %" PRIu32 "x%" PRIu32 " pixels", capacity,
                   poster->width, poster->height);
        return CRP_AV_MISUSE;
    }
    for (size_t y = 0; y < poster->height; y++) memcpy(pixels + y * row, poster->rows + y * poster->stride, row);
    crp_av_say(message, message_capacity, "no error");
    return CRP_AV_OK;
}

void crp_av_poster_destroy(crp_av_poster *poster) {
    if (!poster) return;
    poster->api->av_free(poster->rows);
    free(poster);
}

#endif /* CRP_AV_BUILT */
