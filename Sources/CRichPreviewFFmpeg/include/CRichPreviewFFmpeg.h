#ifndef CRICHPREVIEWFFMPEG_H
#define CRICHPREVIEWFFMPEG_H

#include <stddef.h>
#include <stdint.h>

#include <CRichPreviewLoader.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every call: 0 is success; any other value leaves a message in the caller's buffer.
typedef enum {
    CRP_AV_OK = 0,
    CRP_AV_LIBRARY_UNAVAILABLE = 1,  /* an FFmpeg library is not installed or lacks a function */
    CRP_AV_NO_VIDEO_STREAM = 2,      /* a movie container without a video stream (audio only) */
    CRP_AV_UNDECODABLE = 3,          /* not a movie format or video codec read here, damaged, or no picture decodes */
    CRP_AV_OVER_PIXEL_BUDGET = 4,    /* the stream or its frame has more pixels than allowed */
    CRP_AV_SEEK_PAST_END = 5,        /* the time is past the stream's end, or no frame is at or after it */
    CRP_AV_TIMED_OUT = 6,            /* the deadline passed */
    CRP_AV_OUT_OF_MEMORY = 7,
    CRP_AV_MISUSE = 8,               /* a bad argument or a call out of order */
    CRP_AV_OVER_MEMORY_BUDGET = 9    /* the decoder's pictures and tables and the converted copies would need more
                                        bytes than allowed */
} crp_av_status;

/// The shim's limits.
enum {
    CRP_AV_DEFAULT_DEADLINE_MS = 2000,  /* the deadline when 0 is given */
    CRP_AV_MAX_PACKETS_READ = 16384,    /* packets of every stream read in one decode */
    CRP_AV_MAX_PACKETS_DECODED = 4096,  /* packets of the video stream given to its decoder */
    CRP_AV_PROBE_BYTES = 1048576,       /* bytes read to find the format and the streams (probesize) */
    CRP_AV_ANALYZE_MS = 1000            /* stream time read to find the streams (analyzeduration) */
};

/// What a decode may use. Memory is counted as it is committed: every picture the decoder
/// allocates (its planes, and the side tables it keeps per picture and per stream size, at
/// per-codec rates measured on FFmpeg 5.1) and the converted picture twice (the shim's copy and the
/// caller's). A picture that would take the count over `memory_budget` is refused before it is
/// allocated, and a stream whose declared size could not be decoded within it is refused before
/// its decoder is opened.
typedef struct {
    uint64_t pixel_budget;   /* width × height of the stream and of every picture, at least 1 */
    uint64_t memory_budget;  /* bytes, at least 1 */
    uint32_t box_width;      /* the frame as shown (after the rotation) is scaled down to fit this box, its */
    uint32_t box_height;     /* aspect kept, never up; 0 and 0: converted at its own size */
} crp_av_limits;

/// What is known about the stream and the frame; filled as far as it got on failure too
/// (the sizes for CRP_AV_OVER_PIXEL_BUDGET and CRP_AV_OVER_MEMORY_BUDGET, the duration for
/// CRP_AV_SEEK_PAST_END).
typedef struct {
    uint32_t width;          /* the converted picture, as stored: what crp_av_poster_copy_rgba writes */
    uint32_t height;
    uint32_t frame_width;    /* the decoded frame as stored; for a refusal, the size refused */
    uint32_t frame_height;
    uint32_t stream_width;   /* the stream's stored size as its codec parameters give it (0 if unknown) */
    uint32_t stream_height;
    int32_t rotation;        /* clockwise degrees to turn the picture to show it upright, 0-359 */
    double time;             /* the frame's presentation time in seconds from the stream's start; negative when
                                unknown */
    double duration;         /* the stream's duration in seconds as the container declares it; negative when
                                FFmpeg can only estimate it (MPEG program and video elementary streams) */
    uint64_t memory_needed;  /* for CRP_AV_OVER_MEMORY_BUDGET: the bytes counted with the picture refused */
    uint32_t pictures;       /* for CRP_AV_OVER_MEMORY_BUDGET: the decoder's pictures counted, the refused one
                                included */
} crp_av_poster_info;

/// Why an FFmpeg library (libavformat.so.59, Debian package libavformat59, for FFmpeg 5.1) could not
/// be loaded: dlerror's message, or the function the library lacks.
typedef crp_library_report crp_av_library_report;

typedef struct crp_av_poster crp_av_poster;

/// Loads libavutil, libswscale, libavcodec and libavformat (the sonames of the major versions the
/// shim was compiled against, libavformat.so.59 for FFmpeg 5.1) with dlopen and resolves the
/// functions the shim calls, once per process, whichever thread asks first; every later call
/// returns the first outcome. crp_av_poster_decode calls it itself; call it to learn why loading
/// failed. On failure returns CRP_AV_LIBRARY_UNAVAILABLE and fills `report` (may be NULL). FFmpeg's
/// own log output is switched off.
///
/// The environment variables RICHPREVIEW_AVUTIL_LIBRARY, RICHPREVIEW_SWSCALE_LIBRARY,
/// RICHPREVIEW_AVCODEC_LIBRARY and RICHPREVIEW_AVFORMAT_LIBRARY, when set (and the process is not
/// setuid), replace the file names; they exist to test the failure path. A library other than the
/// one the others link against must not be named.
crp_av_status crp_av_libraries_load(crp_av_library_report *report);

/// Decodes one frame of the first video stream (attached cover pictures aside) of the movie in
/// `data` (`length` bytes; read from memory only: no file, URL or protocol is ever opened; only the
/// QuickTime/MP4, MPEG program stream, MPEG video and AVI demuxers are used): with `seconds` 0 the
/// first frame, else the first frame whose presentation time is at or after `seconds` after the
/// stream's start (the last frame when the stream ends before one, if `seconds` is within its
/// declared duration; CRP_AV_SEEK_PAST_END when it is at or past it). One decoder thread; at most
/// CRP_AV_MAX_PACKETS_READ packets read and CRP_AV_MAX_PACKETS_DECODED decoded. Only the video
/// codecs iOS plays are decoded (H.264, HEVC, MPEG-4 Part 2, MPEG-1 and MPEG-2 video, Motion JPEG,
/// ProRes): any other is CRP_AV_UNDECODABLE, with a message naming it, before a decoder is opened.
///
/// `limits` caps the pixels and the memory (see crp_av_limits); the stream's declared size is
/// checked before a decoder is opened for it, and the decoded frame's again before it is
/// converted. The frame is converted with libswscale (whatever its pixel format, with its colour
/// matrix and range) to RGBA fitted into the box, and the decoder closed, before this returns.
/// `deadline_ms` (0: CRP_AV_DEFAULT_DEADLINE_MS) bounds the call on the monotonic clock from when
/// the libraries are loaded, checked by FFmpeg's interrupt callback, by every read, between
/// packets and before the conversion.
///
/// On success `*poster` holds the picture for crp_av_poster_copy_rgba; free it with
/// crp_av_poster_destroy. On failure `*poster` is NULL, `message` says why and `info` holds what
/// was learnt.
crp_av_status crp_av_poster_decode(const uint8_t *data, size_t length, double seconds, const crp_av_limits *limits,
                                   uint32_t deadline_ms, crp_av_poster **poster, crp_av_poster_info *info,
                                   char *message, size_t message_capacity);

/// Copies the converted picture: `info.width * info.height` RGBA pixels, 8 bits a sample, alpha
/// 255, rows top to bottom without padding, as stored (the rotation is the caller's). `capacity`
/// must be at least `width * height * 4`.
crp_av_status crp_av_poster_copy_rgba(const crp_av_poster *poster, uint8_t *pixels, size_t capacity, char *message,
                                      size_t message_capacity);

void crp_av_poster_destroy(crp_av_poster *poster);

/// FFmpeg's decoder for the still pictures of one HEIF image (an iPhone photo's tiles, an AVIF's
/// picture), all coded with one decoder configuration.
typedef struct crp_av_picture_decoder crp_av_picture_decoder;

/// The codec of a HEIF image's pictures.
typedef enum {
    CRP_AV_PICTURES_HEVC = 1,  /* FFmpeg's own HEVC decoder; the configuration is the hvcC box's body */
    CRP_AV_PICTURES_AV1 = 2    /* dav1d through FFmpeg (libdav1d); the configuration is the av1C box's body */
} crp_av_picture_codec;

/// Loads libavutil, libswscale and libavcodec if they are not yet loaded (never libavformat) and
/// opens the decoder of `codec` with `config` (ISO/IEC 14496-15's hvcC, or the AV1 binding's av1C)
/// as its configuration, on the calling thread alone; a picture of more than `max_pixels` is
/// refused before the decoder sizes its tables. Close it with crp_av_picture_decoder_close.
crp_av_status crp_av_pictures_open(crp_av_picture_codec codec, const uint8_t *config, size_t config_length,
                                   uint64_t max_pixels, crp_av_picture_decoder **decoder, char *message,
                                   size_t message_capacity);

/// Decodes one coded picture (`sample`: HEVC NAL units with the length prefixes the hvcC sets, or
/// AV1 OBUs) and
/// converts its top left `width` x `height` to 8-bit RGBA at `out`, rows `stride` bytes apart, alpha
/// 255: YCbCr with the nclx `matrix` (H.273 matrix_coefficients; BT.601 for unspecified) and range
/// (`full_range` 1 or 0); -1 for either takes the stream's own (HEVC's VUI, AV1's colour
/// configuration; BT.601 and full range where it says nothing), as libheif does without an nclx
/// box. Chroma comes from the nearest sample, rounded exactly. The picture must decode as 8-bit
/// 4:2:0 of at least that size, with a matrix libswscale converts (not identity, YCgCo, a
/// chromaticity-derived one or ICtCp); CRP_AV_UNDECODABLE otherwise, or for damage.
crp_av_status crp_av_picture_decode_rgba(crp_av_picture_decoder *decoder, const uint8_t *sample, size_t length,
                                         uint32_t width, uint32_t height, int matrix, int full_range, uint8_t *out,
                                         size_t stride, char *message, size_t message_capacity);

/// Closes the decoder (NULL is allowed).
void crp_av_picture_decoder_close(crp_av_picture_decoder *decoder);

#ifdef __cplusplus
}
#endif

#endif
