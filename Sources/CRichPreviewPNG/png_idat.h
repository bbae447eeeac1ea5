/* The image data of an 8-bit, non-interlaced PNG read here rather than through libpng: the IDAT
   chunks walked in the file's bytes (each chunk's CRC checked as libpng checks it), inflated as a
   stream a row at a time (png_inflate.h: ISA-L, or zlib without it), and each row unfiltered with
   SSE2 where the pixel is 3 or 4 bytes.
   libpng has read everything before the first IDAT and reads nothing after; png_shim.c decides
   when this reader is used. Debian's libpng unfilters Paeth rows a byte at a time, which was 38 %
   of a 12 MP photo's decode (Benchmarks/README.md, "PNG decoding"). */
#ifndef CRP_PNG_IDAT_H
#define CRP_PNG_IDAT_H

#include "png_inflate.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const uint8_t *data;  /* the whole file */
    size_t size;
    size_t next_chunk;    /* where the chunk after the current IDAT starts */
    const uint8_t *input; /* what is left of the current IDAT's data */
    size_t input_left;
    crp_png_inflater inflater;
    int inflater_ready;
    int stream_ended;
    size_t rowbytes;      /* bytes of one unfiltered row */
    unsigned bpp;         /* bytes per whole pixel, at least 1 */
    uint8_t *buffers;     /* the three rows below, with slack for 4-byte loads and stores */
    uint8_t *filtered;    /* the filter byte, then the row as stored */
    uint8_t *previous;    /* the row above, unfiltered (zeros above the first) */
    uint8_t *current;     /* the row just unfiltered */
    char message[160];
} crp_png_idat;

/* Starts reading at `offset`, the first byte of the first IDAT's data (its length and type just
   before it); `allow_isal` 0 inflates with zlib. Returns 0, or -1 with `message` set (not an IDAT
   there, out of memory). */
int crp_png_idat_start(crp_png_idat *reader, const uint8_t *data, size_t size, size_t offset, size_t rowbytes,
                       unsigned bpp, int allow_isal);

/* The next row, unfiltered (`rowbytes` bytes, valid until the next call); NULL with `message` set
   when the data is damaged or ends early. */
const uint8_t *crp_png_idat_next_row(crp_png_idat *reader);

/* After the last row: checks the CRC of what is left of the IDAT chunks and of every chunk up to
   IEND, as png_read_end does. Returns 0, or -1 with `message` set. */
int crp_png_idat_finish(crp_png_idat *reader);

void crp_png_idat_free(crp_png_idat *reader);

#endif
