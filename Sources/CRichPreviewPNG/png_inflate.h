/* The zlib stream of a PNG's image data, inflated by ISA-L's igzip (libisal2, loaded with dlopen on
   first use: about three times zlib's speed on photos) or, when it cannot be loaded, by zlib. The
   two-byte zlib header is checked here; the Adler-32 trailer is never read, as libpng's path
   ignores it (PNG_IGNORE_ADLER32): every byte is already covered by a chunk's CRC. */
#ifndef CRP_PNG_INFLATE_H
#define CRP_PNG_INFLATE_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

typedef enum { CRP_INFLATE_MORE = 0, CRP_INFLATE_END = 1, CRP_INFLATE_ERROR = -1 } crp_inflate_result;

typedef struct {
    void *isal;            /* ISA-L's inflate_state, or NULL when zlib inflates */
    z_stream zlib;
    int zlib_ready;
    uint8_t header[2];     /* the zlib header's bytes seen so far */
    int header_bytes;
    char message[128];
} crp_png_inflater;

/* Starts a stream; 0, or -1 with `message` set (out of memory). `allow_isal` 0 keeps to zlib. */
int crp_png_inflater_start(crp_png_inflater *inflater, int allow_isal);

/* Inflates from `*in` (`*in_left` bytes) into `*out` (`*out_left` bytes), advancing both: MORE
   when it stopped for want of input or room, END at the end of the stream, ERROR with `message`. */
crp_inflate_result crp_png_inflater_run(crp_png_inflater *inflater, const uint8_t **in, size_t *in_left,
                                        uint8_t **out, size_t *out_left);

void crp_png_inflater_end(crp_png_inflater *inflater);


#endif
